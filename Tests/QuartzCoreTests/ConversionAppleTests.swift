import XCTest
import QuartzCore

/// Converting points and rectangles between layers, with the values GNUstep libs-quartzcore
/// `Tests/quartzcore/CALayer/conversion.m` measured against Apple's QuartzCore.
final class ConversionAppleTests: XCTestCase {
    private func layer(_ bounds: CGRect, _ position: CGPoint) -> CALayer {
        let layer = CALayer()
        layer.bounds = bounds
        layer.position = position
        return layer
    }

    /// A 200 × 200 parent at (100, 100) holding a 50 × 50 child at (100, 50).
    private func pair() -> (CALayer, CALayer) {
        let parent = layer(CGRect(x: 0, y: 0, width: 200, height: 200), CGPoint(x: 100, y: 100))
        let child = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 100, y: 50))
        parent.addSublayer(child)
        return (parent, child)
    }

    func testBetweenALayerAndItsSuperlayer() {
        let (parent, child) = pair()
        assertPoint(child.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 75, y: 25), accuracy: 1e-4)
        assertPoint(child.convert(CGPoint(x: 50, y: 50), to: parent), CGPoint(x: 125, y: 75), accuracy: 1e-4)
        assertPoint(parent.convert(CGPoint(x: 0, y: 0), to: child), CGPoint(x: -75, y: -25), accuracy: 1e-4)
        assertPoint(child.convert(CGPoint(x: 0, y: 0), from: parent), CGPoint(x: -75, y: -25), accuracy: 1e-4)
        assertRect(child.convert(CGRect(x: 0, y: 0, width: 10, height: 20), to: parent),
                   CGRect(x: 75, y: 25, width: 10, height: 20), accuracy: 1e-4)
        parent.bounds = CGRect(x: 10, y: 20, width: 200, height: 200)
        assertPoint(child.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 75, y: 25), accuracy: 1e-4)
    }

    func testTransforms() {
        let (parent, child) = pair()
        child.transform = CATransform3DMakeScale(2, 2, 1)
        assertPoint(child.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 50, y: 0), accuracy: 1e-4)
        assertRect(child.convert(CGRect(x: 0, y: 0, width: 10, height: 20), to: parent),
                   CGRect(x: 50, y: 0, width: 20, height: 40), accuracy: 1e-4)

        let (host, moved) = pair()
        host.sublayerTransform = CATransform3DMakeTranslation(10, 20, 0)
        assertPoint(moved.convert(CGPoint(x: 0, y: 0), to: host), CGPoint(x: 85, y: 45), accuracy: 1e-4)

        let (scaling, shifted) = pair()
        scaling.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        shifted.transform = CATransform3DMakeTranslation(5, 6, 0)
        assertPoint(shifted.convert(CGPoint(x: 0, y: 0), to: scaling), CGPoint(x: 60, y: -38), accuracy: 1e-4)
    }

    func testAcrossAndBetweenTrees() {
        let g0 = layer(CGRect(x: 0, y: 0, width: 400, height: 400), CGPoint(x: 200, y: 200))
        let g1 = layer(CGRect(x: 0, y: 0, width: 200, height: 200), CGPoint(x: 100, y: 100))
        let g2 = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 25, y: 25))
        g0.addSublayer(g1)
        g1.addSublayer(g2)
        assertPoint(g2.convert(CGPoint.zero, to: g0), .zero, accuracy: 1e-4)
        assertPoint(g0.convert(CGPoint.zero, to: g2), .zero, accuracy: 1e-4)

        let u1 = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 25, y: 25))
        let u2 = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 500, y: 500))
        assertPoint(u1.convert(CGPoint.zero, to: u2), CGPoint(x: -475, y: -475), accuracy: 1e-4)

        let (parent, child) = pair()
        child.removeFromSuperlayer()
        // A detached layer converts as a root of its own.
        assertPoint(child.convert(CGPoint.zero, to: parent), CGPoint(x: 75, y: 25), accuracy: 1e-4)
    }
}
