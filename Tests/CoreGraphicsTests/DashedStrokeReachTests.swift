import CCairo
@testable import CoreGraphics
import Foundation
import XCTest

/// Dashed strokes cost work bounded by what can be visible (issue 33: Cairo walks every dash of
/// a path, so a dashed line to a far point never finished), and keep their pixels.
final class DashedStrokeReachTests: XCTestCase {
    /// The fuzz input's shape: a dashed line 7.1e125 long, squashed by the CTM into the view,
    /// so that about 4e123 dashes fall on 100 pixels. Its dashes are far below a pixel: half of
    /// the pattern is on, so the line shows at about half coverage, across its whole width.
    func testDashedLineSquashedIntoTheViewFinishesAtHalfCoverage() throws {
        try assertSquashedDashedLineFinishesAtHalfCoverage(length: 7.1e125)
    }

    /// A line squashed onto 1.79e308 user units, near the largest double (the path fuzz input of
    /// session 28): the clip grown by two pixels overflowed to infinity, which skipped the bound
    /// and left the stroke to Cairo, which took seconds and drew nothing here (the fuzz input's
    /// stroke never finished). The grown clip is kept finite, so it is cut and approximated.
    func testDashedLineSquashedToTheLargestDoublesFinishesAtHalfCoverage() throws {
        try assertSquashedDashedLineFinishesAtHalfCoverage(length: 1.79e308)
    }

    /// A dashed segment from far away that crosses the view diagonally: its dashes lie where
    /// their distance from the segment's far start puts them.
    func testFarDiagonalDashesFallWhereTheirDistanceSays() throws {
        let image = try diagonal(from: -3e6, phase: 0)
        var dashes = 0, gaps = 0
        for i in 0..<100 {
            let u = Double(i) + 0.5
            let along = ((u + 3e6) * 2.0.squareRoot()).truncatingRemainder(dividingBy: 20)
            let alpha = try XCTUnwrap(image.premultipliedPixel(x: i, y: 99 - i)).a
            if (3...7).contains(along) {
                XCTAssertEqual(alpha, 255, "dash at \(i) (\(along) into the pattern)")
                dashes += 1
            } else if (13...17).contains(along) {
                XCTAssertEqual(alpha, 0, "gap at \(i) (\(along) into the pattern)")
                gaps += 1
            }
        }
        XCTAssertGreaterThan(dashes, 10)
        XCTAssertGreaterThan(gaps, 10)
    }

    /// The far segment, cut to the view, looks as a short segment with the same dashes there
    /// does when Cairo strokes it whole.
    func testFarDiagonalMatchesAShortOneWithTheSameDashes() throws {
        let far = try diagonal(from: -3e6, phase: 0)
        let short = try diagonal(from: -1000, phase: ((3e6 - 1000) * 2.0.squareRoot()).truncatingRemainder(dividingBy: 20))
        let farBytes = try XCTUnwrap(far.dataProvider?.data) as Data
        let shortBytes = try XCTUnwrap(short.dataProvider?.data) as Data
        let largest = zip(farBytes, shortBytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(largest, 2)
    }

    /// An ordinary dashed path (curves, joins, closed), and a long one of lines whose dash count
    /// is over the budget but which lies in the view, are stroked to the same bytes as by Cairo.
    func testVisibleDashedPathsKeepCairosBytes() throws {
        let ordinary: (OpaquePointer) -> Void = { cr in
            cairo_move_to(cr, 10, 80)
            cairo_curve_to(cr, 20, 10, 60, 10, 90, 80)
            cairo_line_to(cr, 50, 95)
            cairo_close_path(cr)
            cairo_move_to(cr, 5, 5)
            cairo_line_to(cr, 95, 30)
        }
        let zigzag: (OpaquePointer) -> Void = { cr in
            cairo_move_to(cr, 2, 2)
            for i in 0..<200 { cairo_line_to(cr, i % 2 == 0 ? 98 : 2, 2 + Double(i) * 0.45) }
        }
        for (path, dashes) in [(ordinary, [6.0, 3, 2]), (zigzag, [0.25, 0.2])] {
            let expected = try stroke(path, dashes: dashes) { cairo_stroke($0) }
            let actual = try stroke(path, dashes: dashes) { CairoDashedStroke.stroke($0) }
            XCTAssertEqual(actual, expected)
        }
    }

    /// Strokes a dashed line `length` long whose CTM squashes it onto the view's 100 pixels, and
    /// checks that it takes under 5 seconds and shows at about half coverage across its width.
    private func assertSquashedDashedLineFinishesAtHalfCoverage(length: Double,
                                                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let context = try TestCanvas.make(100, 100)
        context.scaleBy(x: 1, y: 100 / length)
        context.setLineDash(phase: 0, lengths: [80.57])
        context.setLineWidth(174.8)
        context.setStrokeColor(TestCanvas.black)
        context.move(to: CGPoint(x: 50, y: 0))
        context.addLine(to: CGPoint(x: 50, y: length))
        let start = Date()
        context.strokePath()
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, file: file, line: line)
        let image = try XCTUnwrap(context.makeImage(), file: file, line: line)
        for (x, y) in [(1, 10), (50, 50), (98, 90)] {
            let alpha = try XCTUnwrap(image.premultipliedPixel(x: x, y: y), file: file, line: line).a
            XCTAssertTrue((96...160).contains(alpha), "alpha \(alpha) at (\(x), \(y))", file: file, line: line)
        }
    }

    private func diagonal(from start: Double, phase: Double) throws -> CGImage {
        let context = try TestCanvas.make(100, 100)
        context.setLineDash(phase: phase, lengths: [10, 10])
        context.setLineWidth(4)
        context.setStrokeColor(TestCanvas.black)
        context.move(to: CGPoint(x: start, y: start))
        context.addLine(to: CGPoint(x: 100 - start, y: 100 - start))
        context.strokePath()
        return try XCTUnwrap(context.makeImage())
    }

    private func stroke(_ path: (OpaquePointer) -> Void, dashes: [Double], with stroke: (OpaquePointer) -> Void) throws -> Data {
        let context = try TestCanvas.make(100, 100)
        context.withCairoDeviceContext { cr in
            cairo_set_source_rgba(cr, 0.2, 0.4, 0.8, 0.7)
            cairo_set_line_width(cr, 3)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 1.5) }
            path(cr)
            stroke(cr)
        }
        return try XCTUnwrap(context.makeImage()?.dataProvider?.data) as Data
    }
}
