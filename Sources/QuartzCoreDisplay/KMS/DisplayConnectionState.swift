/// Where an output stands with its display (wlroots' connector states, reduced to what a kiosk
/// needs): waiting for a display to be connected, setting the mode of one that was, showing
/// frames on it, or paused while the seat is away. Pure: the output feeds it what happened and
/// asks it what to do, so tests drive it with plain event sequences.
enum DisplayConnectionState: Equatable {
    /// No display is connected (or none could be lit yet): connectors are probed until one is.
    case waiting
    /// A display was found; its first frame sets the mode.
    case settingMode(connectorID: UInt32)
    /// The mode is set and frames are flipped on the display.
    case running(connectorID: UInt32)
    /// The seat is away (VT switch): nothing is probed, rendered or submitted. `resumes` is the
    /// state the output goes back to when the seat returns (before the modeset that return needs).
    indirect case paused(resumes: DisplayConnectionState)

    /// What happened to the output.
    enum Event: Equatable {
        /// A connected display was chosen and its surface made.
        case displayAttached(connectorID: UInt32)
        /// A frame set the mode: it is on screen.
        case modeSet
        /// The display went away: unplugged, or released after a failure (a lost GPU context).
        case displayDetached
        /// The connector's link went bad (unplugged and plugged back between two probes): the mode is set again.
        case linkBroken
        /// The seat was disabled (VT switch away, another session took the seat).
        case seatDisabled
        /// The seat was enabled again.
        case seatEnabled
    }

    /// The state after `event`. Events that make no sense in a state (a modeset while waiting)
    /// leave it as it is.
    func after(_ event: Event) -> DisplayConnectionState {
        switch (self, event) {
        case (.paused(let resumes), .seatEnabled):
            // The seat's return needs a modeset: another session may have set its own.
            if case .running(let id) = resumes { return .settingMode(connectorID: id) }
            return resumes
        case (.paused, .seatDisabled):
            return self
        case (.paused(let resumes), _):
            // An unplug seen while away is remembered; nothing else can happen without the seat.
            return .paused(resumes: event == .displayDetached ? .waiting : resumes)
        case (_, .seatDisabled):
            return .paused(resumes: self)
        case (_, .seatEnabled):
            return self
        case (.waiting, .displayAttached(let id)):
            return .settingMode(connectorID: id)
        case (.settingMode(let id), .modeSet):
            return .running(connectorID: id)
        case (.running(let id), .linkBroken):
            return .settingMode(connectorID: id)
        case (.settingMode, .displayDetached), (.running, .displayDetached):
            return .waiting
        default:
            return self
        }
    }

    /// Whether connectors should be probed for a display to light.
    var isWaitingForDisplay: Bool { self == .waiting }

    /// Whether the seat is away.
    var isPaused: Bool {
        if case .paused = self { return true }
        return false
    }

    /// The connector being driven, or nil while waiting.
    var connectorID: UInt32? {
        switch self {
        case .waiting: return nil
        case .settingMode(let id), .running(let id): return id
        case .paused(let resumes): return resumes.connectorID
        }
    }
}
