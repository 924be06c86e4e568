import CDRM
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Errors of the KMS path, each naming the failing call.
public enum CADisplayError: Error, CustomStringConvertible {
    /// A libdrm, GBM or EGL call failed.
    case call(String, detail: String)
    /// No DRM device with modesetting was found.
    case noDevice(String)

    /// A textual description, for logs and error messages.
    public var description: String {
        switch self {
        case .call(let name, let detail): return "\(name) failed: \(detail)"
        case .noDevice(let detail): return "no KMS device: \(detail)"
        }
    }

    /// Whether the call was refused for want of DRM master (EACCES): another process holds the card.
    var isPermissionDenied: Bool {
        guard case .call(_, let detail) = self else { return false }
        return detail == String(cString: strerror(EACCES))
    }

    /// An error from a libdrm result: `-errno`, or -1 with `errno` set.
    static func errno(_ name: String, _ result: Int32 = -1) -> CADisplayError {
        let code = result == -1 || result == 0 ? Glibc.errno : abs(result)
        return .call(name, detail: String(cString: strerror(code)))
    }
}

/// An open DRM card with modesetting: its CRTCs, connectors, planes and their properties.
/// Confined to the output's thread.
final class DRMDevice {
    let fd: Int32
    let path: String
    /// Whether the driver accepted DRM_CLIENT_CAP_ATOMIC.
    let supportsAtomic: Bool
    /// The CRTC object ids, in the order `possible_crtcs` bit masks index.
    private(set) var crtcIDs: [UInt32] = []

    /// Opens the first card under /dev/dri that has connectors (or `path` when given).
    static func open(session: SeatSession, path requested: String?, allowAtomic: Bool) throws -> DRMDevice {
        let candidates: [String]
        if let requested { candidates = [requested] } else {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
            candidates = names.filter { $0.hasPrefix("card") }.sorted().map { "/dev/dri/\($0)" }
        }
        guard !candidates.isEmpty else { throw CADisplayError.noDevice("/dev/dri has no card* nodes") }
        var failures: [String] = []
        for path in candidates {
            do {
                let fd = try session.openDevice(path)
                if let resources = drmModeGetResources(fd) {
                    let hasConnectors = resources.pointee.count_connectors > 0
                    drmModeFreeResources(resources)
                    if hasConnectors { return DRMDevice(fd: fd, path: path, allowAtomic: allowAtomic) }
                }
                failures.append("\(path): no connectors")
                session.closeDevice(fd)
            } catch {
                failures.append("\(error)")
            }
        }
        throw CADisplayError.noDevice(failures.joined(separator: "; "))
    }

    private init(fd: Int32, path: String, allowAtomic: Bool) {
        self.fd = fd
        self.path = path
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        supportsAtomic = allowAtomic && drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
        refreshCRTCs()
    }

    private func refreshCRTCs() {
        guard let resources = drmModeGetResources(fd) else { return }
        defer { drmModeFreeResources(resources) }
        let r = resources.pointee
        crtcIDs = (0..<Int(r.count_crtcs)).map { r.crtcs[$0] }
    }

    /// The driver's name (`virtio_gpu`, `i915`).
    var driverName: String {
        guard let version = drmGetVersion(fd) else { return "unknown" }
        defer { drmFreeVersion(version) }
        return String(cString: version.pointee.name)
    }

    /// Every connector, its state and modes (probing it: this is where hot-plug is noticed).
    func connectors() -> [CADisplayConnector] {
        guard let resources = drmModeGetResources(fd) else { return [] }
        defer { drmModeFreeResources(resources) }
        let r = resources.pointee
        var result: [CADisplayConnector] = []
        for index in 0..<Int(r.count_connectors) {
            guard let connector = drmModeGetConnector(fd, r.connectors[index]) else { continue }
            defer { drmModeFreeConnector(connector) }
            result.append(describe(connector.pointee))
        }
        return result
    }

    private func describe(_ c: drmModeConnector) -> CADisplayConnector {
        let modes = (0..<Int(c.count_modes)).map { Self.mode(c.modes[$0]) }
        var possible = Set<Int>()
        for index in 0..<Int(c.count_encoders) {
            guard let encoder = drmModeGetEncoder(fd, c.encoders[index]) else { continue }
            for bit in 0..<32 where encoder.pointee.possible_crtcs & (1 << UInt32(bit)) != 0 { possible.insert(bit) }
            drmModeFreeEncoder(encoder)
        }
        var current: UInt32?
        if c.encoder_id != 0, let encoder = drmModeGetEncoder(fd, c.encoder_id) {
            if encoder.pointee.crtc_id != 0 { current = encoder.pointee.crtc_id }
            drmModeFreeEncoder(encoder)
        }
        return CADisplayConnector(id: c.connector_id,
                                  name: CADisplayConnector.name(type: Int(c.connector_type), typeID: Int(c.connector_type_id)),
                                  isConnected: c.connection == DRM_MODE_CONNECTED, modes: modes,
                                  possibleCRTCIndexes: possible.sorted(), currentCRTCID: current)
    }

    /// Whether a connector is connected as the kernel last saw it, without probing it again
    /// (no EDID read: cheap enough to ask every second); nil when the connector is unknown.
    func isConnectedWithoutProbing(connectorID: UInt32) -> Bool? {
        guard let connector = drmModeGetConnectorCurrent(fd, connectorID) else { return nil }
        defer { drmModeFreeConnector(connector) }
        return connector.pointee.connection == DRM_MODE_CONNECTED
    }

    /// The raw mode matching a described one on a connector (for the modeset).
    func modeInfo(connectorID: UInt32, matching mode: CADisplayMode) -> drmModeModeInfo? {
        guard let connector = drmModeGetConnector(fd, connectorID) else { return nil }
        defer { drmModeFreeConnector(connector) }
        for index in 0..<Int(connector.pointee.count_modes) {
            let info = connector.pointee.modes[index]
            if Self.mode(info) == mode { return info }
        }
        return nil
    }

    static func mode(_ info: drmModeModeInfo) -> CADisplayMode {
        var info = info
        let name = withUnsafeBytes(of: &info.name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let flags = info.flags
        return CADisplayMode(
            name: name, width: Int(info.hdisplay), height: Int(info.vdisplay),
            refreshMillihertz: CADisplayMode.refreshMillihertz(
                clockKilohertz: Int(info.clock), horizontalTotal: Int(info.htotal), verticalTotal: Int(info.vtotal),
                interlaced: flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0,
                doubleScan: flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0, verticalScan: Int(info.vscan)),
            isPreferred: info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
    }

    /// The primary plane that can scan out on the CRTC at `crtcIndex`, or nil (legacy drivers).
    func primaryPlane(crtcIndex: Int) -> UInt32? {
        guard let planes = drmModeGetPlaneResources(fd) else { return nil }
        defer { drmModeFreePlaneResources(planes) }
        for index in 0..<Int(planes.pointee.count_planes) {
            let id = planes.pointee.planes[index]
            guard let plane = drmModeGetPlane(fd, id) else { continue }
            let usable = plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0
            drmModeFreePlane(plane)
            if usable, property(object: id, type: UInt32(DRM_MODE_OBJECT_PLANE), named: "type")?.value == UInt64(DRM_PLANE_TYPE_PRIMARY) {
                return id
            }
        }
        return nil
    }

    /// The pixel formats (fourcc codes) a plane can scan out, or nil when the plane is unknown.
    func planeFormats(planeID: UInt32) -> [UInt32]? {
        guard let plane = drmModeGetPlane(fd, planeID) else { return nil }
        defer { drmModeFreePlane(plane) }
        return (0..<Int(plane.pointee.count_formats)).map { plane.pointee.formats[$0] }
    }

    /// A property of a KMS object: its id and current value.
    func property(object: UInt32, type: UInt32, named name: String) -> (id: UInt32, value: UInt64)? {
        guard let properties = drmModeObjectGetProperties(fd, object, type) else { return nil }
        defer { drmModeFreeObjectProperties(properties) }
        for index in 0..<Int(properties.pointee.count_props) {
            let id = properties.pointee.props[index]
            guard let property = drmModeGetProperty(fd, id) else { continue }
            let propertyName = withUnsafeBytes(of: property.pointee.name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            drmModeFreeProperty(property)
            if propertyName == name { return (id, properties.pointee.prop_values[index]) }
        }
        return nil
    }

    /// Sets a connector's property by name (`DPMS`); returns false when the connector has no
    /// such property or the kernel refused the value.
    func setConnectorProperty(connectorID: UInt32, named name: String, value: UInt64) -> Bool {
        guard let property = property(object: connectorID, type: UInt32(DRM_MODE_OBJECT_CONNECTOR), named: name) else { return false }
        return drmModeConnectorSetProperty(fd, connectorID, property.id, value) == 0
    }

    /// Becomes DRM master again after a seat enable (libseat does this itself; direct opens ask);
    /// returns whether the kernel granted it.
    @discardableResult
    func acquireMaster() -> Bool { drmSetMaster(fd) == 0 }
}
