import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// Pixel probes for the pictures `SpecializedContents` draws.
extension CGImage {
    /// The alpha of the pixel at column `x`, row `y` (0 outside the image).
    func alpha(_ x: Int, _ y: Int) -> UInt8 { premultipliedPixel(x: x, y: y)?.a ?? 0 }

    /// The smallest rectangle of pixels (columns, rows) whose alpha is above `threshold`; nil when there is none.
    func inkBox(threshold: UInt8 = 0) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<height {
            for x in 0..<width where alpha(x, y) > threshold {
                box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
        }
        return box
    }

    /// The number of pixels with alpha above `threshold` in rows `rows` (all columns).
    func inkCount(rows: Range<Int>, columns: Range<Int>? = nil, threshold: UInt8 = 0) -> Int {
        var count = 0
        for y in rows.clamped(to: 0..<height) {
            for x in (columns ?? 0..<width).clamped(to: 0..<width) where alpha(x, y) > threshold { count += 1 }
        }
        return count
    }
}

/// A layer state of `bounds` with a shape payload set up by `configure`.
func shapeState(bounds: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100),
                _ configure: (inout ShapeLayerState) -> Void) -> LayerState {
    var state = LayerState()
    state.bounds = bounds
    var shape = ShapeLayerState()
    configure(&shape)
    state.shape = shape
    return state
}

/// A layer state of `bounds` with a text payload in black, `fontSize` points, set up by `configure`.
func textState(_ string: String, bounds: CGRect, fontSize: CGFloat = 20,
               _ configure: (inout TextLayerState) -> Void = { _ in }) -> LayerState {
    var state = LayerState()
    state.bounds = bounds
    var text = TextLayerState()
    text.runs = [TextLayerRun(text: string)]
    text.fontSize = fontSize
    text.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    configure(&text)
    state.text = text
    return state
}

/// A straight line path.
func linePath(from a: CGPoint, to b: CGPoint) -> CGPath {
    let path = CGMutablePath()
    path.move(to: a)
    path.addLine(to: b)
    return path
}
