import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// `preferredFrameSize()`: CALayer.h says the default is the layout manager's answer, else the
/// bounds mapped into the superlayer; a text layer answers with the size of its text, which Apple
/// code uses to size labels (`layer.frame.size = layer.preferredFrameSize()`).
final class PreferredFrameSizeTests: XCTestCase {
    private func textLayer(_ string: String, fontSize: CGFloat = 20) -> CATextLayer {
        let layer = CATextLayer()
        layer.string = string
        layer.fontSize = fontSize
        layer.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        return layer
    }

    /// The widths of the lines Pango lays out for `layer`'s text in a generous box.
    private func lineWidths(of layer: CATextLayer) throws -> [CGFloat] {
        let artwork = try XCTUnwrap(TextArtwork(layer.state.text))
        return artwork.layoutMetrics(size: CGSize(width: 2000, height: 2000)).lines.map(\.width)
    }

    func testPlainLayerAnswersItsBoundsMappedThroughItsTransform() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 100, height: 50))
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let turned = layer.preferredFrameSize()
        XCTAssertEqual(turned.width, 50, accuracy: 1e-9)
        XCTAssertEqual(turned.height, 100, accuracy: 1e-9)
    }

    func testTextLayerWithoutTextPrefersZero() {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 30)
        XCTAssertEqual(layer.preferredFrameSize(), .zero)
    }

    func testOneLineIsItsWidthAndOneLineHigh() throws {
        let layer = textLayer("Hello, kiosk")
        let size = layer.preferredFrameSize()
        let width = try XCTUnwrap(lineWidths(of: layer).first)
        XCTAssertEqual(size.width, width.rounded(.up))
        // One line of 20-point text is about 1.2 em high.
        XCTAssertEqual(size.height, 20 * 1.164, accuracy: 20 * 0.25)
        XCTAssertEqual(size.width, size.width.rounded(.up), "whole points")
    }

    func testEachParagraphAddsALine() throws {
        let one = textLayer("Menu").preferredFrameSize()
        let three = textLayer("Menu\nSettings\nAbout").preferredFrameSize()
        XCTAssertEqual(three.height, 3 * one.height, accuracy: 2)
        let widest = try lineWidths(of: textLayer("Menu\nSettings\nAbout")).max() ?? 0
        XCTAssertEqual(three.width, widest.rounded(.up))
    }

    func testSizeScalesWithTheFont() {
        let small = textLayer("Scale me", fontSize: 18).preferredFrameSize()
        let large = textLayer("Scale me", fontSize: 36).preferredFrameSize()
        XCTAssertEqual(large.width / small.width, 2, accuracy: 0.15)
        XCTAssertEqual(large.height / small.height, 2, accuracy: 0.15)
    }

    func testWrappedTextBreaksAtTheBoundsWidth() {
        let layer = textLayer("the quick brown fox jumps over the lazy dog")
        let natural = layer.preferredFrameSize()
        layer.isWrapped = true
        layer.bounds = CGRect(x: 0, y: 0, width: natural.width / 3, height: 10)
        let wrapped = layer.preferredFrameSize()
        XCTAssertLessThanOrEqual(wrapped.width, natural.width / 3 + 1)
        XCTAssertGreaterThanOrEqual(wrapped.height, 3 * natural.height - 1, "at least three lines")
    }

    func testTransformedTextLayerMapsItsTextSize() {
        let layer = textLayer("Twice")
        let plain = layer.preferredFrameSize()
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        let scaled = layer.preferredFrameSize()
        XCTAssertEqual(scaled.width, 2 * plain.width, accuracy: 1e-9)
        XCTAssertEqual(scaled.height, 2 * plain.height, accuracy: 1e-9)
    }

    func testTextDrawnInItsPreferredSizeIsNotCut() throws {
        let layer = textLayer("Wide text, sized to fit")
        let size = layer.preferredFrameSize()
        var state = layer.state
        state.bounds = CGRect(origin: .zero, size: size)
        let picture = try XCTUnwrap(SpecializedContents.image(for: state, pixelsPerPoint: 1))
        let box = try XCTUnwrap(picture.inkBox())
        // The ink reaches close to the right edge without running past it, and has room below.
        XCTAssertLessThan(box.maxX, Int(size.width))
        XCTAssertGreaterThan(box.maxX, Int(size.width) - 6)
        XCTAssertLessThan(box.maxY, Int(size.height))
    }

    func testLayoutManagerAnswersFirst() {
        final class FixedSize: CALayoutManager {
            func preferredSize(of layer: CALayer) -> CGSize { CGSize(width: 12, height: 34) }
            func layoutSublayers(of layer: CALayer) {}
        }
        let layer = textLayer("Ignored")
        let manager = FixedSize()
        layer.layoutManager = manager
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 12, height: 34))
    }

    func testALayoutManagerWithoutAnAnswerGivesTheMappedBounds() {
        final class LaysOutOnly: CALayoutManager {
            func layoutSublayers(of layer: CALayer) {}
        }
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 20)
        layer.transform = CATransform3DMakeScale(1, 3, 1)
        let manager = LaysOutOnly()
        layer.layoutManager = manager
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 80, height: 60))
    }
}
