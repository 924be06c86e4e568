import Foundation

/// Whether a bitmap has an alpha channel, where it is, and whether colours are premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha channel.
    case none = 0
    /// Alpha in the last component (RGBA); colour premultiplied by it.
    case premultipliedLast = 1
    /// Alpha in the first component (ARGB); colour premultiplied by it.
    case premultipliedFirst = 2
    /// Alpha in the last component, not premultiplied.
    case last = 3
    /// Alpha in the first component, not premultiplied.
    case first = 4
    /// An ignored last component (RGBX).
    case noneSkipLast = 5
    /// An ignored first component (XRGB).
    case noneSkipFirst = 6
    /// Alpha only, no colour.
    case alphaOnly = 7
}

/// The component layout of a bitmap: its alpha information and byte order.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt32
    /// Creates bitmap information from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits that hold a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// Components are floating-point values.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order (big-endian components in memory order).
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian pixels.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit little-endian pixels: with `premultipliedFirst`, bytes in memory are B, G, R, A.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit big-endian pixels.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit big-endian pixels.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// Creates bitmap information holding an alpha layout and the default byte order.
    public init(alphaInfo: CGImageAlphaInfo) { self.init(rawValue: alphaInfo.rawValue) }

    /// The alpha layout these bits hold, or nil for an unknown value (a Linux addition).
    public var alphaInfo: CGImageAlphaInfo? { CGImageAlphaInfo(rawValue: rawValue & Self.alphaInfoMask.rawValue) }
}

/// The byte order of a bitmap's pixels, the bits of `CGBitmapInfo.byteOrderMask`.
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The mask that selects these bits from a `CGBitmapInfo`.
    case orderMask = 0x7000
    /// The default byte order: components in memory in the order the alpha information names them.
    case orderDefault = 0
    /// 16-bit little-endian pixels.
    case order16Little = 0x1000
    /// 32-bit little-endian pixels: components in memory in the reverse order.
    case order32Little = 0x2000
    /// 16-bit big-endian pixels.
    case order16Big = 0x3000
    /// 32-bit big-endian pixels: components in memory in the order the alpha information names them.
    case order32Big = 0x4000
}

extension CGImage {
    /// The image's colour space: sRGB, or the space the image was made with.
    public var colorSpace: CGColorSpace? { layout?.colorSpace ?? CGColorSpace(name: CGColorSpace.sRGB) }
    /// The alpha layout of the pixels: premultiplied, alpha last (R, G, B, A bytes), or the layout
    /// the image was made with.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .premultipliedLast }
    /// The pixel layout: premultiplied RGBA bytes in memory order, or the layout the image was made with.
    public var bitmapInfo: CGBitmapInfo {
        layout?.bitmapInfo ?? CGBitmapInfo(alphaInfo: .premultipliedLast).union(.byteOrder32Big)
    }
    /// The byte order of the pixels, from `bitmapInfo`.
    public var byteOrderInfo: CGImageByteOrderInfo {
        CGImageByteOrderInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue) ?? .orderDefault
    }
    /// Whether the image is a mask: never, in this library.
    public var isMask: Bool { false }
    /// Whether the image is smoothed when scaled: true unless the image was made asking otherwise.
    public var shouldInterpolate: Bool { layout?.shouldInterpolate ?? true }
    /// The rendering intent the image was made with (`.defaultIntent` for the library's images).
    public var renderingIntent: CGColorRenderingIntent { layout?.renderingIntent ?? .defaultIntent }

    /// Returns an image of the pixels inside `rect` (pixel coordinates, top row first), or nil when
    /// `rect` does not overlap the image. The rectangle is first expanded to whole pixels.
    public func cropping(to rect: CGRect) -> CGImage? {
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let area = rect.standardized.integral.intersection(bounds)
        guard !area.isNull, area.width >= 1, area.height >= 1 else { return nil }
        let x = Int(area.minX), y = Int(area.minY), w = Int(area.width), h = Int(area.height)
        var pixels = Data(count: w * h * 4)
        pixels.withUnsafeMutableBytes { (destination: UnsafeMutableRawBufferPointer) in
            data.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
                for row in 0..<h {
                    let from = (y + row) * bytesPerRow + x * 4
                    destination.baseAddress!.advanced(by: row * w * 4)
                        .copyMemory(from: source.baseAddress!.advanced(by: from), byteCount: w * 4)
                }
            }
        }
        return CGImage(checkedPixels: DecodedPixels(width: w, height: h, data: pixels))
    }
}
