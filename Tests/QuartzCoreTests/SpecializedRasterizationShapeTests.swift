import CompositorCore
import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

final class SpecializedRasterizationShapeTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    private func image(_ state: LayerState, scale: CGFloat = 1) throws -> CGImage {
        try XCTUnwrap(SpecializedContents.image(for: state, pixelsPerPoint: scale))
    }

    func testFilledSquareIsOpaqueInsideAndClearOutside() throws {
        let picture = try image(shapeState { $0.path = CGPath(rect: CGRect(x: 30, y: 30, width: 40, height: 40), transform: nil) })
        XCTAssertEqual(picture.width, 100)
        XCTAssertEqual(picture.height, 100)
        // Pixel 30 spans 30...31 (inside); pixel 29 spans 29...30 (outside); likewise 69 and 70.
        for (x, y) in [(50, 50), (30, 30), (69, 69), (30, 69)] { XCTAssertEqual(picture.alpha(x, y), 255, "(\(x), \(y))") }
        for (x, y) in [(29, 50), (70, 50), (50, 29), (50, 70), (5, 5), (95, 95)] { XCTAssertEqual(picture.alpha(x, y), 0, "(\(x), \(y))") }
        // Default fill is opaque black.
        let pixel = try XCTUnwrap(picture.premultipliedPixel(x: 50, y: 50))
        XCTAssertEqual([pixel.r, pixel.g, pixel.b], [0, 0, 0])
    }

    func testRowZeroIsBoundsMinY() throws {
        // Bounds origin (20, 10): the square at (20, 10) starts at pixel (0, 0).
        let state = shapeState(bounds: CGRect(x: 20, y: 10, width: 50, height: 50)) {
            $0.path = CGPath(rect: CGRect(x: 20, y: 10, width: 10, height: 10), transform: nil)
        }
        let picture = try image(state)
        XCTAssertEqual(picture.alpha(0, 0), 255)
        XCTAssertEqual(picture.alpha(9, 9), 255)
        XCTAssertEqual(picture.alpha(10, 10), 0)
    }

    func testStrokedLineOfWidthFourCoversTwoPixelsEachSide() throws {
        let picture = try image(shapeState {
            $0.path = linePath(from: CGPoint(x: 10, y: 50), to: CGPoint(x: 90, y: 50))
            $0.fillColor = nil
            $0.strokeColor = red
            $0.lineWidth = 4
        })
        // The stroke spans y 48...52: rows 48 to 51.
        for y in 48...51 { XCTAssertEqual(picture.alpha(50, y), 255, "row \(y)") }
        XCTAssertEqual(picture.alpha(50, 47), 0)
        XCTAssertEqual(picture.alpha(50, 52), 0)
        // Butt caps: nothing before x = 10 or after x = 90.
        XCTAssertEqual(picture.alpha(9, 50), 0)
        XCTAssertEqual(picture.alpha(90, 50), 0)
        let pixel = try XCTUnwrap(picture.premultipliedPixel(x: 50, y: 49))
        XCTAssertEqual([pixel.r, pixel.g, pixel.b], [255, 0, 0])
    }

    func testStrokeEndHalfDrawsOnlyTheFirstHalfOfALine() throws {
        let picture = try image(shapeState {
            $0.path = linePath(from: CGPoint(x: 10, y: 50), to: CGPoint(x: 90, y: 50))
            $0.strokeColor = red
            $0.lineWidth = 4
            $0.strokeEnd = 0.5
        })
        // Length 80: the stroke ends at x = 10 + 40 = 50.
        XCTAssertEqual(picture.alpha(11, 50), 255)
        XCTAssertEqual(picture.alpha(49, 50), 255)
        XCTAssertEqual(picture.alpha(50, 50), 0)
        XCTAssertEqual(picture.alpha(70, 50), 0)
    }

    func testStrokeStartAndEndSelectTheMiddleOfAPolyline() throws {
        // An L of two 50-point legs (length 100): 0.3...0.7 runs from (40, 10) round the corner to (60, 30).
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 60, y: 10))
        path.addLine(to: CGPoint(x: 60, y: 60))
        let picture = try image(shapeState {
            $0.path = path
            $0.fillColor = nil
            $0.strokeColor = red
            $0.lineWidth = 2
            $0.strokeStart = 0.3
            $0.strokeEnd = 0.7
        })
        XCTAssertEqual(picture.alpha(39, 10), 0)
        XCTAssertEqual(picture.alpha(40, 10), 255)
        XCTAssertEqual(picture.alpha(60, 28), 255)
        XCTAssertEqual(picture.alpha(60, 31), 0)
        XCTAssertEqual(picture.alpha(60, 45), 0)
    }

    func testTrimmingACircleKeepsTheCurveAndItsLength() {
        let circle = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
        let contours = PathContour.contours(of: circle, tolerance: 0.01)
        let total = contours.reduce(0) { $0 + $1.length }
        XCTAssertEqual(total, 2 * .pi * 40, accuracy: 0.05)
        let pieces = PathContour.trimmed(contours, from: 0.1 * total, to: 0.35 * total, tolerance: 0.01)
        XCTAssertEqual(pieces.count, 1)
        XCTAssertFalse(pieces[0].isClosed)
        XCTAssertTrue(pieces[0].segments.allSatisfy { if case .line = $0 { false } else { true } }, "curves stay curves")
        let length = pieces[0].segments.reduce(0) { $0 + $1.length(tolerance: 0.01) }
        XCTAssertEqual(length, 0.25 * total, accuracy: 0.05)
        // The cuts sit at 0.1 and 0.35 of the way round from (90, 50): chords of 2r sin(angle / 2).
        let first = pieces[0].segments[0].start, last = pieces[0].segments[pieces[0].segments.count - 1].end
        XCTAssertEqual(hypot(first.x - 90, first.y - 50), 80 * sin(0.1 * .pi), accuracy: 0.02)
        XCTAssertEqual(hypot(last.x - 90, last.y - 50), 80 * sin(0.35 * .pi), accuracy: 0.02)
        // Every point of the trimmed curves is still on the circle.
        for segment in pieces[0].segments {
            for t in stride(from: 0.0, through: 1.0, by: 0.25) {
                let p = segment.point(at: t)
                XCTAssertEqual(hypot(p.x - 50, p.y - 50), 40, accuracy: 0.05)
            }
        }
    }

    func testStrokeEndQuarterOfACircleInksOneQuadrant() throws {
        let picture = try image(shapeState {
            $0.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
            $0.fillColor = nil
            $0.strokeColor = red
            $0.lineWidth = 4
            $0.strokeEnd = 0.25
        })
        // The ellipse starts at (90, 50); an eighth of the way round is 45° above or below it.
        let offset = 40 * sin(CGFloat.pi / 4)
        let below = picture.alpha(Int(50 + offset), Int(50 + offset))
        let above = picture.alpha(Int(50 + offset), Int(50 - offset))
        XCTAssertTrue((below == 255) != (above == 255), "one of the two eighths is drawn: \(below), \(above)")
        // The opposite side is not drawn.
        XCTAssertEqual(picture.alpha(11, 50), 0)
    }

    func testDashesAlternate() throws {
        func dashed(phase: CGFloat) throws -> CGImage {
            try image(shapeState {
                $0.path = linePath(from: CGPoint(x: 0, y: 50), to: CGPoint(x: 100, y: 50))
                $0.strokeColor = red
                $0.lineWidth = 4
                $0.lineDashPattern = [10, 10]
                $0.lineDashPhase = phase
            })
        }
        let plain = try dashed(phase: 0)
        for x in [2, 25, 45, 65, 85] { XCTAssertEqual(plain.alpha(x, 50), 255, "dash at \(x)") }
        for x in [15, 35, 55, 75, 95] { XCTAssertEqual(plain.alpha(x, 50), 0, "gap at \(x)") }
        // A phase of 5 starts half-way through the first dash: dashes at 0...5, 15...25, ...
        let shifted = try dashed(phase: 5)
        for x in [2, 20, 40] { XCTAssertEqual(shifted.alpha(x, 50), 255, "dash at \(x)") }
        for x in [10, 30, 50] { XCTAssertEqual(shifted.alpha(x, 50), 0, "gap at \(x)") }
    }

    func testEvenOddLeavesAHoleAndNonZeroFillsIt() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 10, y: 10, width: 80, height: 80))
        path.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))
        let evenOdd = try image(shapeState { $0.path = path; $0.fillRule = .evenOdd })
        XCTAssertEqual(evenOdd.alpha(20, 20), 255)
        XCTAssertEqual(evenOdd.alpha(50, 50), 0)
        let nonZero = try image(shapeState { $0.path = path })
        XCTAssertEqual(nonZero.alpha(50, 50), 255)
    }

    func testScaleTwoDoublesThePixelsAndStaysSharp() throws {
        let state = shapeState { $0.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil) }
        let one = try image(state, scale: 1), two = try image(state, scale: 2)
        XCTAssertEqual(two.width, 2 * one.width)
        XCTAssertEqual(two.height, 2 * one.height)
        // The circle's left edge on the middle row sits at x = 10 points: pixel 20 at scale 2.
        XCTAssertEqual(two.alpha(10, 100), 0)
        XCTAssertEqual(two.alpha(30, 100), 255)
        let partial = (0..<100).filter { (1...254).contains(two.alpha($0, 100)) }
        XCTAssertLessThanOrEqual(partial.count, 2, "edge transition \(partial)")
        XCTAssertGreaterThanOrEqual(partial.min() ?? 19, 19)
        XCTAssertLessThanOrEqual(partial.max() ?? 20, 20)
    }

    func testStillLayerHitsTheCacheAndAnimatedStrokeEndDoesNot() throws {
        var state = shapeState {
            $0.path = linePath(from: CGPoint(x: 10, y: 50), to: CGPoint(x: 90, y: 50))
            $0.strokeColor = red
        }
        let first = try image(state), again = try image(state)
        XCTAssertTrue(first === again)
        state.shape.strokeEnd = 0.5
        XCTAssertFalse(try image(state) === first)
        XCTAssertFalse(try image(state, scale: 2) === first)
    }

    func testCacheEvictsLeastRecentlyUsedBeyondItsByteLimit() throws {
        let cache = SpecializedContentsCache(budget: CacheBudget(byteLimit: 3 * 40_000))
        let picture = try XCTUnwrap(CGImage(width: 100, height: 100, bytesPerRow: 400, data: Data(count: 40_000)))
        func key(_ end: CGFloat) throws -> SpecializedContentsCache.Key {
            let artwork = try XCTUnwrap(ShapeArtwork(shapeState {
                $0.path = linePath(from: .zero, to: CGPoint(x: 10, y: 10)); $0.strokeColor = self.red; $0.strokeEnd = end
            }.shape))
            return .init(artwork: .shape(artwork), rect: CGRect(x: 0, y: 0, width: 100, height: 100), pixelsPerPoint: 1)
        }
        for end in [0.1, 0.2, 0.3] { cache.insert(picture, for: try key(end)) }
        XCTAssertNotNil(cache.image(for: try key(0.1)))   // 0.2 is now the least recently used
        cache.insert(picture, for: try key(0.4))
        XCTAssertEqual(cache.usage.entries, 3)
        XCTAssertEqual(cache.usage.bytes, 120_000)
        XCTAssertNil(cache.image(for: try key(0.2)))
        XCTAssertNotNil(cache.image(for: try key(0.1)))
    }

    func testPictureOfAShapeLayerWithEmptyBoundsHoldsTheWholeStroke() throws {
        var state = shapeState(bounds: .zero) {
            $0.path = CGPath(rect: CGRect(x: 20, y: 30, width: 40, height: 10), transform: nil)
            $0.strokeColor = self.red
            $0.lineWidth = 4
            $0.lineJoin = .round
        }
        XCTAssertNil(SpecializedContents.image(for: state, pixelsPerPoint: 1), "empty bounds")
        let picture = try XCTUnwrap(SpecializedContents.picture(for: state, pixelsPerPoint: 2))
        // The stroke reaches 2 points beyond the rectangle; the picture holds it on whole pixels.
        XCTAssertLessThanOrEqual(picture.rect.minX, 18)
        XCTAssertLessThanOrEqual(picture.rect.minY, 28)
        XCTAssertGreaterThanOrEqual(picture.rect.maxX, 62)
        XCTAssertGreaterThanOrEqual(picture.rect.maxY, 42)
        XCTAssertEqual(CGFloat(picture.image.width), picture.rect.width * 2)
        XCTAssertEqual((picture.rect.minX * 2).truncatingRemainder(dividingBy: 1), 0)
        // The stroke's outer left edge (x = 18) and the fill's middle, in the picture's pixels.
        let x18 = Int((18 - picture.rect.minX) * 2), middle = Int((40 - picture.rect.minX) * 2)
        let y35 = Int((35 - picture.rect.minY) * 2)
        XCTAssertEqual(picture.image.alpha(x18, y35), 255)
        XCTAssertEqual(picture.image.alpha(x18 - 1, y35), 0)
        XCTAssertEqual(picture.image.alpha(middle, y35), 255)
        // With bounds, the bounds are part of the rectangle.
        state.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let bounded = try XCTUnwrap(SpecializedContents.picture(for: state, pixelsPerPoint: 1))
        XCTAssertEqual(bounded.rect, CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    func testNothingToDrawGivesNil() {
        XCTAssertNil(SpecializedContents.image(for: shapeState { _ in }, pixelsPerPoint: 1), "no path")
        XCTAssertNil(SpecializedContents.image(for: shapeState {
            $0.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil); $0.fillColor = nil
        }, pixelsPerPoint: 1), "no fill, no stroke")
        var plain = LayerState()
        plain.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertNil(SpecializedContents.image(for: plain, pixelsPerPoint: 1), "plain layer")
        let square = shapeState { $0.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil) }
        XCTAssertNil(SpecializedContents.image(for: square, pixelsPerPoint: 0))
        XCTAssertNil(SpecializedContents.image(for: square, pixelsPerPoint: .nan))
    }
}
