import Foundation
import QuartzCore

/// A video mode a connector offers, as KMS describes it. (Linux addition.)
public struct CADisplayMode: Sendable, Equatable, CustomStringConvertible {
    /// The mode's name (for example `1920x1080`).
    public var name: String
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// The refresh rate in millihertz (59940 for 59.94 Hz), from the pixel clock and totals.
    public var refreshMillihertz: Int
    /// Whether the display prefers this mode (its native one).
    public var isPreferred: Bool

    /// Creates a mode.
    public init(name: String, width: Int, height: Int, refreshMillihertz: Int, isPreferred: Bool = false) {
        self.name = name; self.width = width; self.height = height
        self.refreshMillihertz = refreshMillihertz; self.isPreferred = isPreferred
    }

    /// The refresh rate from a mode's pixel clock (kHz) and its horizontal and vertical totals,
    /// as KMS computes it (interlace and double scan adjust the vertical total).
    public static func refreshMillihertz(clockKilohertz: Int, horizontalTotal: Int, verticalTotal: Int,
                                         interlaced: Bool = false, doubleScan: Bool = false, verticalScan: Int = 1) -> Int {
        var vtotal = Double(verticalTotal)
        if interlaced { vtotal /= 2 }
        if doubleScan { vtotal *= 2 }
        if verticalScan > 1 { vtotal *= Double(verticalScan) }
        guard horizontalTotal > 0, vtotal > 0 else { return 0 }
        return Int((Double(clockKilohertz) * 1_000_000 / (Double(horizontalTotal) * vtotal)).rounded())
    }

    /// The refresh rate in hertz.
    public var refreshRate: Double { Double(refreshMillihertz) / 1000 }

    /// The time between two refreshes, in seconds (1/60 when the rate is unknown).
    public var refreshPeriod: CFTimeInterval { refreshMillihertz > 0 ? 1000 / Double(refreshMillihertz) : 1.0 / 60 }

    /// A textual description, for logs and error messages.
    public var description: String {
        String(format: "%dx%d@%.2f%@", width, height, refreshRate, isPreferred ? " (preferred)" : "")
    }
}

/// A connector (an output port: `HDMI-A-1`, `eDP-1`, `Virtual-1`) and what is attached to it.
public struct CADisplayConnector: Sendable, Equatable {
    /// The KMS object id.
    public var id: UInt32
    /// The name the kernel and compositors use: the connector type's name and its index.
    public var name: String
    /// Whether a display is attached.
    public var isConnected: Bool
    /// The modes the attached display offers, in the kernel's order.
    public var modes: [CADisplayMode]
    /// The CRTCs that can drive this connector, as indexes into the device's CRTC list.
    public var possibleCRTCIndexes: [Int]
    /// The CRTC currently driving it, or nil.
    public var currentCRTCID: UInt32?

    /// Creates a connector description.
    public init(id: UInt32, name: String, isConnected: Bool, modes: [CADisplayMode],
                possibleCRTCIndexes: [Int], currentCRTCID: UInt32? = nil) {
        self.id = id; self.name = name; self.isConnected = isConnected; self.modes = modes
        self.possibleCRTCIndexes = possibleCRTCIndexes; self.currentCRTCID = currentCRTCID
    }

    /// The kernel's names of the connector types (DRM_MODE_CONNECTOR_*), indexed by type.
    static let typeNames = ["Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS",
                            "Component", "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI",
                            "DPI", "Writeback", "SPI", "USB"]

    /// The name of a connector of KMS type `type` and per-type index `typeID` (`HDMI-A-1`).
    public static func name(type: Int, typeID: Int) -> String {
        let typeName = type >= 0 && type < typeNames.count ? typeNames[type] : "Unknown\(type)"
        return "\(typeName)-\(typeID)"
    }
}

/// What the app asks of the output: a connector and a mode, or the defaults. (Linux addition.)
public struct CADisplayRequest: Sendable, Equatable {
    /// The connector's name (`HDMI-A-1`), or nil for the first connected one.
    public var connectorName: String?
    /// The mode's size, or nil for the preferred mode.
    public var size: (width: Int, height: Int)?
    /// The refresh rate in hertz, or nil for any (the highest at the chosen size).
    public var refreshRate: Double?

    /// Creates a request; with no arguments, the first connected connector at its preferred mode.
    public init(connectorName: String? = nil, size: (width: Int, height: Int)? = nil, refreshRate: Double? = nil) {
        self.connectorName = connectorName; self.size = size; self.refreshRate = refreshRate
    }

    /// Parses a mode as users write it: `preferred`, `1280x720` or `1920x1080@60`; nil when malformed.
    public static func parseMode(_ text: String) -> (size: (width: Int, height: Int)?, refreshRate: Double?)? {
        if text == "preferred" || text.isEmpty { return (nil, nil) }
        let parts = text.split(separator: "@", maxSplits: 1)
        let dimensions = parts[0].split(separator: "x")
        guard dimensions.count == 2, let w = Int(dimensions[0]), let h = Int(dimensions[1]), w > 0, h > 0 else { return nil }
        var rate: Double?
        if parts.count == 2 {
            guard let r = Double(parts[1]), r > 0, r.isFinite else { return nil }
            rate = r
        }
        return ((w, h), rate)
    }

    /// Whether two requests ask for the same output.
    public static func == (a: CADisplayRequest, b: CADisplayRequest) -> Bool {
        a.connectorName == b.connectorName && a.size?.width == b.size?.width
            && a.size?.height == b.size?.height && a.refreshRate == b.refreshRate
    }
}

/// Why no output could be chosen.
public enum CADisplaySelectionError: Error, Equatable, CustomStringConvertible {
    /// No connector has a display attached (the app waits for one).
    case noConnectedDisplay
    /// The named connector does not exist; the names that do.
    case unknownConnector(String, available: [String])
    /// The named connector exists but nothing is attached to it.
    case connectorDisconnected(String)
    /// The connector offers no mode of the requested size and rate; the modes it does offer.
    case noMatchingMode(String, available: [String])
    /// No free CRTC can drive the connector.
    case noCRTC(String)

    /// A textual description, for logs and error messages.
    public var description: String {
        switch self {
        case .noConnectedDisplay: return "no connected display"
        case .unknownConnector(let name, let available): return "no connector \(name) (have \(available.joined(separator: ", ")))"
        case .connectorDisconnected(let name): return "connector \(name) has no display attached"
        case .noMatchingMode(let mode, let available): return "no mode \(mode) (have \(available.joined(separator: ", ")))"
        case .noCRTC(let name): return "no free CRTC for \(name)"
        }
    }
}

/// The choice of connector, mode and CRTC for a request: pure logic over the device's description.
public enum CADisplaySelection {
    /// Picks the connector: the named one, or the first connected one.
    public static func connector(in connectors: [CADisplayConnector], request: CADisplayRequest) throws -> CADisplayConnector {
        if let name = request.connectorName {
            guard let match = connectors.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw CADisplaySelectionError.unknownConnector(name, available: connectors.map(\.name))
            }
            guard match.isConnected, !match.modes.isEmpty else { throw CADisplaySelectionError.connectorDisconnected(match.name) }
            return match
        }
        guard let first = connectors.first(where: { $0.isConnected && !$0.modes.isEmpty }) else {
            throw CADisplaySelectionError.noConnectedDisplay
        }
        return first
    }

    /// Picks the mode: of the requested size, the rate nearest the requested one (the highest when
    /// none is asked); without a size, the preferred mode, else the largest at the highest rate.
    public static func mode(of connector: CADisplayConnector, request: CADisplayRequest) throws -> CADisplayMode {
        let modes = connector.modes
        guard let size = request.size else {
            if let preferred = modes.first(where: \.isPreferred) { return preferred }
            guard let largest = modes.max(by: { ($0.width * $0.height, $0.refreshMillihertz) < ($1.width * $1.height, $1.refreshMillihertz) }) else {
                throw CADisplaySelectionError.noMatchingMode("preferred", available: [])
            }
            return largest
        }
        let sized = modes.filter { $0.width == size.width && $0.height == size.height }
        let asked = "\(size.width)x\(size.height)" + (request.refreshRate.map { "@\($0)" } ?? "")
        guard !sized.isEmpty else {
            throw CADisplaySelectionError.noMatchingMode(asked, available: modes.map(\.description))
        }
        guard let rate = request.refreshRate else {
            return sized.max { $0.refreshMillihertz < $1.refreshMillihertz }!
        }
        let nearest = sized.min { abs($0.refreshRate - rate) < abs($1.refreshRate - rate) }!
        // 59.94 answers 60; 50 does not.
        guard abs(nearest.refreshRate - rate) < 0.5 else {
            throw CADisplaySelectionError.noMatchingMode(asked, available: modes.map(\.description))
        }
        return nearest
    }

    /// Picks the CRTC index: the one already driving the connector (no flicker on start), else the
    /// first possible one that no other connector uses.
    public static func crtcIndex(for connector: CADisplayConnector, crtcIDs: [UInt32], inUse: Set<UInt32>) throws -> Int {
        if let current = connector.currentCRTCID, let index = crtcIDs.firstIndex(of: current),
           connector.possibleCRTCIndexes.contains(index) {
            return index
        }
        for index in connector.possibleCRTCIndexes where index < crtcIDs.count && !inUse.contains(crtcIDs[index]) {
            return index
        }
        throw CADisplaySelectionError.noCRTC(connector.name)
    }
}
