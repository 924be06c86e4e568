import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// CAReplicatorLayer in the draw list: each instance is its sublayers flattened again
/// with the accumulated instanceTransform about the replicator's anchor, the instance colour
/// multiplied in and animations delayed by index × instanceDelay.
final class ReplicatorDrawListTests: XCTestCase {
    typealias P = DrawListProbe

    /// A 100 x 100 replicator at the origin with one 10 x 10 white square at (45, 0).
    private func replicator(count: Int) -> (root: CALayer, replicator: CAReplicatorLayer, square: CALayer) {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let r = CAReplicatorLayer()
        r.frame = root.bounds
        r.instanceCount = count
        let square = P.layer(CGRect(x: 45, y: 0, width: 10, height: 10), P.white)
        r.addSublayer(square)
        root.addSublayer(r)
        return (root, r, square)
    }

    /// The book's spinner: 12 instances rotated by 30° each about the replicator's centre; the
    /// square's centre (50, 5) goes round the circle of radius 45 about (50, 50).
    func testSpinnerInstancesGoRoundTheAnchor() throws {
        let (root, r, _) = replicator(count: 12)
        r.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        let quads = try P.list(root, width: 100, height: 100).quads
        XCTAssertEqual(quads.count, 12)
        for (k, quad) in quads.enumerated() {
            let centre = quad.transform.apply(Double(quad.rect.midX), Double(quad.rect.midY))
            let angle = Double(k) * .pi / 6
            // Rotation by +angle in y-down space: (0, -45) from the centre goes to (45 sin, -45 cos).
            XCTAssertEqual(centre.x, 50 + 45 * sin(angle), accuracy: 1e-6, "instance \(k)")
            XCTAssertEqual(centre.y, 50 - 45 * cos(angle), accuracy: 1e-6, "instance \(k)")
        }
    }

    /// instanceColor and the offsets multiply each instance's colours: instance k has
    /// green 1 − 0.25 k and alpha 1 − 0.2 k, premultiplied.
    func testInstanceColorAndOffsetsMultiplyFillColours() throws {
        let (root, r, _) = replicator(count: 3)
        r.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
        r.instanceColor = CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)
        r.instanceGreenOffset = -0.25
        r.instanceAlphaOffset = -0.2
        let quads = try P.list(root, width: 100, height: 100).quads
        XCTAssertEqual(quads.count, 3)
        for (k, quad) in quads.enumerated() {
            let alpha = Float(1 - 0.2 * Double(k)), green = Float(1 - 0.25 * Double(k))
            XCTAssertEqual(quad.fillColor.alpha, alpha, accuracy: 1e-6)
            XCTAssertEqual(quad.fillColor.red, 0.5 * alpha, accuracy: 1e-6)
            XCTAssertEqual(quad.fillColor.green, green * alpha, accuracy: 1e-6)
            XCTAssertEqual(quad.fillColor.blue, alpha, accuracy: 1e-6)
            XCTAssertEqual(quad.transform.apply(0, 0), CGPoint(x: 45, y: 20 * Double(k)))
        }
    }

    /// The book's reflection (Listing 6.9): two instances, the second flipped below the
    /// original (translate down by the height, scale y by −1) and dimmed by alpha offset −0.6.
    /// The image quad of the copy takes the alpha through its texture tint.
    func testReflectionFlipsBelowAndDims() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 200))
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        r.instanceCount = 2
        var transform = CATransform3DIdentity
        transform = CATransform3DTranslate(transform, 0, 100, 0)
        transform = CATransform3DScale(transform, 1, -1, 0)
        r.instanceTransform = transform
        r.instanceAlphaOffset = -0.6
        let image = CALayer()
        image.frame = r.bounds
        image.contents = CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data([0, 255, 0, 255]))!
        r.addSublayer(image)
        root.addSublayer(r)
        let quads = try P.list(root, width: 100, height: 200).quads.filter { $0.texture != nil }
        XCTAssertEqual(quads.count, 2)
        XCTAssertEqual(quads[0].textureTint, PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1))
        XCTAssertEqual(quads[1].textureTint.alpha, 0.4, accuracy: 1e-6)
        XCTAssertEqual(quads[1].textureTint.green, 0.4, accuracy: 1e-6, "premultiplied: white × 0.4")
        // The copy's top edge (y = 0) lands at the bottom of the reflection, y = 200; its bottom at 100.
        XCTAssertEqual(quads[1].transform.apply(0, 0).y, 200, accuracy: 1e-9)
        XCTAssertEqual(quads[1].transform.apply(0, 100).y, 100, accuracy: 1e-9)
    }

    /// instanceDelay shifts each instance's animations: with a 1 s fade of opacity from 1 to 0
    /// started at t0 and instanceDelay 0.25, at t0 + 0.5 instance k shows opacity 0.5 + 0.25 k.
    func testInstanceDelayShiftsAnimations() throws {
        let (root, r, square) = replicator(count: 3)
        r.instanceDelay = 0.25
        CATransaction.flush()
        let t0 = CACurrentMediaTime() + 100
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.beginTime = t0
        fade.duration = 1
        fade.fillMode = .both
        square.add(fade, forKey: "fade")
        let quads = try P.list(root, width: 100, height: 100, time: t0 + 0.5).quads
        XCTAssertEqual(quads.map(\.opacity).count, 3)
        for (k, quad) in quads.enumerated() {
            XCTAssertEqual(quad.opacity, Float(0.5 + 0.25 * Double(k)), accuracy: 1e-5, "instance \(k)")
        }
    }

    /// Zero instances draw no sublayer; the replicator's own background still draws.
    func testZeroInstancesDrawOnlyTheReplicator() throws {
        let (root, r, _) = replicator(count: 0)
        r.backgroundColor = P.red
        XCTAssertEqual(try P.list(root, width: 100, height: 100).quads.map(\.fillColor.red), [1])
    }

    /// With preservesDepth the instances are sorted in 3D: each instance is 10 points farther
    /// (z −10), so they draw back to front, the last instance first.
    func testPreservesDepthSortsInstances() throws {
        let (root, r, _) = replicator(count: 3)
        r.preservesDepth = true
        r.instanceTransform = CATransform3DMakeTranslation(5, 0, -10)
        r.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        r.instanceRedOffset = -0.5
        let quads = try P.list(root, width: 100, height: 100).quads
        XCTAssertEqual(quads.count, 3)
        // Instance 2 (red 0) is farthest, drawn first; instance 0 (red 1) nearest, last.
        XCTAssertEqual(quads.map(\.fillColor.red), [0, 0.5, 1])
        XCTAssertEqual(quads.map { $0.transform.apply(0, 0).x }, [55, 50, 45])
    }
}
