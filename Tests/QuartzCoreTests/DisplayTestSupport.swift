@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// A layer that counts its draws, remembers each context's clip, and fills its bounds with the
/// next colour of `colors` (cycling).
final class CountingLayer: CALayer {
    var drawCount = 0
    var clipBoxes: [CGRect] = []
    var ctms: [CGAffineTransform] = []
    var colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1)]

    override func draw(in ctx: CGContext) {
        clipBoxes.append(ctx.boundingBoxOfClipPath)
        ctms.append(ctx.ctm)
        ctx.setFillColor(colors[drawCount % colors.count])
        ctx.fill(bounds)
        drawCount += 1
    }
}

/// A pie-chart style progress layer: a custom animatable `progress` it draws as a bar
/// `progress` x the bounds width wide, in red.
final class ProgressLayer: CALayer {
    var progress: CGFloat {
        get {
            let value = self.value(forKey: "progress")
            return (value as? CGFloat) ?? (value as? Double).map { CGFloat($0) } ?? 0
        }
        set { setValue(newValue, forKey: "progress") }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

/// Sets `layer.progress` to 1 and adds a held linear animation of it from 0 to 1 over 1 s from
/// media time 1000 (the root layer's time is media time), in one transaction without actions.
func addHeldProgressAnimation(to layer: ProgressLayer) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.progress = 1
    let animation = CABasicAnimation(keyPath: "progress")
    animation.fromValue = 0.0
    animation.toValue = 1.0
    animation.duration = 1
    animation.beginTime = 1000
    animation.fillMode = .both
    animation.isRemovedOnCompletion = false
    layer.add(animation, forKey: "progress")
    CATransaction.commit()
}

/// The number of columns in row `y` of `image` that are opaque red.
func redColumns(_ image: CGImage?, row y: Int = 0) -> Int {
    guard let image else { return -1 }
    return (0..<image.width).filter { x in
        guard let p = image.premultipliedPixel(x: x, y: y) else { return false }
        return p.r == 255 && p.g == 0 && p.b == 0 && p.a == 255
    }.count
}

extension XCTestCase {
    /// A layer of `size` at the origin, committed.
    func committedLayer<L: CALayer>(_ layer: L, size: CGSize) -> L {
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        CATransaction.flush()
        return layer
    }

    /// The layer's contents as an image.
    func contentsImage(_ layer: CALayer, file: StaticString = #filePath, line: UInt = #line) throws -> CGImage {
        try XCTUnwrap(layer.contents as? CGImage, "contents is a CGImage", file: file, line: line)
    }

    /// Asserts the premultiplied RGBA of one pixel.
    func assertRGBA(_ image: CGImage, _ x: Int, _ y: Int, _ expected: [UInt8],
                    file: StaticString = #filePath, line: UInt = #line) {
        guard let p = image.premultipliedPixel(x: x, y: y) else {
            return XCTFail("(\(x), \(y)) outside the image", file: file, line: line)
        }
        XCTAssertEqual([p.r, p.g, p.b, p.a], expected, "pixel (\(x), \(y))", file: file, line: line)
    }
}
