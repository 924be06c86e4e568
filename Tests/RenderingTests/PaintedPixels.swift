import QuartzCore
import XCTest

/// What a bare RGBA8 bitmap context (premultiplied, origin bottom-left) holds after a drawing,
/// probed as GNUstep libs-quartzcore's `renderInContext:` tests probe Apple's: a pixel counts
/// as painted when any of its four bytes is not zero, and (x, y) counts y up from the bottom,
/// as a layer's geometry does in such a context.
struct PaintedPixels {
    let side: Int
    let bytes: [UInt8]

    /// The pixels of a cleared `side` x `side` context after `draw`.
    init(side: Int, _ draw: (CGContext) -> Void) throws {
        let ctx = try XCTUnwrap(CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: side * 4,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        draw(ctx)
        self.side = side
        bytes = [UInt8](try XCTUnwrap(ctx.makeImage()).data)
    }

    /// The four bytes of pixel (x, y).
    func pixel(_ x: Int, _ y: Int) -> ArraySlice<UInt8> {
        let offset = ((side - 1 - y) * side + x) * 4
        return bytes[offset..<offset + 4]
    }

    /// Whether anything was drawn on pixel (x, y); false outside the context.
    func isPainted(_ x: Int, _ y: Int) -> Bool {
        guard (0..<side).contains(x), (0..<side).contains(y) else { return false }
        return pixel(x, y).contains { $0 != 0 }
    }

    /// The number of pixels painted.
    var count: Int {
        stride(from: 0, to: bytes.count, by: 4).filter { bytes[$0..<$0 + 4].contains { $0 != 0 } }.count
    }

    /// Whether what is painted is exactly the pixels `x0..<x1` by `y0..<y1`, all of them.
    func areExactly(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Bool {
        (0..<side).allSatisfy { y in
            (0..<side).allSatisfy { x in isPainted(x, y) == ((x0..<x1).contains(x) && (y0..<y1).contains(y)) }
        }
    }
}
