import CDRM
import CPURenderer
import Foundation
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// Scan-out buffers in plain memory (KMS dumb buffers, mapped into the process) that the CPU
/// renderer draws into directly: the output path for machines without a usable GPU.
/// Confined to the output's thread.
final class DumbBufferSurface: KMSRenderSurface {
    let kind = "cpu"
    let renderer: CARenderer
    let format: ScanoutFormat

    private let fd: Int32
    private let cpu: CPURenderer
    private var buffers: [DumbBuffer] = []
    /// The number of frames presented so far; a buffer remembers the number of the frame it holds.
    private var presentedFrames = 0

    /// Allocates `count` buffers of `width` x `height` in `format` and a CPU renderer for them.
    init(fd: Int32, width: Int, height: Int, format: ScanoutFormat, count: Int = 3) throws {
        self.fd = fd
        self.format = format
        do {
            cpu = try CPURenderer(pixelWidth: width, pixelHeight: height)
        } catch {
            throw CADisplayError.call("CPURenderer", detail: "\(error)")
        }
        renderer = CARenderer(frameRenderer: cpu, pixelWidth: width, pixelHeight: height)
        for _ in 0..<max(2, count) {
            buffers.append(try DumbBuffer(fd: fd, width: width, height: height, format: format))
        }
    }

    /// The free buffer the next frame goes into: the one holding the newest frame, which has
    /// the least to redraw.
    private var backIndex: Int? {
        buffers.indices.filter { !buffers[$0].isBusy }.max { (buffers[$0].frameNumber ?? -1) < (buffers[$1].frameNumber ?? -1) }
    }

    var bufferAge: Int {
        guard let index = backIndex, let number = buffers[index].frameNumber else { return 0 }
        return presentedFrames + 1 - number
    }

    var hasFreeBuffers: Bool { backIndex != nil }

    func makeCurrent() throws {
        guard let index = backIndex else { throw CADisplayError.call("dumb buffers", detail: "all buffers are busy") }
        cpu.framebuffer = buffers[index].framebuffer
    }

    func present() throws -> UInt32 {
        guard let index = backIndex, cpu.framebuffer?.baseAddress == buffers[index].framebuffer.baseAddress else {
            throw CADisplayError.call("dumb buffers", detail: "present without a frame drawn into the back buffer")
        }
        presentedFrames += 1
        buffers[index].frameNumber = presentedFrames
        buffers[index].isBusy = true
        cpu.framebuffer = nil
        return buffers[index].framebufferID
    }

    func release(framebuffer: UInt32) {
        for index in buffers.indices where buffers[index].framebufferID == framebuffer { buffers[index].isBusy = false }
    }
}

/// One dumb buffer: its GEM handle, KMS framebuffer and mapping. Freed by `deinit`.
private final class DumbBuffer {
    let framebufferID: UInt32
    let framebuffer: CPUFramebuffer
    /// The number of the frame it holds (nil: unknown contents).
    var frameNumber: Int?
    /// Whether it is on screen or queued for a flip.
    var isBusy = false

    private let fd: Int32
    private let handle: UInt32
    private let mapping: UnsafeMutableRawPointer
    private let size: Int

    init(fd: Int32, width: Int, height: Int, format: ScanoutFormat) throws {
        self.fd = fd
        var create = drm_mode_create_dumb()
        create.width = UInt32(width)
        create.height = UInt32(height)
        create.bpp = 32
        guard drmIoctl(fd, DRMIoctl.createDumb, &create) == 0 else { throw CADisplayError.errno("DRM_IOCTL_MODE_CREATE_DUMB") }
        handle = create.handle
        guard let layout = DumbBufferLayout(width: width, height: height, bitsPerPixel: 32,
                                            pitch: Int(create.pitch), size: Int(create.size)) else {
            Self.destroy(fd: fd, handle: create.handle)
            throw CADisplayError.call("DRM_IOCTL_MODE_CREATE_DUMB",
                                      detail: "pitch \(create.pitch) and size \(create.size) cannot hold \(width)x\(height)")
        }
        size = layout.size
        var map = drm_mode_map_dumb()
        map.handle = handle
        guard drmIoctl(fd, DRMIoctl.mapDumb, &map) == 0 else {
            Self.destroy(fd: fd, handle: handle)
            throw CADisplayError.errno("DRM_IOCTL_MODE_MAP_DUMB")
        }
        let address = mmap(nil, layout.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(truncatingIfNeeded: map.offset))
        guard let address, address != MAP_FAILED else {
            Self.destroy(fd: fd, handle: handle)
            throw CADisplayError.errno("mmap(dumb buffer)")
        }
        mapping = address
        var handles: [UInt32] = [handle, 0, 0, 0]
        var pitches: [UInt32] = [UInt32(layout.pitch), 0, 0, 0]
        var offsets: [UInt32] = [0, 0, 0, 0]
        var id: UInt32 = 0
        let result = drmModeAddFB2(fd, UInt32(width), UInt32(height), format.fourcc, &handles, &pitches, &offsets, &id, 0)
        guard result == 0 else {
            munmap(address, layout.size)
            Self.destroy(fd: fd, handle: handle)
            throw CADisplayError.errno("drmModeAddFB2(\(format.name))", result)
        }
        framebufferID = id
        framebuffer = CPUFramebuffer(baseAddress: address, bytesPerRow: layout.pitch, pixelWidth: width,
                                     pixelHeight: height, format: format.pixelFormat)
    }

    deinit {
        drmModeRmFB(fd, framebufferID)
        munmap(mapping, size)
        Self.destroy(fd: fd, handle: handle)
    }

    private static func destroy(fd: Int32, handle: UInt32) {
        var destroy = drm_mode_destroy_dumb(handle: handle)
        _ = drmIoctl(fd, DRMIoctl.destroyDumb, &destroy)
    }
}

/// The request numbers of the dumb-buffer ioctls (drm.h builds them with the `_IOWR` macro,
/// which Swift does not import): direction read|write, the struct's size, type 'd', number.
enum DRMIoctl {
    static let createDumb = readWrite(0xB2, MemoryLayout<drm_mode_create_dumb>.size)
    static let mapDumb = readWrite(0xB3, MemoryLayout<drm_mode_map_dumb>.size)
    static let destroyDumb = readWrite(0xB4, MemoryLayout<drm_mode_destroy_dumb>.size)

    /// `_IOWR('d', number, size)` on Linux's generic ioctl encoding.
    static func readWrite(_ number: UInt, _ size: Int) -> UInt {
        (3 << 30) | (UInt(size) << 16) | (UInt(UInt8(ascii: "d")) << 8) | number
    }
}
