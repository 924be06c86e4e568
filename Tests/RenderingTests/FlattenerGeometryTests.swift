@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer
import CompositorCore
import XCTest

/// The flattener's pure parts: group sizes, transition layouts, path coverage, depth.
final class FlattenerGeometryTests: XCTestCase {
    func testGroupDensityIsTheLargestStretchOfTheTransform() throws {
        // Rotation by 30° and scale 2: two pixels per unit in every direction.
        let m = CATransform3DScale(CATransform3DMakeRotation(.pi / 6, 0, 0, 1), 2, 2, 1)
        XCTAssertEqual(GroupGeometry.pixelsPerUnit(m, over: CGRect(x: 0, y: 0, width: 10, height: 10)), 2, accuracy: 1e-9)
        // Scale 3 x 1: the largest singular value is 3.
        XCTAssertEqual(GroupGeometry.pixelsPerUnit(CATransform3DMakeScale(3, 1, 1), over: .zero), 3, accuracy: 1e-9)
        // Perspective: the edge nearest the eye is stretched most. A 100-wide rect turned 60°
        // about y under m34 = -1/500: its near edge x = -50 sits at z = 50 sin 60°, scale
        // 1 / (1 - z / 500) there, which bounds the stretch from above.
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let turned = CATransform3DConcat(CATransform3DMakeRotation(.pi / 3, 0, 1, 0), p)
        let k = GroupGeometry.pixelsPerUnit(turned, over: CGRect(x: -50, y: -50, width: 100, height: 100))
        XCTAssertEqual(k, 1 / (1 - 50 * sin(CGFloat.pi / 3) / 500), accuracy: 1e-9)
    }

    func testGroupsAreWholePixelsAlignedAndCapped() throws {
        let translate = CATransform3DMakeTranslation(10.25, 3.5, 0)
        let g = try XCTUnwrap(GroupGeometry(covering: CGRect(x: 0, y: 0, width: 20.2, height: 10), world: translate))
        // The origin moves to the pixel boundary at or left of 10.25 (x = -0.25) and up to 3 (y = -0.5).
        XCTAssertEqual(g.rect.origin, CGPoint(x: -0.25, y: -0.5))
        XCTAssertEqual(g.pixelWidth, 21)
        XCTAssertEqual(g.pixelHeight, 11)
        let huge = try XCTUnwrap(GroupGeometry(covering: CGRect(x: 0, y: 0, width: 10_000, height: 100),
                                               world: CATransform3DIdentity))
        XCTAssertEqual(huge.pixelWidth, GroupGeometry.maximumPixelSize)
        XCTAssertEqual(huge.pixelHeight, 41) // 100 x 4096 / 10000 = 40.96
        XCTAssertNil(GroupGeometry(covering: .null, world: CATransform3DIdentity))
        let raster = try XCTUnwrap(GroupGeometry(covering: CGRect(x: 0.3, y: 0, width: 10, height: 10),
                                                 world: translate, fixedScale: 2))
        XCTAssertEqual(raster.rect.minX, 0)
        XCTAssertEqual(raster.pixelWidth, 21)
    }

    func testTransitionLayouts() {
        let size = CGSize(width: 100, height: 60)
        let push = TransitionLayout(type: .push, subtype: .fromLeft, progress: 0.25, size: size)
        XCTAssertEqual(push.before.offset, CGSize(width: 25, height: 0))
        XCTAssertEqual(push.after.offset, CGSize(width: -75, height: 0))
        let nilSubtype = TransitionLayout(type: .push, subtype: nil, progress: 0.25, size: size)
        XCTAssertEqual(nilSubtype, push)
        let reveal = TransitionLayout(type: .reveal, subtype: .fromRight, progress: 0.5, size: size)
        XCTAssertEqual(reveal.before.offset, CGSize(width: -50, height: 0))
        XCTAssertEqual(reveal.after.offset, .zero)
        XCTAssertTrue(reveal.beforeOnTop)
        let fade = TransitionLayout(type: CATransitionType(rawValue: "cube"), subtype: nil, progress: 0.3, size: size)
        XCTAssertEqual(fade.before.opacity, 0.7, accuracy: 1e-6)
        XCTAssertEqual(fade.after.opacity, 0.3, accuracy: 1e-6)
    }

    func testPathCoverageSamplesSixteenPointsPerPixel() throws {
        // A square from (0.5, 0.5) to (2.5, 2.5): pixel (0, 0) is a quarter covered, (1, 1) fully.
        let square = CGPath(rect: CGRect(x: 0.5, y: 0.5, width: 2, height: 2), transform: nil)
        let coverage = try XCTUnwrap(PathCoverage(path: square, scale: 1))
        XCTAssertEqual(coverage.rect, CGRect(x: 0, y: 0, width: 3, height: 3))
        XCTAssertEqual(coverage.image.premultipliedPixel(x: 0, y: 0)?.a, 64)
        XCTAssertEqual(coverage.image.premultipliedPixel(x: 1, y: 1)?.a, 255)
        XCTAssertEqual(coverage.image.premultipliedPixel(x: 2, y: 1)?.a, 128)
        // A circle of radius 20 at scale 2 covers π 40² pixels, within 0.5%.
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        let disc = try XCTUnwrap(PathCoverage(path: circle, scale: 2))
        let total = stride(from: 3, to: disc.image.data.count, by: 4).reduce(0) { $0 + Int(disc.image.data[$1]) }
        XCTAssertEqual(Double(total) / 255, Double.pi * 1600, accuracy: Double.pi * 1600 * 0.005)
    }

    func testNonZeroWindingFillsOverlaps() throws {
        // Two overlapping squares wound the same way: the overlap stays filled.
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        path.addRect(CGRect(x: 2, y: 0, width: 4, height: 4))
        let coverage = try XCTUnwrap(PathCoverage(path: path, scale: 1))
        XCTAssertEqual(coverage.image.premultipliedPixel(x: 3, y: 2)?.a, 255)
    }

    func testDepthIsTheMeanProjectedZ() {
        let m = CATransform3DMakeTranslation(0, 0, 30)
        XCTAssertEqual(DepthSorter.item(CGRect(x: 0, y: 0, width: 10, height: 10), scene: m).depth, 30)
        let items = [3.0, -1, 3, 0].map { DepthSorter.Item(corners: nil, depth: $0) }
        XCTAssertEqual(DepthSorter.backToFront(items), [1, 3, 0, 2])
    }
}
