import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import XCTest

/// A quad drawn with blending off (opaque, square-cornered, its antialiased edges on pixel
/// boundaries) must leave every pixel outside it as it was: its fragments there have no
/// coverage, and with blending off even a coverage rounding to a few millionths would replace
/// the pixel with almost nothing instead of leaving it alone.
final class OpaqueQuadEdgeTests: XCTestCase {
    private typealias S = RenderTestSupport

    func testPixelAlignedOpaqueQuadsLeaveTheRingAroundThemUntouched() throws {
        let renderer = try S.makeRenderer(width: 64, height: 64)
        let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
        let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
        var checked = 0
        // Rects in points under scales that put their edges on whole pixels: many origins and
        // sizes, so that the interpolated local positions round every way they can.
        for scale in [1.0, 2.0, 0.5, 4.0] {
            for origin in stride(from: 1.0, through: 9.0, by: 1.0) {
                for size in [3.0, 7.0, 12.0, 19.0] {
                    let x = origin * 2 / scale, y = (origin + 1) * 2 / scale, side = size * 2 / scale
                    let quad = Quad(transform: .scale(scale, scale), rect: CGRect(x: x, y: y, width: side, height: side),
                                    fillColor: white, isOpaque: true)
                    let (image, _) = try S.render(renderer, width: 64, height: 64, clear: red, quads: [quad])
                    let minX = Int(x * scale), minY = Int(y * scale), maxX = Int((x + side) * scale), maxY = Int((y + side) * scale)
                    for i in minX...maxX - 1 {
                        XCTAssertPixel(S.pixel(image, i, minY - 1), [255, 0, 0, 255], tolerance: 0, "above, x \(i), \(quad.rect) x\(scale)")
                        XCTAssertPixel(S.pixel(image, i, maxY), [255, 0, 0, 255], tolerance: 0, "below, x \(i), \(quad.rect) x\(scale)")
                        XCTAssertPixel(S.pixel(image, i, minY), [255, 255, 255, 255], tolerance: 0, "top row, x \(i)")
                    }
                    for j in minY...maxY - 1 {
                        XCTAssertPixel(S.pixel(image, minX - 1, j), [255, 0, 0, 255], tolerance: 0, "left, y \(j), \(quad.rect) x\(scale)")
                        XCTAssertPixel(S.pixel(image, maxX, j), [255, 0, 0, 255], tolerance: 0, "right, y \(j), \(quad.rect) x\(scale)")
                        XCTAssertPixel(S.pixel(image, maxX - 1, j), [255, 255, 255, 255], tolerance: 0, "right column, y \(j)")
                    }
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 144)
    }
}
