import CompositorCore
import ExampleScenes
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// The book's chapter 6 scenes: their draw lists, and pixel probes of what renders today.
final class Chapter6SceneTests: XCTestCase {
    private func list(_ scene: ExampleScene, time: CFTimeInterval = 0) throws -> DrawList {
        let root = scene.makeRoot()
        return try DrawListProbe.list(root, width: Int(scene.size.width), height: Int(scene.size.height), time: time)
    }

    /// Listing 6.8: ten squares, instance k with green and blue 1 − 0.1 k, the last one
    /// rotated 9 × 36° about the ring's centre (250, 250).
    func testReplicatorRing() throws {
        let squares = try list(.replicatorRing).quads.dropFirst() // the black root first
        XCTAssertEqual(squares.count, 10)
        for (k, quad) in squares.enumerated() {
            XCTAssertEqual(quad.fillColor.green, Float(1 - 0.1 * Double(k)), accuracy: 1e-5)
            XCTAssertEqual(quad.fillColor.red, 1)
            // T(0, 200) R(36°) T(0, −200) about the replicator's centre (250, 200) is a rotation
            // about (250, 400); the square's centre, the replicator's, is 200 above it.
            let centre = quad.transform.apply(50, 50)
            let angle = Double(k) * .pi / 5
            XCTAssertEqual(centre.x, 250 + 200 * sin(angle), accuracy: 1e-6)
            XCTAssertEqual(centre.y, 400 - 200 * cos(angle), accuracy: 1e-6)
        }
    }

    /// Listing 6.13: 150 sparks a second, all alive after 2 s (lifetime 5): 301 additive quads.
    func testFireEmitsAdditiveSparks() throws {
        let root = ExampleScene.fire.makeRoot()
        let t0 = CACurrentMediaTime() + 20
        _ = try DrawListProbe.list(root, width: 300, height: 300, time: t0)
        let sparks = try DrawListProbe.list(root, width: 300, height: 300, time: t0 + 2.0005).quads.filter { $0.texture != nil }
        XCTAssertEqual(sparks.count, 301)
        XCTAssertTrue(sparks.allSatisfy { $0.blendMode == .plusLighter })
        // Alpha 1 − 0.4 × age: the oldest (age 2) at 0.2.
        XCTAssertEqual(sparks.map(\.textureTint.alpha).min() ?? 0, 0.2, accuracy: 1e-3)
    }

    /// Listing 6.9 renders: the copy is the original flipped about the gap below it and at 40%
    /// over black: the copy's pixel at y = 20 + 120 + 2 + (120 − 5) = 257 is the original's at
    /// y = 25 (its row 5) times 0.4.
    func testReflectionPixels() throws {
        let image = try SceneRenderer.render(.reflection)
        let original = try XCTUnwrap(image.premultipliedPixel(x: 60, y: 25))
        let copy = try XCTUnwrap(image.premultipliedPixel(x: 60, y: 257))
        XCTAssertGreaterThan(original.r, 200)
        XCTAssertEqual(Double(copy.r), 0.4 * Double(original.r), accuracy: 2)
        XCTAssertEqual(Double(copy.g), 0.4 * Double(original.g), accuracy: 2)
        XCTAssertEqual(Double(copy.b), 0.4 * Double(original.b), accuracy: 2)
    }

    /// Listing 6.10 renders: scrolled to (150, 100), the view's pixel (150, 190) shows the
    /// picture's point (300, 290), which is the sprite sheet's pixel (300, 290) (one pixel a point).
    func testScrollingPixels() throws {
        let image = try SceneRenderer.render(.scrolling)
        let shown = try XCTUnwrap(image.premultipliedPixel(x: 150, y: 190))
        let source = try XCTUnwrap(ImageFactory.spriteSheet(cell: 240).premultipliedPixel(x: 300, y: 290))
        XCTAssertEqual(Int(shown.r), Int(source.r), accuracy: 2)
        XCTAssertEqual(Int(shown.g), Int(source.g), accuracy: 2)
        XCTAssertEqual(Int(shown.b), Int(source.b), accuracy: 2)
        // And not the unscrolled picture's pixel (150, 190), in another cell.
        let unscrolled = try XCTUnwrap(ImageFactory.spriteSheet(cell: 240).premultipliedPixel(x: 150, y: 190))
        XCTAssertNotEqual([unscrolled.r, unscrolled.g, unscrolled.b], [source.r, source.g, source.b])
    }
}
