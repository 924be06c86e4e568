import CoreGraphics
import Foundation
import XCTest

/// `CGContext` text is shaped by Pango, as `CATextLayer` text is: kerning pairs and contextual
/// forms change advances, which Cairo's unshaped text API ignores.
final class ContextTextShapingTests: XCTestCase {
    private func context() throws -> CGContext {
        let ctx = try TestCanvas.make(200, 120)
        ctx.setFont(try XCTUnwrap(CGFont("DejaVuSans" as CFString)))
        ctx.setFontSize(40)
        ctx.setFillColor(TestCanvas.black)
        return ctx
    }

    func testKerningPairsAreCloserThanTheirLettersApart() throws {
        let ctx = try context()
        // DejaVu Sans kerns "AV": shaped, the pair is narrower than its letters' advances added.
        let pair = ctx.textWidth(of: "AV")
        let letters = ctx.textWidth(of: "A") + ctx.textWidth(of: "V")
        XCTAssertLessThan(pair, letters - 1, "AV \(pair), A + V \(letters)")
        // Without a kerning pair the advances add up.
        XCTAssertEqual(ctx.textWidth(of: "HH"), 2 * ctx.textWidth(of: "H"), accuracy: 0.01)
    }

    func testArabicIsShapedIntoJoiningForms() throws {
        let ctx = try context()
        // Joined (initial, medial, final) forms of beh are narrower than three isolated behs.
        let word = ctx.textWidth(of: "\u{628}\u{628}\u{628}")
        let isolated = 3 * ctx.textWidth(of: "\u{628}")
        XCTAssertLessThan(word, isolated - 5, "joined \(word), isolated \(isolated)")
    }

    func testANewlineStartsALineBelowTheFirstBaseline() throws {
        let ctx = try context()
        // y up: the first baseline is image row 120 - 80 = 40; the second line lies below it.
        ctx.showText("T\nT", at: CGPoint(x: 10, y: 80))
        let image = try XCTUnwrap(ctx.makeImage())
        XCTAssertGreaterThan(TestCanvas.darkPixels(image, x: 0..<200, y: 0..<41), 100)
        XCTAssertGreaterThan(TestCanvas.darkPixels(image, x: 0..<200, y: 50..<100), 100)
        XCTAssertEqual(TestCanvas.darkPixels(image, x: 60..<200, y: 0..<120), 0, "one glyph wide")
    }
}
