import CSeat
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Opens devices (the DRM card, input event nodes) through libseat where a seat manager runs
/// (seatd or logind: no root needed), otherwise directly. Tells its owner when the seat is
/// disabled (VT switch away) and enabled again. Confined to the thread that created it.
final class SeatSession {
    /// Why a device could not be opened.
    enum OpenError: Error, CustomStringConvertible {
        case device(String, errno: Int32, direct: Bool)

        var description: String {
            switch self {
            case .device(let path, let code, let direct):
                let reason = String(cString: strerror(code))
                guard direct else { return "libseat could not open \(path): \(reason)" }
                var text = "cannot open \(path): \(reason)"
                if code == EACCES || code == EPERM {
                    text += ". No seat manager (seatd or systemd-logind) is running, so devices are opened directly:"
                        + " add the user to the 'video' and 'render' groups (and 'input' for keyboards and touch),"
                        + " or start seatd, or run as root."
                }
                return text
            }
        }
    }

    /// Whether devices come from a seat manager.
    var usesSeatManager: Bool { seat != nil }
    /// Whether the seat is usable (false between a disable and the next enable).
    private(set) var isActive = true
    /// The seat's name (`seat0`).
    var name: String { seat.flatMap { libseat_seat_name($0) }.map { String(cString: $0) } ?? "seat0 (direct)" }
    /// Called when the seat becomes active again after a disable.
    var onEnable: (() -> Void)?
    /// Called when the seat is being disabled; the device fds stop working after it returns.
    var onDisable: (() -> Void)?

    private var seat: OpaquePointer?
    private var deviceIDs: [Int32: Int32] = [:] // fd → libseat device id
    /// The listener libseat keeps a pointer to while the seat is open.
    private let listener = UnsafeMutablePointer<libseat_seat_listener>.allocate(capacity: 1)
    private static let callbacks = libseat_seat_listener(enable_seat: { _, userData in
        guard let userData else { return }
        Unmanaged<SeatSession>.fromOpaque(userData).takeUnretainedValue().seatEnabled()
    }, disable_seat: { _, userData in
        guard let userData else { return }
        Unmanaged<SeatSession>.fromOpaque(userData).takeUnretainedValue().seatDisabled()
    })

    /// Opens the seat through libseat, or falls back to direct device access (printing why)
    /// when no seat manager answers or `QC_SEAT=direct` is set.
    init(log: (String) -> Void) {
        listener.initialize(to: Self.callbacks)
        libseat_set_log_level(LIBSEAT_LOG_LEVEL_SILENT)
        guard ProcessInfo.processInfo.environment["QC_SEAT"] != "direct" else {
            log("seat: direct device access (QC_SEAT=direct)")
            return
        }
        seat = libseat_open_seat(listener, Unmanaged.passUnretained(self).toOpaque())
        if seat == nil {
            log("seat: no seat manager (seatd/logind); opening devices directly, which needs root or the 'video', 'render' and 'input' groups")
        } else {
            // The enable event arrives on the first dispatch.
            _ = libseat_dispatch(seat, 0)
            log("seat: \(name) through libseat")
        }
    }

    deinit {
        for (fd, id) in deviceIDs {
            if let seat { libseat_close_device(seat, id) }
            close(fd)
        }
        if let seat { libseat_close_seat(seat) }
        listener.deallocate()
    }

    /// The fd to poll for seat events, or nil without a seat manager.
    var pollDescriptor: Int32? { seat.map { libseat_get_fd($0) } }

    /// Handles pending seat events (enable/disable callbacks run from here).
    func dispatch() {
        guard let seat else { return }
        _ = libseat_dispatch(seat, 0)
    }

    /// Opens `path` read-write; non-blocking when asked (input nodes).
    func openDevice(_ path: String, nonBlocking: Bool = false) throws -> Int32 {
        if let seat {
            var fd: Int32 = -1
            let id = libseat_open_device(seat, path, &fd)
            guard id >= 0, fd >= 0 else { throw OpenError.device(path, errno: errno, direct: false) }
            if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            deviceIDs[fd] = id
            return fd
        }
        let fd = open(path, O_RDWR | O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw OpenError.device(path, errno: errno, direct: true) }
        return fd
    }

    /// Closes a device opened by `openDevice`.
    func closeDevice(_ fd: Int32) {
        if let seat, let id = deviceIDs.removeValue(forKey: fd) { libseat_close_device(seat, id) }
        close(fd)
    }

    private func seatEnabled() {
        isActive = true
        onEnable?()
    }

    private func seatDisabled() {
        isActive = false
        onDisable?()
        if let seat { libseat_disable_seat(seat) }
    }
}
