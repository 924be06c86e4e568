import CCairo
import Foundation

/// A Quartz 2D drawing destination: a bitmap that paths, images, gradients and text are drawn
/// into, backed by Cairo.
///
/// Coordinates follow Core Graphics: in a bitmap context you create, the origin of user space is
/// the bottom-left corner and y grows upwards, while the bitmap's first row in memory (and row 0
/// of `makeImage()`) is the top. Contexts that Core Animation hands to `draw(in:)` concatenate a
/// flip to their CTM (as on iOS), so drawing code there sees the layer's top-left origin.
///
/// Painting operations run on the calling thread, or, for a context made for a layer that
/// `drawsAsynchronously`, on a serial background queue that `makeImage()` and `flush()` wait for.
public final class CGContext {
    /// The pixels and Cairo's drawing state.
    let canvas: CairoCanvas
    /// The queue that runs Cairo calls when the context draws asynchronously.
    private let queue: DispatchQueue?
    /// Maps Core Graphics device space (origin bottom-left, y up) to Cairo's (origin top-left, y down).
    let deviceFlip: CGAffineTransform
    /// The graphics state and the states saved by `saveGState()`.
    var gstate = GraphicsState()
    var savedStates: [GraphicsState] = []
    /// The current path, in Cairo device coordinates (points were transformed by the CTM when added).
    var devicePath = CGMutablePath()

    /// The width of the bitmap, in pixels.
    public let width: Int
    /// The height of the bitmap, in pixels.
    public let height: Int
    /// The bytes from one row of the bitmap to the next.
    public let bytesPerRow: Int
    /// Bits in each component of a pixel: 8.
    public let bitsPerComponent: Int
    /// Bits in each pixel: 32, or 8 for an alpha-only bitmap.
    public let bitsPerPixel: Int
    /// The pixel layout the context was created with.
    public let bitmapInfo: CGBitmapInfo
    /// The colour space of the bitmap (nil for an alpha-only bitmap).
    public let colorSpace: CGColorSpace?
    /// The bitmap's memory: the caller's, or memory the context owns.
    public let data: UnsafeMutableRawPointer?

    /// The alpha layout of the bitmap.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .none }

    /// Creates a bitmap context, or returns nil for a layout Cairo cannot draw.
    ///
    /// Supported layouts, 8 bits a component: premultiplied or skipped alpha first with
    /// `byteOrder32Little` (Cairo's own, drawn in place); premultiplied or skipped alpha last in
    /// the default or big-endian order (RGBA bytes: the context draws into memory of its own and
    /// copies the result into `data` after every drawing operation); and `alphaOnly` at 8 bits a
    /// pixel. Pass nil `data` to let the context allocate (zeroed) memory and 0 `bytesPerRow` to
    /// let it choose the row length.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                 bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard bitsPerComponent == 8, !info.contains(.floatComponents), let alpha = info.alphaInfo,
              let layout = BitmapLayout(alpha: alpha, byteOrder: info.intersection(.byteOrderMask)) else { return nil }
        guard layout == .alphaOnly || space.model == .rgb else { return nil }
        let rows = bytesPerRow > 0 ? bytesPerRow : nil
        let created: CairoCanvas?
        switch layout {
        case .cairoNative(let format):
            created = CairoCanvas(width: width, height: height, format: format, pixels: data, bytesPerRow: rows)
        case .alphaOnly:
            created = CairoCanvas(width: width, height: height, format: CAIRO_FORMAT_A8, pixels: data, bytesPerRow: rows)
        case .rgbaMirrored:
            let rowBytes = rows ?? width * 4
            guard width > 0, height > 0, rowBytes >= width * 4, rowBytes <= Int(Int32.max) / height else { return nil }
            let memory = data ?? CairoCanvas.allocateZeroed(byteCount: rowBytes * height)
            created = CairoCanvas(width: width, height: height, format: CAIRO_FORMAT_ARGB32, pixels: nil,
                                  bytesPerRow: nil, mirroring: (memory, rowBytes), ownsMirror: data == nil)
            if created == nil, data == nil { memory.deallocate() }
        }
        guard let created else { return nil }
        self.init(canvas: created, asynchronous: false, bitmapInfo: info, colorSpace: layout == .alphaOnly ? nil : space,
                  data: data ?? created.callerVisiblePixels,
                  bytesPerRow: rows ?? (layout == .rgbaMirrored ? width * 4 : created.pixels.bytesPerRow),
                  bitsPerPixel: layout == .alphaOnly ? 8 : 32)
    }

    /// Creates a context over a canvas.
    init(canvas: CairoCanvas, asynchronous: Bool, bitmapInfo: CGBitmapInfo, colorSpace: CGColorSpace?,
         data: UnsafeMutableRawPointer?, bytesPerRow: Int, bitsPerPixel: Int) {
        self.canvas = canvas
        queue = asynchronous ? DispatchQueue(label: "org.openquartzcore.CGContext.drawing") : nil
        width = canvas.width
        height = canvas.height
        deviceFlip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(canvas.height))
        self.bitmapInfo = bitmapInfo
        self.colorSpace = colorSpace
        self.data = data
        self.bytesPerRow = bytesPerRow
        bitsPerComponent = 8
        self.bitsPerPixel = bitsPerPixel
        // Core Graphics' defaults where Cairo's differ: y-up user space and 1-unit lines.
        var flip = cairo_matrix_t(deviceFlip)
        cairo_set_matrix(canvas.cr, &flip)
        cairo_set_line_width(canvas.cr, 1)
    }

    /// Creates a premultiplied ARGB32 context of its own memory for a layer's backing store
    /// (a Linux addition used by Core Animation). `asynchronous` runs Cairo on a background queue.
    package convenience init?(backingStoreWidth width: Int, height: Int, asynchronous: Bool) {
        guard let canvas = CairoCanvas(width: width, height: height, format: CAIRO_FORMAT_ARGB32,
                                       pixels: nil, bytesPerRow: nil) else { return nil }
        self.init(canvas: canvas, asynchronous: asynchronous,
                  bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst).union(.byteOrder32Little),
                  colorSpace: CGColorSpace(name: CGColorSpace.sRGB), data: UnsafeMutableRawPointer(canvas.pixels.data),
                  bytesPerRow: canvas.pixels.bytesPerRow, bitsPerPixel: 32)
    }

    /// Runs Cairo work now, or queues it when the context draws asynchronously.
    func perform(_ work: @escaping @Sendable (CairoCanvas) -> Void) {
        let canvas = self.canvas
        if let queue {
            queue.async { work(canvas) }
        } else {
            work(canvas)
        }
    }

    /// Runs Cairo work after all queued work and returns its result.
    func performAndWait<T>(_ work: (CairoCanvas) -> T) -> T {
        if let queue { return queue.sync { work(canvas) } }
        return work(canvas)
    }

    /// Forces all pending drawing to finish and the bitmap memory to hold the result.
    public func flush() {
        performAndWait { $0.finishOperation() }
    }

    /// Waits for pending drawing; nothing is buffered beyond that.
    public func synchronize() {
        flush()
    }
}

/// How a bitmap's pixels relate to Cairo's formats.
enum BitmapLayout: Equatable {
    /// Cairo draws the caller's memory directly.
    case cairoNative(cairo_format_t)
    /// Premultiplied RGBA bytes: drawn in Cairo's ARGB32, copied back after each operation.
    case rgbaMirrored
    /// 8-bit alpha only.
    case alphaOnly

    init?(alpha: CGImageAlphaInfo, byteOrder: CGBitmapInfo) {
        switch (alpha, byteOrder) {
        case (.premultipliedFirst, .byteOrder32Little): self = .cairoNative(CAIRO_FORMAT_ARGB32)
        case (.noneSkipFirst, .byteOrder32Little): self = .cairoNative(CAIRO_FORMAT_RGB24)
        case (.premultipliedLast, .byteOrderDefault), (.premultipliedLast, .byteOrder32Big),
             (.noneSkipLast, .byteOrderDefault), (.noneSkipLast, .byteOrder32Big):
            self = .rgbaMirrored
        case (.alphaOnly, _): self = .alphaOnly
        default: return nil
        }
    }

    static func == (lhs: BitmapLayout, rhs: BitmapLayout) -> Bool {
        switch (lhs, rhs) {
        case (.cairoNative(let a), .cairoNative(let b)): a == b
        case (.rgbaMirrored, .rgbaMirrored), (.alphaOnly, .alphaOnly): true
        default: false
        }
    }
}
