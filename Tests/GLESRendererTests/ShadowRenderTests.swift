import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Group shadows (blurred content alpha, tinted and offset) and blurred-rect quads, checked
/// against the Gaussian computed here.
final class ShadowRenderTests: XCTestCase {
    typealias S = RenderTestSupport

    /// A blue 40x40 quad at (30, 30) in a canvas-sized group with a black shadow.
    private func shadowedSquare(offsetY: Float, sigma: Float, drawsContent: Bool = true,
                                color: PremultipliedColor = RenderTestSupport.black) -> [DrawCommand] {
        let shadow = GroupShadow(color: color, offsetX: 0, offsetY: offsetY, sigma: sigma)
        return [
            .beginGroup(S.canvasGroup(width: 100, height: 100, shadow: shadow, drawsContent: drawsContent)),
            .quad(Quad(transform: .identity, rect: CGRect(x: 30, y: 30, width: 40, height: 40), fillColor: S.blue)),
            .endGroup,
        ]
    }

    func testShadowOffsetDownDarkensBelowAndNotAbove() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, clear: S.white,
                                               commands: shadowedSquare(offsetY: 10, sigma: 3))
        XCTAssertEqual(statistics.offscreenPasses, 3, "content and two blur passes")
        XCTAssertPixel(S.pixel(image, 50, 50), [0, 0, 255, 255], "the content covers its shadow")
        // The shadow spans y 40...80: at y 74.5 it is 5.5 px (1.8 sigma) inside.
        let below = S.pixel(image, 50, 74)
        let expected = 255 * (1 - S.blurredInterval(74.5, 40, 80, sigma: 3))
        XCTAssertEqual(Double(below[0]), expected, accuracy: 4, "below the layer: \(below)")
        XCTAssertLessThan(below[0], 40)
        XCTAssertPixel(S.pixel(image, 50, 26), [255, 255, 255, 255], "above the layer, 14 px above the shadow")
    }

    func testShadowFallsOffAsTheGaussian() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let color = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.6)
        // Sigma 12 is blurred at a quarter of the resolution (12 / 4 = 3 pixels): two halvings first.
        for (sigma, halvings) in [(4.0, 0), (12.0, 2)] {
            let (image, statistics) = try S.render(renderer, width: 100, height: 100,
                                                   commands: shadowedSquare(offsetY: 0, sigma: Float(sigma), drawsContent: false, color: color))
            XCTAssertEqual(statistics.drawCalls, 4 + halvings, "content, halvings, two blur passes, one composite")
            // Along y = 50 the square's left edge is at x = 30.
            for x in [16, 22, 26, 29, 30, 33, 40, 50] {
                let centre = Double(x) + 0.5
                let expected = 0.6 * S.blurredInterval(centre, 30, 70, sigma: sigma) * S.blurredInterval(50.5, 30, 70, sigma: sigma)
                XCTAssertEqual(Double(S.pixel(image, x, 50)[3]), 255 * expected, accuracy: sigma > 5 ? 4 : 3, "sigma \(sigma), x \(x)")
            }
            // At the edge (between pixels 29 and 30) the shadow is half the colour's alpha, one sigma out about 0.16 of it.
            // The square is only 40 high: divide by the blur of its vertical extent at y = 50.
            let vertical = 0.6 * S.blurredInterval(50.5, 30, 70, sigma: sigma)
            let edge = Double(S.pixel(image, 29, 50)[3] + S.pixel(image, 30, 50)[3]) / 2 / 255
            XCTAssertEqual(edge / vertical, 0.5, accuracy: 0.02)
            let oneSigmaOut = Double(S.pixel(image, Int(30 - sigma) - 1, 50)[3] + S.pixel(image, Int(30 - sigma), 50)[3]) / 2 / 255
            XCTAssertEqual(oneSigmaOut / vertical, 0.16, accuracy: 0.02)
            XCTAssertEqual(S.pixel(image, 30, 50)[0], 0, "black")
        }
    }

    func testShadowFollowsTheAlphaOfTheContentsImage() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        // A 40x40 image: opaque green on its left half, transparent on its right.
        let halfImage = S.image(width: 40, height: 40) { x, _ in x < 20 ? [0, 255, 0, 255] : [0, 0, 0, 0] }
        let shadow = GroupShadow(color: S.black, offsetX: 0, offsetY: 45, sigma: 1)
        let commands: [DrawCommand] = [
            .beginGroup(S.canvasGroup(width: 100, height: 100, shadow: shadow)),
            .quad(Quad(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                       texture: TextureSource(image: halfImage))),
            .endGroup,
        ]
        let (image, _) = try S.render(renderer, width: 100, height: 100, commands: commands)
        XCTAssertPixel(S.pixel(image, 20, 30), [0, 255, 0, 255], "the image's opaque half")
        XCTAssertPixel(S.pixel(image, 20, 75), [0, 0, 0, 255], "shadow of the opaque half")
        XCTAssertEqual(S.pixel(image, 40, 75)[3], 0, "no shadow under the transparent half")
        XCTAssertEqual(S.pixel(image, 40, 30)[3], 0)
    }

    func testShadowOnlyGroupDrawsTheOffsetShadowAndNotTheContent() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let shadow = GroupShadow(color: S.red, offsetX: 20, offsetY: 0, sigma: 0)
        let commands: [DrawCommand] = [
            .beginGroup(S.canvasGroup(width: 100, height: 100, shadow: shadow, drawsContent: false)),
            .quad(Quad(transform: .identity, rect: CGRect(x: 10, y: 10, width: 30, height: 30), fillColor: S.blue)),
            .endGroup,
        ]
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, commands: commands)
        XCTAssertEqual(statistics.offscreenPasses, 1, "no blur for sigma 0")
        XCTAssertEqual(S.pixel(image, 15, 20)[3], 0, "the content is not drawn")
        XCTAssertPixel(S.pixel(image, 35, 20), [255, 0, 0, 255], "shadow shifted 20 right")
        XCTAssertPixel(S.pixel(image, 55, 20), [255, 0, 0, 255])
        XCTAssertEqual(S.pixel(image, 65, 20)[3], 0)
    }

    func testShadowScalesWithTheGroupsPixelsPerUnit() throws {
        // A group at 2 pixels per unit: offsets and sigma are in group pixels, so a 20-pixel offset moves 10 units.
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let group = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 100),
                                     pixelWidth: 200, pixelHeight: 200, drawsContent: false,
                                     shadow: GroupShadow(color: S.black, offsetX: 0, offsetY: 20, sigma: 0))
        let commands: [DrawCommand] = [
            .beginGroup(group),
            .quad(Quad(transform: .identity, rect: CGRect(x: 20, y: 20, width: 60, height: 60), fillColor: S.blue)),
            .endGroup,
        ]
        let (image, _) = try S.render(renderer, width: 100, height: 100, commands: commands)
        // Content units 10...40, shadow 20...50.
        XCTAssertEqual(S.pixel(image, 25, 18)[3], 0)
        XCTAssertEqual(S.pixel(image, 25, 21)[3], 255)
        XCTAssertEqual(S.pixel(image, 25, 49)[3], 255)
        XCTAssertEqual(S.pixel(image, 25, 51)[3], 0)
    }

    // MARK: - Blurred quads

    private func compareBlurredQuadWithOffscreenBlur(radius: Float, sigma: Float) throws -> Int {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let rect = CGRect(x: 30, y: 25, width: 40, height: 45)
        let color = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.8)
        let quad = Quad(transform: .identity, rect: rect, fillColor: color, cornerRadii: CornerRadii(uniform: radius), blurSigma: sigma)
        let (closedForm, statistics) = try S.render(renderer, width: 100, height: 100, quads: [quad])
        XCTAssertEqual(statistics.offscreenPasses, 0)
        let shadow = GroupShadow(color: color, offsetX: 0, offsetY: 0, sigma: sigma)
        let commands: [DrawCommand] = [
            .beginGroup(S.canvasGroup(width: 100, height: 100, shadow: shadow, drawsContent: false)),
            .quad(Quad(transform: .identity, rect: rect, fillColor: S.white, cornerRadii: CornerRadii(uniform: radius))),
            .endGroup,
        ]
        let (offscreen, _) = try S.render(renderer, width: 100, height: 100, commands: commands)
        // The closed form against the Gaussian itself, in the middle of the left edge.
        if radius == 0 {
            let expected = 0.8 * S.blurredInterval(30.5, 30, 70, sigma: Double(sigma)) * S.blurredInterval(47.5, 25, 70, sigma: Double(sigma))
            XCTAssertEqual(Double(S.pixel(closedForm, 30, 47)[3]), 255 * expected, accuracy: 1.5)
        }
        let difference = S.largestDifference(closedForm, offscreen)
        print("blurred quad (radius \(radius), sigma \(sigma)) vs offscreen blur: largest difference \(difference)/255")
        return difference
    }

    func testBlurredRectQuadMatchesTheOffscreenBlur() throws {
        XCTAssertLessThanOrEqual(try compareBlurredQuadWithOffscreenBlur(radius: 0, sigma: 3), 3)
        XCTAssertLessThanOrEqual(try compareBlurredQuadWithOffscreenBlur(radius: 0, sigma: 8), 4)
    }

    func testBlurredRoundedRectQuadMatchesTheOffscreenBlur() throws {
        XCTAssertLessThanOrEqual(try compareBlurredQuadWithOffscreenBlur(radius: 10, sigma: 3), 4)
        XCTAssertLessThanOrEqual(try compareBlurredQuadWithOffscreenBlur(radius: 15, sigma: 6), 4)
    }

    func testThousandShadowedCardsTakeOneDrawCall() throws {
        let renderer = try S.makeRenderer(width: 400, height: 250)
        var quads: [Quad] = []
        for k in 0..<1000 {
            let transform = S.rotationZ(Double(k) * 0.01).concatenating(.translation(Double(k % 40) * 10 + 5, Double(k / 40) * 10 + 5))
            let rect = CGRect(x: -4, y: -4, width: 8, height: 8)
            quads.append(Quad(transform: transform.concatenating(.translation(0, 1)), rect: rect,
                              fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5),
                              cornerRadii: CornerRadii(uniform: 1.2), blurSigma: 2))
            quads.append(Quad(transform: transform, rect: rect, fillColor: S.blue, cornerRadii: CornerRadii(uniform: 1.2),
                              borderWidth: 1, borderColor: S.white))
        }
        let (_, statistics) = try S.render(renderer, width: 400, height: 250, quads: quads)
        XCTAssertEqual(statistics.drawCalls, 1)
        XCTAssertEqual(statistics.offscreenPasses, 0)
        XCTAssertEqual(statistics.quads, 2000)
    }
}
