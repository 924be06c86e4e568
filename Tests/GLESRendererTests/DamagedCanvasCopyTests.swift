import CompositorCore
import CoreGraphics
import Foundation
@testable import GLESRenderer
import XCTest

/// A frame redrawn in several damage rectangles copies each quad only into the rectangles holding
/// a pixel it can change (`InstancePixelBounds`), not every rectangle its box grown by a pixel for
/// antialiasing and rounded outward would reach, and the pixels stay those of a full render.
final class DamagedCanvasCopyTests: XCTestCase {
    typealias S = RenderTestSupport
    private let width = 64, height = 32

    /// An opaque square with antialiased edges at x 10.2 ... 20.2, y 8.2 ... 18.2. A pixel's centre
    /// lies within half a pixel of the rect only in columns 10 ... 20 and rows 8 ... 18, while the
    /// rect grown by one pixel and enclosed spans columns 9 ... 21 and rows 7 ... 19.
    private var list: DrawList {
        DrawList(pixelWidth: width, pixelHeight: height, clearColor: S.black, commands: [
            .quad(Quad(transform: .identity, rect: CGRect(x: 10.2, y: 8.2, width: 10, height: 10), fillColor: S.red)),
        ])
    }

    /// Draws `list` over a yellow frame in `rects` and returns the canvas copies drawn; every
    /// damaged pixel must match a full render within one level, every other stay yellow.
    private func copies(in rects: [PixelRect], of list: DrawList? = nil, file: StaticString = #filePath,
                        line: UInt = #line) throws -> Int {
        let list = list ?? self.list
        let renderer = try S.makeRenderer(width: width, height: height)
        _ = try S.render(renderer, width: width, height: height, clear: PremultipliedColor(red: 1, green: 1, blue: 0, alpha: 1), quads: [])
        _ = try renderer.render(list, damageRegion: rects)
        let damaged = try renderer.readPixels()
        let fresh = try S.makeRenderer(width: width, height: height)
        _ = try fresh.render(list)
        let whole = try fresh.readPixels()
        for y in 0..<height {
            for x in 0..<width {
                let inside = rects.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                let want = inside ? S.pixel(whole, x, y) : [255, 255, 0, 255]
                let got = S.pixel(damaged, x, y)
                guard zip(got, want).allSatisfy({ abs($0 - $1) <= 1 }) else {
                    XCTFail("pixel (\(x), \(y)) is \(got), expected \(want)", file: file, line: line)
                    return -1
                }
            }
        }
        return renderer.damagedCanvasInstanceCount
    }

    func testARectangleOnlyTheAntialiasingMarginReachesGetsNoCopy() throws {
        // Column 21 and row 19 lie in the square's box grown by a pixel but hold no pixel it changes:
        // two clearing quads and no copy.
        XCTAssertEqual(try copies(in: [PixelRect(x: 21, y: 0, width: 6, height: 32), PixelRect(x: 0, y: 19, width: 21, height: 6)]), 2)
    }

    func testARectangleHoldingTheLastChangedColumnGetsACopy() throws {
        // Column 20 holds the square's right edge (0.2 of it covered): one copy, in the first rectangle.
        XCTAssertEqual(try copies(in: [PixelRect(x: 20, y: 0, width: 6, height: 32), PixelRect(x: 40, y: 0, width: 6, height: 32)]), 3)
        // The square's top-left corner pixel (10, 8) is a rectangle of its own; row 19 gets none.
        XCTAssertEqual(try copies(in: [PixelRect(x: 10, y: 8, width: 1, height: 1), PixelRect(x: 0, y: 19, width: 64, height: 4)]), 3)
    }

    /// A 14-point square turned by 45° about (32, 16): a diamond |x − 32| + |y − 16| ≤ 9.9 whose
    /// bounding box, 22.1 ... 41.9 by 6.1 ... 25.9, holds corners it does not reach.
    private var diamond: DrawList {
        let c = 0.5.squareRoot()
        let turn = Matrix4(m11: c, m12: c, m13: 0, m14: 0, m21: -c, m22: c, m23: 0, m24: 0,
                           m31: 0, m32: 0, m33: 1, m34: 0, m41: 32, m42: 16, m43: 0, m44: 1)
        return DrawList(pixelWidth: width, pixelHeight: height, clearColor: S.black, commands: [
            .quad(Quad(transform: turn, rect: CGRect(x: -7, y: -7, width: 14, height: 14), fillColor: S.red)),
        ])
    }

    func testARectangleInATurnedQuadsBoxThatItsShapeMissesGetsNoCopy() throws {
        // Pixels 22 ... 25 by 6 ... 9 lie in the diamond's box; the nearest centre, (25.5, 9.5),
        // is 13 from its centre in |dx| + |dy|, about 2.2 pixels beyond its edge.
        XCTAssertEqual(try copies(in: [PixelRect(x: 22, y: 6, width: 4, height: 4), PixelRect(x: 0, y: 28, width: 8, height: 4)],
                                  of: diamond), 2)
        // Pixel (31, 6), centre (31.5, 6.5), lies 0.1 beyond the edge: within half a pixel, changed.
        XCTAssertEqual(try copies(in: [PixelRect(x: 31, y: 6, width: 1, height: 1), PixelRect(x: 0, y: 28, width: 8, height: 4)],
                                  of: diamond), 3)
        // The whole box, cut in four around the centre: each quarter holds a side of the diamond.
        let quarters = [PixelRect(x: 22, y: 6, width: 10, height: 10), PixelRect(x: 32, y: 6, width: 10, height: 10),
                        PixelRect(x: 22, y: 16, width: 10, height: 10), PixelRect(x: 32, y: 16, width: 10, height: 10)]
        XCTAssertEqual(try copies(in: quarters, of: diamond), 8)
    }

    func testTheCopyStorageGrowsFromASmallFrameToOneOfThousandsOfCopies() throws {
        let renderer = try S.makeRenderer(width: width, height: height)
        let halves = [PixelRect(x: 0, y: 0, width: 32, height: 32), PixelRect(x: 32, y: 0, width: 32, height: 32)]
        _ = try renderer.render(list, damageRegion: halves)
        XCTAssertEqual(renderer.damagedCanvasInstanceCount, 3)
        // 2048 translucent half-pixel-offset squares, one per pixel: each changes up to four
        // pixels, and the 32 on column 31 reach both halves.
        var commands: [DrawCommand] = []
        for y in 0..<height {
            for x in 0..<width {
                let color = PremultipliedColor(red: Float(x) / 128, green: Float(y) / 64, blue: 0.25, alpha: 0.5)
                commands.append(.quad(Quad(transform: .translation(Double(x) + 0.5, Double(y) + 0.5),
                                           rect: CGRect(x: 0, y: 0, width: 1, height: 1), fillColor: color)))
            }
        }
        let many = DrawList(pixelWidth: width, pixelHeight: height, clearColor: S.black, commands: commands)
        _ = try renderer.render(many, damageRegion: halves)
        XCTAssertEqual(renderer.damagedCanvasInstanceCount, 2 + width * height + height)
        let damaged = try renderer.readPixels()
        let fresh = try S.makeRenderer(width: width, height: height)
        _ = try fresh.render(many)
        XCTAssertEqual(S.largestDifference(damaged, try fresh.readPixels()), 0)
    }
}
