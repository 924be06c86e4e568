import CPURenderer

/// A 32-bit pixel format a primary plane scans out and the CPU renderer writes.
struct ScanoutFormat: Equatable {
    /// The DRM fourcc code (drm_fourcc.h).
    let fourcc: UInt32
    /// How the CPU renderer lays out a pixel of this format.
    let pixelFormat: CPUFramebuffer.PixelFormat

    /// DRM_FORMAT_XRGB8888 ('XR24'), which every KMS primary plane is expected to have.
    static let xrgb8888 = ScanoutFormat(fourcc: fourcc("XR24"), pixelFormat: .xrgb8888)
    /// DRM_FORMAT_ARGB8888 ('AR24'): the same bytes with alpha, for planes without XRGB8888.
    static let argb8888 = ScanoutFormat(fourcc: fourcc("AR24"), pixelFormat: .argb8888)

    /// The format to allocate for a plane that lists `planeFormats`: XRGB8888 where it is
    /// listed (or where the plane's list is unknown), else ARGB8888; nil when it has neither.
    static func choose(planeFormats: [UInt32]?) -> ScanoutFormat? {
        guard let planeFormats, !planeFormats.isEmpty else { return .xrgb8888 }
        return [xrgb8888, argb8888].first { planeFormats.contains($0.fourcc) }
    }

    /// The little-endian code of four ASCII characters.
    static func fourcc(_ code: String) -> UInt32 {
        code.utf8.prefix(4).enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// The code as its four characters.
    var name: String { String(decoding: (0..<4).map { UInt8((fourcc >> (8 * $0)) & 0xFF) }, as: UTF8.self) }
}

/// The memory of a dumb buffer: what to ask DRM_IOCTL_MODE_CREATE_DUMB for, and whether its
/// answer (pitch and size) can hold the frame.
struct DumbBufferLayout: Equatable {
    let width: Int
    let height: Int
    /// Bits per pixel asked for (32 for the 8888 formats).
    let bitsPerPixel: Int
    /// Bytes from one row to the next, as the kernel chose it (at least `width * bytesPerPixel`).
    let pitch: Int
    /// Bytes of the whole buffer, as the kernel chose it (at least `pitch * height`).
    let size: Int

    var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// The smallest row a `width`-pixel buffer can have, in bytes.
    static func minimumPitch(width: Int, bitsPerPixel: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// Checks the kernel's pitch and size for a `width` x `height` buffer; nil when they cannot
    /// hold it (a pitch shorter than a row, or a size shorter than the rows).
    init?(width: Int, height: Int, bitsPerPixel: Int = 32, pitch: Int, size: Int) {
        guard width > 0, height > 0, bitsPerPixel > 0,
              pitch >= Self.minimumPitch(width: width, bitsPerPixel: bitsPerPixel),
              pitch.multipliedReportingOverflow(by: height).overflow == false, size >= pitch * height else { return nil }
        self.width = width; self.height = height; self.bitsPerPixel = bitsPerPixel
        self.pitch = pitch; self.size = size
    }

    /// The byte offset of pixel (x, y) from the start of the mapping.
    func offset(x: Int, y: Int) -> Int { y * pitch + x * bytesPerPixel }
}
