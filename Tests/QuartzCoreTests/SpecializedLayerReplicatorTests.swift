import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// CAReplicatorLayer's per-instance transforms, colours and delays, with the book's ring and
/// reflection examples (Listings 6.8 and 6.9).
final class SpecializedLayerReplicatorTests: XCTestCase {
    private func assertTransform(_ a: CATransform3D, _ b: CATransform3D, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.entries, b.entries) { XCTAssertEqual(x, y, accuracy: 1e-9, file: file, line: line) }
    }

    private func apply(_ t: CATransform3D, _ p: CGPoint) -> CGPoint {
        let r = t.transform(x: p.x, y: p.y, z: 0)
        return CGPoint(x: r.x / r.w, y: r.y / r.w)
    }

    func testRingInstancesAccumulateTheTransformAndColourOffsets() {
        let replicator = CAReplicatorLayer()
        replicator.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        replicator.instanceCount = 10
        var step = CATransform3DIdentity
        step = CATransform3DTranslate(step, 0, 200, 0)
        step = CATransform3DRotate(step, .pi / 5, 0, 0, 1)
        step = CATransform3DTranslate(step, 0, -200, 0)
        replicator.instanceTransform = step
        replicator.instanceBlueOffset = -0.1
        replicator.instanceGreenOffset = -0.1

        let instances = ReplicatorLayerState.instances(of: replicator.state)
        XCTAssertEqual(instances.count, 10)
        // Instance k is the same construction with k times the angle.
        for k in [0, 1, 3, 9] {
            var expected = CATransform3DIdentity
            expected = CATransform3DTranslate(expected, 0, 200, 0)
            expected = CATransform3DRotate(expected, CGFloat(k) * .pi / 5, 0, 0, 1)
            expected = CATransform3DTranslate(expected, 0, -200, 0)
            assertTransform(instances[k].transform, expected)
        }
        XCTAssertEqual(instances[0].color.red, 1)
        XCTAssertEqual(instances[3].color.green, 0.7, accuracy: 1e-6)
        XCTAssertEqual(instances[3].color.blue, 0.7, accuracy: 1e-6)
        XCTAssertEqual(instances[9].color.blue, 0.1, accuracy: 1e-6)
        XCTAssertEqual(instances[9].color.red, 1)
        XCTAssertEqual(instances[9].color.alpha, 1)
    }

    func testReflectionInstanceFlipsBelowTheOriginalAboutTheCentre() {
        let height: CGFloat = 50
        let replicator = CAReplicatorLayer()
        replicator.bounds = CGRect(x: 0, y: 0, width: 100, height: height)
        replicator.instanceCount = 2
        var transform = CATransform3DIdentity
        transform = CATransform3DTranslate(transform, 0, height + 2, 0)
        transform = CATransform3DScale(transform, 1, -1, 0)
        replicator.instanceTransform = transform
        replicator.instanceAlphaOffset = -0.6

        let instances = ReplicatorLayerState.instances(of: replicator.state)
        XCTAssertEqual(instances.count, 2)
        assertTransform(instances[0].boundsTransform, CATransform3DIdentity)
        // About the centre (y 25): y -> 25 - (y - 25) + 52 = 102 - y. The top edge lands 2
        // points below the bottom, the bottom edge at the far end.
        let top = apply(instances[1].boundsTransform, CGPoint(x: 10, y: 0))
        let bottom = apply(instances[1].boundsTransform, CGPoint(x: 10, y: height))
        XCTAssertEqual(top.x, 10, accuracy: 1e-9)
        XCTAssertEqual(top.y, 102, accuracy: 1e-9)
        XCTAssertEqual(bottom.y, 52, accuracy: 1e-9)
        XCTAssertEqual(instances[1].color.alpha, 0.4, accuracy: 1e-6)
    }

    func testInstanceDelaysAndColourClamping() {
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 4
        replicator.instanceDelay = 0.2
        replicator.instanceColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        replicator.instanceRedOffset = 0.3
        let instances = ReplicatorLayerState.instances(of: replicator.state)
        for (instance, expected) in zip(instances, [0, 0.2, 0.4, 0.6]) {
            XCTAssertEqual(instance.timeOffset, expected, accuracy: 1e-12)
        }
        for (instance, expected) in zip(instances, [0.5, 0.8, 1, 1]) {
            XCTAssertEqual(instance.color.red, expected, accuracy: 1e-6, "components clamp at 1")
        }
        XCTAssertEqual(instances[2].color.green, 0.5)
    }

    func testNoInstancesForACountOfZero() {
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 0
        XCTAssertTrue(ReplicatorLayerState.instances(of: replicator.state).isEmpty)
    }
}
