import CDRM
import CompositorCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Puts framebuffers on a CRTC: the first by a modeset, the next ones by page flips whose
/// completion arrives as a DRM event carrying `userData`. Two kinds: atomic and legacy.
protocol KMSScanout: AnyObject {
    /// `atomic` or `legacy`.
    var kind: String { get }
    /// Whether flips carry damage clips to the kernel (FB_DAMAGE_CLIPS).
    var sendsDamageClips: Bool { get }
    /// Sets the mode and shows `framebuffer` (blocking).
    func modeset(framebuffer: UInt32) throws
    /// Queues `framebuffer` for the next vblank; the flip event carries `userData`. `damage`
    /// lists the pixels that differ from the frame on screen (empty: unknown, all of them).
    func flip(framebuffer: UInt32, damage: [PixelRect], userData: UnsafeMutableRawPointer) throws
}

/// The KMS objects one output drives.
struct KMSPipe {
    var connectorID: UInt32
    var crtcID: UInt32
    var crtcIndex: Int
    var planeID: UInt32?
    var mode: drmModeModeInfo
}

/// The state of a CRTC before the app took it over, put back when the app exits.
struct SavedCRTC {
    private let crtc: drmModeCrtc?
    private let connectorID: UInt32

    /// Records the CRTC's current framebuffer, position and mode.
    init(fd: Int32, crtcID: UInt32, connectorID: UInt32) {
        if let saved = drmModeGetCrtc(fd, crtcID) {
            crtc = saved.pointee
            drmModeFreeCrtc(saved)
        } else {
            crtc = nil
        }
        self.connectorID = connectorID
    }

    /// Restores it with a legacy modeset (allowed to atomic clients too); returns whether the kernel took it.
    @discardableResult
    func restore(fd: Int32) -> Bool {
        guard var crtc else { return false }
        var connector = connectorID
        if crtc.mode_valid != 0 && crtc.buffer_id != 0 {
            return drmModeSetCrtc(fd, crtc.crtc_id, crtc.buffer_id, crtc.x, crtc.y, &connector, 1, &crtc.mode) == 0
        }
        return drmModeSetCrtc(fd, crtc.crtc_id, 0, 0, 0, nil, 0, nil) == 0
    }
}

/// drmModeSetCrtc and drmModePageFlip: every KMS driver has them.
final class LegacyScanout: KMSScanout {
    let kind = "legacy"
    let sendsDamageClips = false
    private let fd: Int32
    private var pipe: KMSPipe

    init(fd: Int32, pipe: KMSPipe) {
        self.fd = fd
        self.pipe = pipe
    }

    func modeset(framebuffer: UInt32) throws {
        var connector = pipe.connectorID
        let result = drmModeSetCrtc(fd, pipe.crtcID, framebuffer, 0, 0, &connector, 1, &pipe.mode)
        guard result == 0 else { throw CADisplayError.errno("drmModeSetCrtc", result) }
    }

    func flip(framebuffer: UInt32, damage: [PixelRect], userData: UnsafeMutableRawPointer) throws {
        let result = drmModePageFlip(fd, pipe.crtcID, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData)
        guard result == 0 else { throw CADisplayError.errno("drmModePageFlip", result) }
    }
}

/// Atomic modesetting: one commit sets connector, CRTC and plane together; flips are
/// non-blocking commits of the plane's FB_ID with FB_DAMAGE_CLIPS where the plane has it.
final class AtomicScanout: KMSScanout {
    let kind = "atomic"
    var sendsDamageClips: Bool { damageClipsProperty != nil }
    private let fd: Int32
    private let pipe: KMSPipe
    private let planeID: UInt32
    private var modeBlob: UInt32 = 0
    private var properties: [String: UInt32] = [:]
    private let damageClipsProperty: UInt32?

    /// Looks up the properties; fails when the driver lacks one the commits need.
    init(device: DRMDevice, pipe: KMSPipe) throws {
        guard let planeID = pipe.planeID else { throw CADisplayError.call("atomic", detail: "no primary plane") }
        fd = device.fd
        self.pipe = pipe
        self.planeID = planeID
        let wanted: [(UInt32, UInt32, [String])] = [
            (pipe.connectorID, UInt32(DRM_MODE_OBJECT_CONNECTOR), ["CRTC_ID"]),
            (pipe.crtcID, UInt32(DRM_MODE_OBJECT_CRTC), ["MODE_ID", "ACTIVE"]),
            (planeID, UInt32(DRM_MODE_OBJECT_PLANE), ["FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H",
                                                      "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H"]),
        ]
        for (object, type, names) in wanted {
            for name in names {
                guard let property = device.property(object: object, type: type, named: name) else {
                    throw CADisplayError.call("atomic", detail: "object \(object) has no \(name) property")
                }
                properties["\(object).\(name)"] = property.id
            }
        }
        damageClipsProperty = device.property(object: planeID, type: UInt32(DRM_MODE_OBJECT_PLANE), named: "FB_DAMAGE_CLIPS")?.id
        var mode = pipe.mode
        guard drmModeCreatePropertyBlob(fd, &mode, MemoryLayout<drmModeModeInfo>.size, &modeBlob) == 0 else {
            throw CADisplayError.errno("drmModeCreatePropertyBlob")
        }
    }

    deinit {
        if modeBlob != 0 { drmModeDestroyPropertyBlob(fd, modeBlob) }
    }

    private func add(_ request: OpaquePointer, _ object: UInt32, _ name: String, _ value: UInt64) {
        if let id = properties["\(object).\(name)"] { drmModeAtomicAddProperty(request, object, id, value) }
    }

    private func addPlane(_ request: OpaquePointer, framebuffer: UInt32) {
        let w = UInt64(pipe.mode.hdisplay), h = UInt64(pipe.mode.vdisplay)
        add(request, planeID, "FB_ID", UInt64(framebuffer))
        add(request, planeID, "CRTC_ID", UInt64(pipe.crtcID))
        add(request, planeID, "SRC_X", 0); add(request, planeID, "SRC_Y", 0)
        add(request, planeID, "SRC_W", w << 16); add(request, planeID, "SRC_H", h << 16)
        add(request, planeID, "CRTC_X", 0); add(request, planeID, "CRTC_Y", 0)
        add(request, planeID, "CRTC_W", w); add(request, planeID, "CRTC_H", h)
    }

    /// Checks with a test-only commit that the driver accepts the modeset.
    func test(framebuffer: UInt32) throws {
        try commitModeset(framebuffer: framebuffer, flags: UInt32(DRM_MODE_ATOMIC_TEST_ONLY), name: "drmModeAtomicCommit(TEST_ONLY)")
    }

    func modeset(framebuffer: UInt32) throws {
        try commitModeset(framebuffer: framebuffer, flags: 0, name: "drmModeAtomicCommit(ALLOW_MODESET)")
    }

    private func commitModeset(framebuffer: UInt32, flags: UInt32, name: String) throws {
        guard let request = drmModeAtomicAlloc() else { throw CADisplayError.errno("drmModeAtomicAlloc") }
        defer { drmModeAtomicFree(request) }
        add(request, pipe.connectorID, "CRTC_ID", UInt64(pipe.crtcID))
        add(request, pipe.crtcID, "MODE_ID", UInt64(modeBlob))
        add(request, pipe.crtcID, "ACTIVE", 1)
        addPlane(request, framebuffer: framebuffer)
        let result = drmModeAtomicCommit(fd, request, flags | UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil)
        guard result == 0 else { throw CADisplayError.errno(name, result) }
    }

    func flip(framebuffer: UInt32, damage: [PixelRect], userData: UnsafeMutableRawPointer) throws {
        guard let request = drmModeAtomicAlloc() else { throw CADisplayError.errno("drmModeAtomicAlloc") }
        defer { drmModeAtomicFree(request) }
        add(request, planeID, "FB_ID", UInt64(framebuffer))
        var blob: UInt32 = 0
        var clips = damage.filter { !$0.isEmpty }.map {
            drm_mode_rect(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.x + $0.width), y2: Int32($0.y + $0.height))
        }
        if let property = damageClipsProperty, !clips.isEmpty,
           drmModeCreatePropertyBlob(fd, &clips, MemoryLayout<drm_mode_rect>.stride * clips.count, &blob) == 0 {
            drmModeAtomicAddProperty(request, planeID, property, UInt64(blob))
        }
        defer { if blob != 0 { drmModeDestroyPropertyBlob(fd, blob) } }
        let flags = UInt32(DRM_MODE_PAGE_FLIP_EVENT) | UInt32(DRM_MODE_ATOMIC_NONBLOCK)
        let result = drmModeAtomicCommit(fd, request, flags, userData)
        guard result == 0 else { throw CADisplayError.errno("drmModeAtomicCommit(NONBLOCK)", result) }
    }
}
