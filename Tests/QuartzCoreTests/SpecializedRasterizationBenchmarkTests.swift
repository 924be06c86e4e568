import XCTest
@testable import QuartzCore

/// Times of one rasterization (uncached) and one cache hit, printed for the notes; the bounds
/// asserted are generous (debug builds on a shared machine) and catch only gross regressions.
final class SpecializedRasterizationBenchmarkTests: XCTestCase {
    private func milliseconds(iterations: Int, _ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(iterations)
    }

    func testShapeAndParagraphRasterizationTimes() throws {
        // A typical shape: a filled, stroked, dashed circle with strokeEnd animating, 200 x 200 points at 2x.
        let shape = shapeState(bounds: CGRect(x: 0, y: 0, width: 200, height: 200)) {
            $0.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 180, height: 180), transform: nil)
            $0.fillColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            $0.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            $0.lineWidth = 6
            $0.lineDashPattern = [12, 6]
            $0.strokeEnd = 0.6
        }
        let shapeArtwork = SpecializedContentsCache.Key.Artwork.shape(try XCTUnwrap(ShapeArtwork(shape.shape)))
        let shapeTime = milliseconds(iterations: 20) {
            _ = SpecializedContents.rasterize(shapeArtwork, covering: shape.bounds, pixelsPerPoint: 2)
        }
        // A paragraph: about 400 characters wrapped in 300 x 300 points at 2x.
        let words = "Core Animation composites layers on the GPU while text is shaped by HarfBuzz through Pango. "
        let paragraph = textState(String(repeating: words, count: 4), bounds: CGRect(x: 0, y: 0, width: 300, height: 300),
                                  fontSize: 14) { $0.isWrapped = true }
        let textArtwork = SpecializedContentsCache.Key.Artwork.text(try XCTUnwrap(TextArtwork(paragraph.text)))
        let textTime = milliseconds(iterations: 20) {
            _ = SpecializedContents.rasterize(textArtwork, covering: paragraph.bounds, pixelsPerPoint: 2)
        }
        _ = SpecializedContents.image(for: paragraph, pixelsPerPoint: 2)
        let hitTime = milliseconds(iterations: 200) { _ = SpecializedContents.image(for: paragraph, pixelsPerPoint: 2) }
        print("SpecializedRasterization: shape 400x400 px \(String(format: "%.2f", shapeTime)) ms, "
              + "paragraph 600x600 px \(String(format: "%.2f", textTime)) ms, cache hit \(String(format: "%.3f", hitTime)) ms")
        XCTAssertLessThan(shapeTime, 100)
        XCTAssertLessThan(textTime, 200)
        XCTAssertLessThan(hitTime, 5)
    }
}
