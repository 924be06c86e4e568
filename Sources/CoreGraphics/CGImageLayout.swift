import Foundation

/// The layout an image made from a data provider declared, kept so the image reports it
/// (`bitsPerPixel`, `bitmapInfo`, `colorSpace`...) and hands back the provider's own bytes.
struct CGImageLayout: Sendable {
    let bitsPerComponent: Int
    let bitsPerPixel: Int
    let bytesPerRow: Int
    let colorSpace: CGColorSpace
    let bitmapInfo: CGBitmapInfo
    let provider: CGDataProvider
    let shouldInterpolate: Bool
    let renderingIntent: CGColorRenderingIntent
}

/// An 8-bit pixel format this library reads from a provider, and where each component lies.
struct ProviderPixelFormat {
    /// How the alpha component is used.
    enum Alpha {
        case premultiplied, straight, opaque
    }

    /// Bytes per pixel.
    let bytesPerPixel: Int
    /// Byte offsets of red, green and blue within a pixel (all three equal for gray).
    let red: Int, green: Int, blue: Int
    /// Byte offset of alpha, or nil when there is none (or it is skipped).
    let alphaOffset: Int?
    let alpha: Alpha

    /// The format that `bitsPerComponent`, `bitsPerPixel`, the colour space model and the bitmap
    /// information describe, or a reason it is not one Core Graphics accepts for an image.
    static func make(bitsPerComponent: Int, bitsPerPixel: Int, model: CGColorSpaceModel,
                     bitmapInfo: CGBitmapInfo) -> Result<ProviderPixelFormat, ImageLayoutError> {
        guard bitsPerComponent == 8 else { return .failure(.unsupported("\(bitsPerComponent) bits per component")) }
        guard !bitmapInfo.contains(.floatComponents) else { return .failure(.unsupported("float components with 8 bits per component")) }
        guard let alphaInfo = bitmapInfo.alphaInfo else { return .failure(.invalid("unknown alpha information")) }
        let byteOrder = CGImageByteOrderInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue)
        switch model {
        case .monochrome:
            guard bitsPerPixel == 8, alphaInfo == .none else {
                return .failure(.unsupported("gray with \(bitsPerPixel) bits per pixel and alpha \(alphaInfo)"))
            }
            guard byteOrder == .orderDefault || byteOrder == .order16Big || byteOrder == .order32Big else {
                return .failure(.invalid("byte order \(byteOrder.map { "\($0)" } ?? "unknown") for one-byte pixels"))
            }
            return .success(ProviderPixelFormat(bytesPerPixel: 1, red: 0, green: 0, blue: 0, alphaOffset: nil, alpha: .opaque))
        case .rgb:
            return rgb(bitsPerPixel: bitsPerPixel, alphaInfo: alphaInfo, byteOrder: byteOrder)
        default:
            return .failure(.unsupported("colour space model \(model)"))
        }
    }

    /// An RGB format: 24 bits with no alpha, or 32 bits with alpha or a skipped byte first or last.
    private static func rgb(bitsPerPixel: Int, alphaInfo: CGImageAlphaInfo,
                            byteOrder: CGImageByteOrderInfo?) -> Result<ProviderPixelFormat, ImageLayoutError> {
        if bitsPerPixel == 24 {
            guard alphaInfo == .none else { return .failure(.invalid("alpha \(alphaInfo) in 24-bit RGB pixels")) }
            guard byteOrder == .orderDefault || byteOrder == .order32Big else {
                return .failure(.invalid("byte order \(byteOrder.map { "\($0)" } ?? "unknown") for 24-bit RGB pixels"))
            }
            return .success(ProviderPixelFormat(bytesPerPixel: 3, red: 0, green: 1, blue: 2, alphaOffset: nil, alpha: .opaque))
        }
        guard bitsPerPixel == 32 else { return .failure(.invalid("\(bitsPerPixel) bits per pixel for 8-bit RGB")) }
        // The components in the order the alpha information names them, A standing for alpha or a skipped byte.
        let alphaFirst: Bool, alpha: Alpha
        switch alphaInfo {
        case .premultipliedLast: (alphaFirst, alpha) = (false, .premultiplied)
        case .premultipliedFirst: (alphaFirst, alpha) = (true, .premultiplied)
        case .last: (alphaFirst, alpha) = (false, .straight)
        case .first: (alphaFirst, alpha) = (true, .straight)
        case .noneSkipLast: (alphaFirst, alpha) = (false, .opaque)
        case .noneSkipFirst: (alphaFirst, alpha) = (true, .opaque)
        case .none: return .failure(.invalid("no alpha and no skipped byte in 32-bit RGB pixels"))
        case .alphaOnly: return .failure(.unsupported("alpha-only images"))
        }
        // Logical positions: ARGB or RGBA.
        var positions = alphaFirst ? (a: 0, r: 1, g: 2, b: 3) : (a: 3, r: 0, g: 1, b: 2)
        switch byteOrder {
        case .orderDefault, .order32Big: break
        case .order32Little:
            // A little-endian 32-bit word holds the components in memory in reverse.
            positions = (a: 3 - positions.a, r: 3 - positions.r, g: 3 - positions.g, b: 3 - positions.b)
        default:
            return .failure(.invalid("byte order \(byteOrder.map { "\($0)" } ?? "unknown") for 32-bit pixels"))
        }
        return .success(ProviderPixelFormat(bytesPerPixel: 4, red: positions.r, green: positions.g, blue: positions.b,
                                            alphaOffset: alpha == .opaque ? nil : positions.a, alpha: alpha))
    }

    /// Converts rows of provider bytes to premultiplied RGBA8 rows of `destinationStride` bytes.
    /// `decode` holds a (minimum, maximum) pair for each colour component, or is empty.
    func convert(_ source: Data, width: Int, height: Int, sourceStride: Int, destinationStride: Int,
                 decode: [(CGFloat, CGFloat)]) -> Data {
        // A lookup table per colour component applies the decode array.
        let tables: [[UInt8]] = (0..<3).map { component in
            let pair = decode.isEmpty ? nil : decode[min(component, decode.count - 1)]
            return (0...255).map { value in
                guard let (low, high) = pair else { return UInt8(value) }
                let decoded = low + CGFloat(value) / 255 * (high - low)
                return UInt8((min(max(decoded, 0), 1) * 255).rounded())
            }
        }
        var output = Data(count: destinationStride * height)
        output.withUnsafeMutableBytes { (destination: UnsafeMutableRawBufferPointer) in
            source.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                for y in 0..<height {
                    for x in 0..<width {
                        let from = y * sourceStride + x * bytesPerPixel, to = y * destinationStride + x * 4
                        var r = UInt32(tables[0][Int(bytes[from + red])])
                        var g = UInt32(tables[1][Int(bytes[from + green])])
                        var b = UInt32(tables[2][Int(bytes[from + blue])])
                        let a = alphaOffset.map { UInt32(bytes[from + $0]) } ?? 255
                        switch alpha {
                        case .straight:
                            r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255
                        case .premultiplied:
                            // Colour above alpha is not a premultiplied colour; clamp it.
                            r = min(r, a); g = min(g, a); b = min(b, a)
                        case .opaque:
                            break
                        }
                        destination[to] = UInt8(r)
                        destination[to + 1] = UInt8(g)
                        destination[to + 2] = UInt8(b)
                        destination[to + 3] = UInt8(a)
                    }
                }
            }
        }
        return output
    }
}

/// Why a declared image layout was refused.
enum ImageLayoutError: Error, CustomStringConvertible {
    /// A combination Core Graphics rejects.
    case invalid(String)
    /// A combination Core Graphics accepts that this library does not read.
    case unsupported(String)

    var description: String {
        switch self {
        case .invalid(let reason): return "invalid image layout: \(reason)"
        case .unsupported(let reason): return "unsupported image layout: \(reason)"
        }
    }
}

extension CGImage {
    /// Creates a bitmap image from the bytes a data provider supplies, in the layout described.
    ///
    /// This library reads 8 bits per component: RGB with alpha or a skipped byte first or last
    /// (32 bits per pixel; premultiplied or not; default, 32-bit big- or little-endian byte order,
    /// little-endian reversing the components in memory, so `premultipliedFirst` with
    /// `byteOrder32Little` is B, G, R, A bytes), RGB without alpha (24 bits per pixel), and gray
    /// without alpha (8 bits per pixel, `CGColorSpaceCreateDeviceGray()`). `decode` holds a
    /// minimum and maximum for each colour component (alpha excluded) that map the values 0 and
    /// 255, or is nil.
    ///
    /// Returns nil, logging the reason, for a combination Core Graphics refuses (alpha in 24-bit
    /// pixels, 32-bit pixels with neither alpha nor a skipped byte, 16-bit byte orders for 32-bit
    /// pixels, a `bytesPerRow` shorter than a row, a provider with fewer bytes than the rows
    /// need), and for layouts this library does not read (other component sizes, float
    /// components, CMYK, indexed, alpha-only).
    ///
    /// The image draws as premultiplied RGBA8 (`data`); `dataProvider` hands back the provider,
    /// whose bytes keep the layout declared here, as on Apple platforms.
    public convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                             space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                             decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        let format: ProviderPixelFormat
        switch ProviderPixelFormat.make(bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                                        model: space.model, bitmapInfo: bitmapInfo) {
        case .success(let made): format = made
        case .failure(let error):
            CoreGraphicsLog.logger.error("CGImage(width:height:bitsPerComponent:...): \(error)")
            return nil
        }
        let bytes = provider.data ?? Data()
        guard width > 0, height > 0, width <= CGImage.maximumDimension, height <= CGImage.maximumDimension else {
            CoreGraphicsLog.logger.error("CGImage(width:height:bitsPerComponent:...): size \(width)×\(height) outside 1...\(CGImage.maximumDimension)")
            return nil
        }
        let rowBytes = width * format.bytesPerPixel
        guard bytesPerRow >= rowBytes else {
            CoreGraphicsLog.logger.error("CGImage(width:height:bitsPerComponent:...): bytesPerRow \(bytesPerRow) is less than a row of \(rowBytes) bytes")
            return nil
        }
        let needed = bytesPerRow * (height - 1) + rowBytes
        guard bytes.count >= needed else {
            CoreGraphicsLog.logger.error("CGImage(width:height:bitsPerComponent:...): the provider holds \(bytes.count) bytes, the rows need \(needed)")
            return nil
        }
        let decodePairs = decode.map { pointer in
            (0..<space.numberOfComponents).map { (pointer[2 * $0], pointer[2 * $0 + 1]) }
        } ?? []
        // 32-bit images keep their row length, so `bytesPerRow` describes both the provider's
        // bytes and `data`; other layouts are widened to tightly packed RGBA rows.
        let stride = format.bytesPerPixel == 4 ? bytesPerRow : width * 4
        let pixels = format.convert(bytes, width: width, height: height,
                                    sourceStride: bytesPerRow, destinationStride: stride, decode: decodePairs)
        let layout = CGImageLayout(bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow,
                                   colorSpace: space, bitmapInfo: bitmapInfo, provider: provider,
                                   shouldInterpolate: shouldInterpolate, renderingIntent: intent)
        self.init(checkedWidth: width, height: height, bytesPerRow: stride, data: pixels, update: nil, layout: layout)
    }

    /// The provider of the image's bytes: the provider the image was made with, or, for images the
    /// library made, one whose bytes are `data` (premultiplied RGBA, `bytesPerRow` a row), the
    /// layout `bitmapInfo` reports.
    public var dataProvider: CGDataProvider? {
        layout?.provider ?? CGDataProvider(checkedData: data)
    }
}
