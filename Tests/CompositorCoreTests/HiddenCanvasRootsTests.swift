import CoreGraphics
@testable import CompositorCore
import XCTest

/// Which pixels an opaque quad replaces whole, and which canvas roots it hides.
final class HiddenCanvasRootsTests: XCTestCase {
    private let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)

    func testPixelAlignedEdgesReplaceTheirPixelsAndOthersAPixelInside() {
        let aligned = HiddenCanvasRoots.innerPixels(of: CGRect(x: 10, y: 0, width: 20, height: 10), transform: .translation(5, 2))
        XCTAssertEqual(aligned, PixelRect(x: 15, y: 2, width: 20, height: 10))
        // 10.25 ... 30.25: columns from 12 (11.25 rounded up) to 29 (29.25 rounded down); the
        // rows, on pixel boundaries, whole.
        let fractional = HiddenCanvasRoots.innerPixels(of: CGRect(x: 10.25, y: 0, width: 20, height: 10), transform: .identity)
        XCTAssertEqual(fractional, PixelRect(x: 12, y: 0, width: 17, height: 10))
        // Scaled by 2: 20 ... 60 (aligned).
        XCTAssertEqual(HiddenCanvasRoots.innerPixels(of: CGRect(x: 10, y: 10, width: 20, height: 20), transform: .scale(2, 2)),
                       PixelRect(x: 20, y: 20, width: 40, height: 40))
        // Flipped, turned or in perspective: unknown.
        XCTAssertNil(HiddenCanvasRoots.innerPixels(of: CGRect(x: 0, y: 0, width: 20, height: 20), transform: .scale(-1, 1)))
        var perspective = Matrix4.identity
        perspective.m14 = 0.001
        XCTAssertNil(HiddenCanvasRoots.innerPixels(of: CGRect(x: 0, y: 0, width: 20, height: 20), transform: perspective))
    }

    func testOnlyOpaqueUnblurredSquareQuadsReplaceTheirPixels() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 30)
        XCTAssertNotNil(HiddenCanvasRoots.replacedPixels(of: Quad(transform: .identity, rect: rect, fillColor: black), clips: []))
        var translucent = Quad(transform: .identity, rect: rect, fillColor: black)
        translucent.opacity = 0.99
        XCTAssertNil(HiddenCanvasRoots.replacedPixels(of: translucent, clips: []))
        let rounded = Quad(transform: .identity, rect: rect, fillColor: black, cornerRadii: CornerRadii(uniform: 4))
        XCTAssertNil(HiddenCanvasRoots.replacedPixels(of: rounded, clips: []))
        func gradient(alpha: Float) -> Quad {
            Quad(transform: .identity, rect: rect, gradient: GradientFill(kind: .axial, startPoint: .zero, endPoint: CGPoint(x: 0, y: 30), stops: [
                .init(location: 0, red: 0.1, green: 0.2, blue: 0.3, alpha: 1), .init(location: 1, red: 0, green: 0, blue: 0, alpha: alpha),
            ]))
        }
        XCTAssertEqual(HiddenCanvasRoots.replacedPixels(of: gradient(alpha: 1), clips: []), PixelRect(x: 0, y: 0, width: 40, height: 30))
        XCTAssertNil(HiddenCanvasRoots.replacedPixels(of: gradient(alpha: 0.5), clips: []))
        // A square clip cuts the pixels; a rounded one leaves them unknown.
        var clipped = Quad(transform: .identity, rect: rect, fillColor: black)
        clipped.clipIndex = 0
        XCTAssertEqual(HiddenCanvasRoots.replacedPixels(of: clipped, clips: [Clip(transform: .identity, rect: CGRect(x: 10, y: 0, width: 100, height: 100))]),
                       PixelRect(x: 10, y: 0, width: 30, height: 30))
        XCTAssertNil(HiddenCanvasRoots.replacedPixels(of: clipped, clips: [Clip(transform: .identity, rect: rect, cornerRadii: CornerRadii(uniform: 2))]))
    }

    func testALaterOpaqueQuadHidesTheRootsWithinIt() {
        let screen = DrawCommand.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 50), fillColor: black))
        let small = DrawCommand.quad(Quad(transform: .identity, rect: CGRect(x: 10, y: 10, width: 20, height: 20),
                                          fillColor: PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5)))
        let cover = DrawCommand.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 50),
                                          fillColor: PremultipliedColor(red: 0, green: 0, blue: 0.4, alpha: 1)))
        let tree = DrawListTree([screen, small, cover, small])
        var filter = HiddenCanvasRoots()
        XCTAssertTrue(filter.filter(tree.roots, of: tree, clips: [], width: 100, height: 50))
        XCTAssertEqual(filter.visible, [2, 3])
        XCTAssertEqual(filter.hiddenCount, 2)
        // Nothing before the only opaque quad: nothing left out.
        let none = DrawListTree([cover, small])
        XCTAssertFalse(filter.filter(none.roots, of: none, clips: [], width: 100, height: 50))
        XCTAssertEqual(filter.hiddenCount, 0)
    }

    func testAGroupEndsTheCoverWhereTheListReadsBackdrops() {
        let screen = DrawCommand.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 50), fillColor: black))
        var frost = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 60, height: 40),
                         fillColor: PremultipliedColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.2))
        let plain = DrawCommand.quad(frost)
        frost.backdrop = BackdropFilter(filters: [.blur(sigma: 4)])
        let group = DrawCommand.beginGroup(CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 60, height: 40),
                                                            pixelWidth: 60, pixelHeight: 40))
        let cover = DrawCommand.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 50),
                                          fillColor: PremultipliedColor(red: 0, green: 0, blue: 0.4, alpha: 1)))
        var filter = HiddenCanvasRoots()
        // A group of plain quads between the screen and the cover: the screen is hidden.
        let plainGroup = DrawListTree([screen, group, plain, .endGroup, cover])
        XCTAssertTrue(filter.filter(plainGroup.roots, of: plainGroup, clips: [], width: 100, height: 50))
        XCTAssertEqual(filter.hiddenCount, 1)
        XCTAssertEqual(filter.visible.count, 2)
        // Frosted glass in the group blurs, at its visible edges, what lies under the cover's
        // edge: the screen stays.
        let frosted = DrawListTree([screen, group, .quad(frost), .endGroup, cover])
        XCTAssertFalse(filter.filter(frosted.roots, of: frosted, clips: [], width: 100, height: 50))
        XCTAssertEqual(filter.hiddenCount, 0)
    }
}
