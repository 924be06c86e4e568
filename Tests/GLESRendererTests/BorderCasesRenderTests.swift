import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// The border cases the vertex stage settles per quad (quad.vert.glsl): a border that leaves no
/// inner rect, and a quad without a border drawn in a batch whose other quads have one.
final class BorderCasesRenderTests: XCTestCase {
    typealias S = RenderTestSupport

    /// CALayer.h: the border is drawn inset from the bounds by borderWidth; 12 on a 20-point-wide
    /// layer leaves no inner rect, so the border colour covers the whole layer.
    func testABorderWiderThanHalfTheQuadCoversItAll() throws {
        let renderer = try S.makeRenderer(width: 40, height: 40)
        let quad = Quad(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 20, height: 20),
                        fillColor: S.blue, borderWidth: 12, borderColor: S.red)
        let (image, _) = try S.render(renderer, width: 40, height: 40, quads: [quad])
        for (x, y) in [(10, 10), (20, 20), (19, 29), (29, 15)] {
            XCTAssertPixel(S.pixel(image, x, y), [255, 0, 0, 255], "(\(x), \(y)) is border")
        }
        XCTAssertEqual(S.pixel(image, 9, 20)[3], 0, "outside the quad")
        XCTAssertEqual(S.pixel(image, 30, 20)[3], 0, "outside the quad")
    }

    /// Two quads in one batch (one draw call, border variant): the bordered one paints its border
    /// colour on its edge, the one with borderWidth 0 its fill colour up to its edge.
    func testAQuadWithoutABorderInABorderedBatchKeepsItsFill() throws {
        let renderer = try S.makeRenderer(width: 64, height: 32)
        let rect = CGRect(x: 0, y: 0, width: 24, height: 24)
        let quads = [
            Quad(transform: .translation(4, 4), rect: rect, fillColor: S.blue, borderWidth: 3, borderColor: S.red),
            Quad(transform: .translation(36, 4), rect: rect, fillColor: S.green, borderColor: S.red),
        ]
        let (image, statistics) = try S.render(renderer, width: 64, height: 32, quads: quads)
        XCTAssertEqual(statistics.drawCalls, 1, "both quads are drawn by the border variant")
        XCTAssertPixel(S.pixel(image, 4, 16), [255, 0, 0, 255], "the first quad's border")
        XCTAssertPixel(S.pixel(image, 16, 16), [0, 0, 255, 255], "the first quad's fill")
        XCTAssertPixel(S.pixel(image, 36, 16), [0, 255, 0, 255], "the second quad's edge pixel: its fill, no border")
        XCTAssertPixel(S.pixel(image, 59, 27), [0, 255, 0, 255], "the second quad's corner pixel")
    }
}
