import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Pixel probes of what a quad paints: rounded corners, borders, opacity, textures and filters.
final class AppearanceRenderTests: XCTestCase {
    typealias S = RenderTestSupport

    func testRoundedCornerIsCutAndAntialiasedOnTheArc() throws {
        let renderer = try S.makeRenderer(width: 128, height: 128)
        // 100x100 at (10, 10), radius 30: the top-left arc is centred at (40, 40).
        let quad = Quad(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 100, height: 100),
                        fillColor: S.red, cornerRadii: CornerRadii(uniform: 30))
        let (image, _) = try S.render(renderer, width: 128, height: 128, quads: [quad])
        XCTAssertEqual(S.pixel(image, 10, 10)[3], 0, "the corner pixel is outside the arc")
        XCTAssertPixel(S.pixel(image, 22, 22), [255, 0, 0, 255], "inside the radius")
        // Pixel (11, 30): its centre (11.5, 30.5) is sqrt(28.5^2 + 9.5^2) = 30.04 px from the arc's
        // centre, 0.04 outside the arc, so about 46% of it is covered.
        let distance = ((40 - 11.5) * (40 - 11.5) + (40 - 30.5) * (40 - 30.5)).squareRoot()
        let expectedAlpha = (0.5 - (distance - 30)) * 255
        XCTAssertEqual(Double(S.pixel(image, 11, 30)[3]), expectedAlpha, accuracy: 30)
        XCTAssertPixel(S.pixel(image, 60, 60), [255, 0, 0, 255])
    }

    func testBorderIsInsideTheEdgeAndFillBeginsBeyondIt() throws {
        let renderer = try S.makeRenderer(width: 128, height: 128)
        let quad = Quad(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 100, height: 100),
                        fillColor: S.blue, borderWidth: 5, borderColor: S.red)
        let (image, _) = try S.render(renderer, width: 128, height: 128, quads: [quad])
        XCTAssertPixel(S.pixel(image, 10, 60), [255, 0, 0, 255], "just inside the left edge")
        XCTAssertPixel(S.pixel(image, 14, 60), [255, 0, 0, 255], "last border pixel (border is 10..<15)")
        XCTAssertPixel(S.pixel(image, 16, 60), [0, 0, 255, 255], "borderWidth + 1 inside: fill")
        XCTAssertPixel(S.pixel(image, 60, 109), [255, 0, 0, 255], "bottom border")
        XCTAssertPixel(S.pixel(image, 60, 103), [0, 0, 255, 255])
        XCTAssertEqual(S.pixel(image, 9, 60)[3], 0)
    }

    func testHalfOpacityBlendsOverTheClearColor() throws {
        let renderer = try S.makeRenderer(width: 32, height: 32)
        let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 32), fillColor: S.red, opacity: 0.5)
        let (image, _) = try S.render(renderer, width: 32, height: 32, clear: S.blue, quads: [quad])
        // Premultiplied source-over: 0.5 * red + (1 - 0.5) * blue.
        XCTAssertPixel(S.pixel(image, 16, 16), [128, 0, 128, 255])
    }

    func testOpaqueQuadIsDrawnWithoutBlendingInItsOwnBatch() throws {
        let renderer = try S.makeRenderer(width: 32, height: 32)
        let rect = CGRect(x: 0, y: 0, width: 16, height: 16)
        let quads = [
            Quad(transform: .identity, rect: rect, fillColor: S.red, opacity: 0.5),
            Quad(transform: .translation(8, 8), rect: rect, fillColor: S.blue, isOpaque: true),
            Quad(transform: .translation(16, 16), rect: rect, fillColor: S.green, opacity: 0.5),
        ]
        let (image, statistics) = try S.render(renderer, width: 32, height: 32, quads: quads)
        XCTAssertEqual(statistics.drawCalls, 3, "blended, opaque, blended")
        XCTAssertPixel(S.pixel(image, 12, 12), [0, 0, 255, 255], "the opaque quad replaces what is under it")
        XCTAssertPixel(S.pixel(image, 4, 4), [128, 0, 0, 128])
        XCTAssertPixel(S.pixel(image, 20, 20), [0, 128, 128, 255], "half green over opaque blue")
    }

    /// A 2x2 checker (white, black / black, white) magnified to 100x100.
    private func checkerQuad(filter: TextureFilter) -> Quad {
        let checker = S.image(width: 2, height: 2) { x, y in (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        return Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 100),
                    texture: TextureSource(image: checker, minificationFilter: filter, magnificationFilter: filter))
    }

    func testNearestMagnificationKeepsTexelsSharp() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let (image, _) = try S.render(renderer, width: 100, height: 100, quads: [checkerQuad(filter: .nearest)])
        XCTAssertPixel(S.pixel(image, 37, 25), [255, 255, 255, 255])
        XCTAssertPixel(S.pixel(image, 49, 25), [255, 255, 255, 255])
        XCTAssertPixel(S.pixel(image, 50, 25), [0, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 25, 75), [0, 0, 0, 255])
    }

    func testLinearMagnificationInterpolatesBetweenTexels() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let (image, _) = try S.render(renderer, width: 100, height: 100, quads: [checkerQuad(filter: .linear)])
        // Pixel 37's centre is at u = 0.375: a quarter of the way from texel 0's centre to texel 1's
        // (row 25 lies on texel row 0's centre side, clamped): 0.75 white.
        XCTAssertEqual(Double(S.pixel(image, 37, 25)[0]), 0.75 * 255, accuracy: 4)
        // At the centre the four texels mix about equally.
        XCTAssertEqual(Double(S.pixel(image, 50, 50)[0]), 127.5, accuracy: 4)
        XCTAssertPixel(S.pixel(image, 10, 10), [255, 255, 255, 255], "clamped at the edge texel")
    }

    func testTrilinearMinificationAveragesAFineChecker() throws {
        let renderer = try S.makeRenderer(width: 32, height: 32)
        let fine = S.image(width: 256, height: 256) { x, y in (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        func quad(_ filter: TextureFilter) -> Quad {
            Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 16, height: 16),
                 texture: TextureSource(image: fine, minificationFilter: filter, magnificationFilter: .linear))
        }
        let (smooth, _) = try S.render(renderer, width: 32, height: 32, quads: [quad(.trilinear)])
        XCTAssertEqual(Double(S.pixel(smooth, 8, 8)[0]), 127.5, accuracy: 6, "mipmaps average the checker")
        let (sharp, _) = try S.render(renderer, width: 32, height: 32, quads: [quad(.nearest)])
        let value = S.pixel(sharp, 8, 8)[0]
        XCTAssertTrue(value == 0 || value == 255, "nearest picks one texel, got \(value)")
    }

    func testTextureIsPaintedOverFillAndUnderBorder() throws {
        let renderer = try S.makeRenderer(width: 64, height: 64)
        let halfGreen = S.image(width: 4, height: 4) { _, _ in [0, 128, 0, 128] }
        let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 64, height: 64), fillColor: S.blue,
                        texture: TextureSource(image: halfGreen), borderWidth: 4, borderColor: S.red)
        let (image, _) = try S.render(renderer, width: 64, height: 64, quads: [quad])
        XCTAssertPixel(S.pixel(image, 32, 32), [0, 128, 127, 255], "texture over fill, source-over")
        XCTAssertPixel(S.pixel(image, 1, 32), [255, 0, 0, 255], "border over texture")
    }
}
