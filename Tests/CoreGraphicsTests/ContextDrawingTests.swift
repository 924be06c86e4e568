import CoreGraphics
import Foundation
import XCTest

/// Pixel probes of Cairo-backed drawing: each expected pixel follows from the geometry drawn, in
/// Core Graphics' bottom-left user space (image row = height - 1 - y).
final class ContextDrawingTests: XCTestCase {
    func testFilledRectangleUsesBottomLeftOrigin() throws {
        let ctx = try TestCanvas.make(40, 40)
        ctx.setFillColor(TestCanvas.red)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 5, 35, (255, 0, 0, 255))   // user y 4: the bottom rows
        assertPixel(image, 19, 30, (255, 0, 0, 255))
        assertPixel(image, 5, 29, (0, 0, 0, 0))       // user y 10: just above
        assertPixel(image, 20, 35, (0, 0, 0, 0))
    }

    func testWindingAndEvenOddFillRules() throws {
        for (rule, centre) in [(CGPathFillRule.winding, 255), (.evenOdd, 0)] {
            let ctx = try TestCanvas.make(40, 40)
            ctx.setFillColor(TestCanvas.red)
            ctx.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
            ctx.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
            ctx.fillPath(using: rule)
            XCTAssertTrue(ctx.isPathEmpty, "filling consumes the path")
            let image = try XCTUnwrap(ctx.makeImage())
            assertPixel(image, 20, 20, (centre, 0, 0, centre))
            assertPixel(image, 5, 5, (255, 0, 0, 255))
        }
    }

    func testStrokeWidthAndDashes() throws {
        let ctx = try TestCanvas.make(40, 40)
        ctx.setStrokeColor(TestCanvas.blue)
        ctx.setLineWidth(4)
        ctx.setLineDash(phase: 0, lengths: [10, 10])
        ctx.move(to: CGPoint(x: 0, y: 20))
        ctx.addLine(to: CGPoint(x: 40, y: 20))
        ctx.strokePath()
        let image = try XCTUnwrap(ctx.makeImage())
        // The 4-unit line covers user y 18...22: image rows 18...21.
        assertPixel(image, 5, 18, (0, 0, 255, 255))
        assertPixel(image, 5, 21, (0, 0, 255, 255))
        assertPixel(image, 5, 16, (0, 0, 0, 0))
        assertPixel(image, 5, 23, (0, 0, 0, 0))
        // Dashes: painted 0..<10 and 20..<30, gaps 10..<20 and 30..<40.
        assertPixel(image, 15, 19, (0, 0, 0, 0))
        assertPixel(image, 25, 19, (0, 0, 255, 255))
        assertPixel(image, 35, 19, (0, 0, 0, 0))
    }

    func testLineCapsExtendBeyondTheEnds() throws {
        let ctx = try TestCanvas.make(40, 20)
        ctx.setStrokeColor(TestCanvas.black)
        ctx.setLineWidth(6)
        ctx.setLineCap(.square)
        ctx.strokeLineSegments(between: [CGPoint(x: 10, y: 10), CGPoint(x: 30, y: 10)])
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 8, 10, (0, 0, 0, 255))   // within the 3-unit square cap
        assertPixel(image, 31, 10, (0, 0, 0, 255))
        assertPixel(image, 34, 10, (0, 0, 0, 0))
    }

    func testClipLimitsPaintingAndRestoreLiftsIt() throws {
        let ctx = try TestCanvas.make(40, 40)
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 40))
        XCTAssertEqual(ctx.boundingBoxOfClipPath, CGRect(x: 0, y: 0, width: 20, height: 40))
        ctx.setFillColor(TestCanvas.red)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 20, width: 40, height: 20))  // black again, and unclipped
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 10, 30, (255, 0, 0, 255))
        assertPixel(image, 30, 30, (0, 0, 0, 0))
        assertPixel(image, 30, 10, (0, 0, 0, 255))
    }

    func testLinearGradientInterpolatesAcrossTheLine() throws {
        let ctx = try TestCanvas.make(100, 10)
        let gradient = try XCTUnwrap(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                                colors: [TestCanvas.black, TestCanvas.white] as CFArray,
                                                locations: [0, 1]))
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 0),
                               options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        let image = try XCTUnwrap(ctx.makeImage())
        // Pixel x samples at x + 0.5: grey = 255 * (x + 0.5) / 100.
        for x in [0, 25, 50, 99] {
            let grey = Int((255 * (Double(x) + 0.5) / 100).rounded())
            assertPixel(image, x, 5, (grey, grey, grey, 255), tolerance: 2)
        }
    }

    func testGradientWithoutOptionsStopsAtItsEnds() throws {
        let ctx = try TestCanvas.make(100, 4)
        let gradient = try XCTUnwrap(CGGradient(colorsSpace: nil, colors: [TestCanvas.red, TestCanvas.red] as CFArray,
                                                locations: nil))
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 60, y: 0), options: [])
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 10, 2, (0, 0, 0, 0))
        assertPixel(image, 40, 2, (255, 0, 0, 255))
        assertPixel(image, 80, 2, (0, 0, 0, 0))

        let after = try TestCanvas.make(100, 4)
        after.drawLinearGradient(gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 60, y: 0),
                                 options: .drawsAfterEndLocation)
        let extended = try XCTUnwrap(after.makeImage())
        assertPixel(extended, 10, 2, (0, 0, 0, 0))
        assertPixel(extended, 80, 2, (255, 0, 0, 255))
    }

    func testRadialGradientFromCentreToEdge() throws {
        let ctx = try TestCanvas.make(100, 100)
        let gradient = try XCTUnwrap(CGGradient(colorsSpace: nil, colors: [TestCanvas.red, TestCanvas.blue] as CFArray,
                                                locations: [0, 1]))
        ctx.drawRadialGradient(gradient, startCenter: CGPoint(x: 50, y: 50), startRadius: 0,
                               endCenter: CGPoint(x: 50, y: 50), endRadius: 50, options: [])
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 50, 50, (255, 0, 0, 255), tolerance: 5)
        // Pixel (75, 49) samples (75.5, 49.5) in image space: distance 25.5 from the centre.
        let t = 25.5 / 50
        assertPixel(image, 75, 49, (Int(255 * (1 - t)), 0, Int(255 * t), 255), tolerance: 3)
        assertPixel(image, 97, 97, (0, 0, 0, 0))
    }

    func testImageIsDrawnUprightInUnflippedSpace() throws {
        let ctx = try TestCanvas.make(20, 20)
        ctx.interpolationQuality = .none
        let image = try CGImage.load(contentsOf: Fixtures.url("rgba.png"))
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        let result = try XCTUnwrap(ctx.makeImage())
        assertPixel(result, 5, 5, (255, 0, 0, 255))
        assertPixel(result, 15, 5, (0, 255, 0, 255))
        assertPixel(result, 5, 15, (0, 0, 255, 255))
        assertPixel(result, 15, 15, (128, 128, 128, 128), tolerance: 1)
    }

    func testFlippedCTMPutsOriginTopLeft() throws {
        let ctx = try TestCanvas.make(40, 40)
        ctx.translateBy(x: 0, y: 40)
        ctx.scaleBy(x: 1, y: -1)
        XCTAssertEqual(ctx.ctm, CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 40))
        ctx.setFillColor(TestCanvas.red)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 5, 5, (255, 0, 0, 255))
        assertPixel(image, 5, 35, (0, 0, 0, 0))
    }

    func testPathPointsAreFixedWhenAdded() throws {
        let ctx = try TestCanvas.make(40, 40)
        ctx.move(to: CGPoint(x: 10, y: 10))
        ctx.translateBy(x: 5, y: 0)
        ctx.addLine(to: CGPoint(x: 10, y: 20))
        // In the translated space the first point is at x 5, the second at x 10.
        XCTAssertEqual(ctx.currentPointOfPath, CGPoint(x: 10, y: 20))
        XCTAssertEqual(ctx.boundingBoxOfPath, CGRect(x: 5, y: 10, width: 5, height: 10))
        XCTAssertEqual(ctx.path?.boundingBox, CGRect(x: 5, y: 10, width: 5, height: 10))
    }

    func testSaveAndRestoreColoursAlphaAndCTM() throws {
        let ctx = try TestCanvas.make(10, 10)
        ctx.setFillColor(TestCanvas.red)
        ctx.saveGState()
        ctx.setFillColor(TestCanvas.blue)
        ctx.setAlpha(0.5)
        ctx.rotate(by: .pi / 2)
        ctx.restoreGState()
        XCTAssertEqual(ctx.ctm, .identity)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        assertPixel(try XCTUnwrap(ctx.makeImage()), 5, 5, (255, 0, 0, 255))
    }

    func testGlobalAlphaBlendModeAndClear() throws {
        let ctx = try TestCanvas.make(30, 10)
        ctx.setAlpha(0.5)
        ctx.setFillColor(TestCanvas.red)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.setAlpha(1)
        ctx.fill(CGRect(x: 10, y: 0, width: 20, height: 10))
        ctx.setBlendMode(.multiply)
        ctx.setFillColor(TestCanvas.blue)
        ctx.fill(CGRect(x: 10, y: 0, width: 10, height: 10))   // red x blue = black
        ctx.setBlendMode(.normal)
        ctx.clear(CGRect(x: 25, y: 0, width: 5, height: 10))
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 5, 5, (128, 0, 0, 128), tolerance: 1)
        assertPixel(image, 15, 5, (0, 0, 0, 255))
        assertPixel(image, 22, 5, (255, 0, 0, 255))
        assertPixel(image, 27, 5, (0, 0, 0, 0))
    }

    func testShadowIsOffsetInDeviceSpace() throws {
        let ctx = try TestCanvas.make(40, 40)
        ctx.setShadow(offset: CGSize(width: 10, height: -10), blur: 0)
        ctx.setFillColor(TestCanvas.red)
        ctx.fill(CGRect(x: 5, y: 20, width: 10, height: 10))   // image rows 10..<20, columns 5..<15
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 10, 15, (255, 0, 0, 255))
        // The shadow, black at one third alpha, sits 10 right and 10 down: rows 20..<30, columns 15..<25.
        assertPixel(image, 20, 25, (0, 0, 0, 85), tolerance: 1)
        assertPixel(image, 30, 25, (0, 0, 0, 0))
    }

    func testBlurredShadowSpreadsAndFades() throws {
        let ctx = try TestCanvas.make(60, 60)
        ctx.setShadow(offset: .zero, blur: 8, color: TestCanvas.black)
        ctx.setFillColor(TestCanvas.white)
        ctx.fill(CGRect(x: 20, y: 20, width: 20, height: 20))
        let image = try XCTUnwrap(ctx.makeImage())
        let near = try XCTUnwrap(image.premultipliedPixel(x: 18, y: 30)).a
        let far = try XCTUnwrap(image.premultipliedPixel(x: 12, y: 30)).a
        XCTAssertGreaterThan(near, far, "the shadow fades with distance from the shape")
        XCTAssertGreaterThan(near, 40)
        XCTAssertLessThan(near, 200)
        XCTAssertEqual(image.premultipliedPixel(x: 2, y: 30)?.a, 0)
    }

    func testTextGlyphIsDrawnUprightAboveTheBaseline() throws {
        for flipped in [false, true] {
            let ctx = try TestCanvas.make(60, 60)
            ctx.setFont(try XCTUnwrap(CGFont("DejaVuSans" as CFString)))
            ctx.setFontSize(40)
            ctx.setFillColor(TestCanvas.black)
            var baselineRow = 50
            if flipped {
                ctx.translateBy(x: 0, y: 60)
                ctx.scaleBy(x: 1, y: -1)
                ctx.showText("T", at: CGPoint(x: 10, y: 50))   // baseline at image row 50 either way
            } else {
                ctx.showText("T", at: CGPoint(x: 10, y: 10))
                baselineRow = 50
            }
            let image = try XCTUnwrap(ctx.makeImage())
            let label = flipped ? "flipped" : "unflipped"
            XCTAssertGreaterThan(TestCanvas.darkPixels(image, x: 0..<60, y: 0..<baselineRow), 150, label)
            XCTAssertEqual(TestCanvas.darkPixels(image, x: 0..<60, y: (baselineRow + 1)..<60), 0, "\(label): below the baseline")
            // Upright: the bar of the T (top) is wider than its stem (just above the baseline).
            let top = (0..<baselineRow).first { TestCanvas.darkPixels(image, x: 0..<60, y: $0..<($0 + 1)) > 0 } ?? 0
            let bar = TestCanvas.darkPixels(image, x: 0..<60, y: (top + 1)..<(top + 2))
            let stem = TestCanvas.darkPixels(image, x: 0..<60, y: (baselineRow - 3)..<(baselineRow - 2))
            XCTAssertGreaterThan(bar, stem * 3, "\(label): bar \(bar) px, stem \(stem) px")
            XCTAssertGreaterThan(ctx.textWidth(of: "TT"), ctx.textWidth(of: "T"))
        }
    }
}
