import QuartzCore
import XCTest

/// What a bare RGBA8 bitmap context (premultiplied, origin bottom-left) holds after a drawing,
/// probed as GNUstep libs-quartzcore's `renderInContext:` tests probe Apple's: a pixel counts
/// as painted when any of its four bytes is not zero, and (x, y) counts y up from the bottom,
/// as a layer's geometry does in such a context.
struct PaintedPixels {
    let width: Int, height: Int
    let bytes: [UInt8]

    /// The pixels of a cleared `width` x `height` context after `draw`.
    init(width: Int, height: Int, _ draw: (CGContext) -> Void) throws {
        let ctx = try XCTUnwrap(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        draw(ctx)
        self.width = width; self.height = height
        bytes = [UInt8](try XCTUnwrap(ctx.makeImage()).data)
    }

    /// The pixels of a cleared `side` x `side` context after `draw`.
    init(side: Int, _ draw: (CGContext) -> Void) throws {
        try self.init(width: side, height: side, draw)
    }

    /// The four bytes of pixel (x, y): red, green, blue, alpha.
    func pixel(_ x: Int, _ y: Int) -> ArraySlice<UInt8> {
        let offset = ((height - 1 - y) * width + x) * 4
        return bytes[offset..<offset + 4]
    }

    /// Whether anything was drawn on pixel (x, y); false outside the context.
    func isPainted(_ x: Int, _ y: Int) -> Bool {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return false }
        return pixel(x, y).contains { $0 != 0 }
    }

    /// The red, green and blue bytes of pixel (x, y).
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let p = pixel(x, y)
        return (Int(p[p.startIndex]), Int(p[p.startIndex + 1]), Int(p[p.startIndex + 2]))
    }

    /// The smallest box around what is painted (minX, minY, maxX, maxY, inclusive), nil when nothing is.
    var paintedBox: (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
        for y in 0..<height {
            for x in 0..<width where isPainted(x, y) {
                box = box.map { (min($0.x0, x), min($0.y0, y), max($0.x1, x), max($0.y1, y)) } ?? (x, y, x, y)
            }
        }
        return box
    }

    /// The number of pixels painted.
    var count: Int {
        stride(from: 0, to: bytes.count, by: 4).filter { bytes[$0..<$0 + 4].contains { $0 != 0 } }.count
    }

    /// Whether what is painted is exactly the pixels `x0..<x1` by `y0..<y1`, all of them.
    func areExactly(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Bool {
        (0..<height).allSatisfy { y in
            (0..<width).allSatisfy { x in isPainted(x, y) == ((x0..<x1).contains(x) && (y0..<y1).contains(y)) }
        }
    }
}
