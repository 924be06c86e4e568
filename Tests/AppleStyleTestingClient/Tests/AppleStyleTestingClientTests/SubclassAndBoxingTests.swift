import Testing
import QuartzCore

/// A `CALayer` subclass overriding a property and drawing, and transforms boxed in `NSValue`, as
/// Apple code writes them.
struct SubclassAndBoxingTests {
    final class CountingLayer: CALayer {
        var boundsSets = 0
        override var bounds: CGRect {
            didSet { boundsSets += 1 }
        }
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            ctx.fill(bounds)
        }
    }

    @Test func frameAndAutoresizingGoThroughTheOverriddenBoundsSetter() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CountingLayer()
        child.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        #expect(child.boundsSets == 1)
        child.autoresizingMask = [.layerWidthSizable]
        parent.addSublayer(child)
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(child.boundsSets == 2)
        #expect(child.bounds.width == 150)
    }

    @Test func subclassDrawingIsRendered() throws {
        let layer = CountingLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.setNeedsDisplay()
        let renderer = try CARenderer(cpuPixelWidth: 10, pixelHeight: 10)
        renderer.layer = layer
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
        renderer.addUpdate(renderer.bounds)
        renderer.render()
        renderer.endFrame()
        #expect(try renderer.makeImage().rgbaBytes(x: 5, y: 5) == [0, 255, 0, 255])
    }

    @Test func boxedTransformsWorkWithKeyValueCodingAndAnimations() throws {
        let layer = CALayer()
        let turn = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        layer.setValue(NSValue(caTransform3D: turn), forKey: "transform")
        #expect(CATransform3DEqualToTransform(layer.transform, turn))
        let boxed = try #require(layer.value(forKey: "transform") as? NSValue)
        #expect(CATransform3DEqualToTransform(boxed.caTransform3DValue, turn))
        let unboxed = try #require(layer.value(forKey: "transform") as? CATransform3D)
        #expect(CATransform3DEqualToTransform(unboxed, turn))

        let animation = CABasicAnimation(keyPath: "transform")
        animation.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        animation.toValue = NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1))
        animation.duration = 1
        layer.add(animation, forKey: "grow")
        #expect(layer.animation(forKey: "grow") != nil)
    }
}
