import CCairo
@testable import CoreGraphics
import Foundation
import XCTest

/// Paths reaching beyond Cairo's fixed-point range (about ±8.4e6 device pixels) are drawn as the
/// visible part of their true geometry, not towards a wrapped point (issue 33), and ordinary
/// paths reach Cairo exactly as before.
final class FarCoordinatePathTests: XCTestCase {
    /// A line from the middle of the view to a far point, stroked 4 wide, shows as the half of
    /// the line along x = 50 or y = 50 that the geometry puts in the view, and nothing else; it
    /// has the bytes of the same line ending at a point in range.
    func testStrokedLinesToFarPointsShowWhereTheGeometrySays() throws {
        for (far, near, vertical) in [(CGPoint(x: 50, y: 7e125), CGPoint(x: 50, y: 1e4), true),
                                      (CGPoint(x: 1e8, y: 50), CGPoint(x: 1e4, y: 50), false),
                                      (CGPoint(x: 50, y: 1e300), CGPoint(x: 50, y: 1e4), true)] {
            let image = try strokedLine(to: far)
            for along in 0..<100 {
                for across in [40, 47, 48, 51, 52, 60] {
                    let (x, y) = vertical ? (across, along) : (along, across)
                    let user = vertical ? 99 - y : x
                    let covered = (48...51).contains(across) && user > 51
                    let clear = !(47...52).contains(across) || user < 48
                    let alpha = try XCTUnwrap(image.premultipliedPixel(x: x, y: y)).a
                    if covered { XCTAssertEqual(alpha, 255, "\(far): (\(x), \(y))") }
                    if clear { XCTAssertEqual(alpha, 0, "\(far): (\(x), \(y))") }
                }
            }
            try assertSameBytes(image, try strokedLine(to: near), "\(far)")
        }
    }

    /// Triangles with vertices a billion pixels away cover exactly the pixels their edges say,
    /// under both fill rules, and match the same triangles scaled into Cairo's range.
    func testFilledTrianglesWithFarVerticesCoverWhatTheGeometrySays() throws {
        let corner = [CGPoint(x: 10, y: 10), CGPoint(x: 1e9, y: 10), CGPoint(x: 10, y: 1e9)]
        // A wedge from (10, 20) between slopes 0.7 and 1.3, its far ends a billion pixels away
        // or in range on the same lines.
        func wedge(_ reach: Double) -> [CGPoint] {
            [CGPoint(x: 10, y: 20), CGPoint(x: 10 + reach, y: 20 + 1.3 * reach), CGPoint(x: 10 + reach, y: 20 + 0.7 * reach)]
        }
        let nearCorner = [CGPoint(x: 10, y: 10), CGPoint(x: 1e6, y: 10), CGPoint(x: 10, y: 1e6)]
        for rule in [CGPathFillRule.winding, .evenOdd] {
            let image = try filled(corner, rule: rule)
            for (x, y, inside) in [(9, 50, false), (11, 50, true), (50, 9, false), (50, 11, true),
                                   (99, 99, true), (11, 11, true), (5, 95, false)] {
                let alpha = try XCTUnwrap(image.premultipliedPixel(x: x, y: 99 - y)).a
                XCTAssertEqual(alpha, inside ? 255 : 0, "corner \(rule) at (\(x), \(y))")
            }
            try assertSameBytes(image, try filled(nearCorner, rule: rule), "corner")
            let wedgeImage = try filled(wedge(1e9), rule: rule)
            for x in stride(from: 14, to: 100, by: 5) {
                let low = 20 + 0.7 * (Double(x) + 0.5 - 10), high = 20 + 1.3 * (Double(x) + 0.5 - 10)
                for (y, inside) in [(low - 3, false), (low + 3, true), ((low + high) / 2, true), (high - 3, true),
                                    (high + 3, false)] where low + 3 < high - 3 && (0..<99).contains(y) {
                    let alpha = try XCTUnwrap(wedgeImage.premultipliedPixel(x: x, y: 99 - Int(y))).a
                    XCTAssertEqual(alpha, inside ? 255 : 0, "wedge \(rule) at (\(x), \(y))")
                }
            }
            // Cairo antialiases a slanted edge a little differently when it clips the edge itself
            // (up to 13 levels on edge pixels, where the exact coverage lies between the two).
            try assertSameBytes(wedgeImage, try filled(wedge(1e5), rule: rule), "wedge", within: 16)
        }
    }

    /// A curve whose controls lie a trillion pixels away, stroked, finishes and shows the two
    /// nearly vertical ends that the geometry puts in the view (x = 10 and x = 90 above y = 50).
    func testStrokedCurveWithFarControlsShowsItsVisibleEnds() throws {
        let context = try TestCanvas.make(100, 100)
        context.setLineWidth(4)
        context.setStrokeColor(TestCanvas.black)
        context.move(to: CGPoint(x: 10, y: 50))
        context.addCurve(to: CGPoint(x: 90, y: 50), control1: CGPoint(x: 50, y: 1e12), control2: CGPoint(x: 50, y: 1e12))
        let start = Date()
        context.strokePath()
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        let image = try XCTUnwrap(context.makeImage())
        for y in 0..<47 {
            for (x, alpha) in [(9, 255), (10, 255), (50, 0), (89, 255), (90, 255), (30, 0), (5, 0), (95, 0)] {
                XCTAssertEqual(try XCTUnwrap(image.premultipliedPixel(x: x, y: y)).a, UInt8(alpha), "(\(x), \(y))")
            }
        }
        XCTAssertEqual(TestCanvas.darkPixels(image, x: 0..<100, y: 53..<100), 0)
    }

    /// A dashed diagonal from beyond the safe range across the view keeps its dashes where
    /// their distance from the far start puts them: it matches a short diagonal with that phase.
    func testFarDashedDiagonalKeepsItsDashes() throws {
        func diagonal(from start: Double, phase: CGFloat) throws -> CGImage {
            try stroked([CGPoint(x: start, y: start), CGPoint(x: 100 - start, y: 100 - start)], dashes: ([10, 10], phase))
        }
        let far = try diagonal(from: -6e6, phase: 0)
        let phase = ((6e6 - 1000) * 2.0.squareRoot()).truncatingRemainder(dividingBy: 20)
        try assertSameBytes(far, try diagonal(from: -1000, phase: phase), "dashed diagonal", within: 2)
    }

    /// A clip to a far triangle keeps what the triangle covers in the view.
    func testClipToAFarTriangleKeepsItsVisiblePart() throws {
        let context = try TestCanvas.make(100, 100)
        context.move(to: CGPoint(x: 10, y: 10))
        context.addLine(to: CGPoint(x: 1e9, y: 10))
        context.addLine(to: CGPoint(x: 10, y: 1e9))
        context.clip()
        context.setFillColor(TestCanvas.black)
        context.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        let image = try XCTUnwrap(context.makeImage())
        for (x, y, inside) in [(9, 50, false), (11, 50, true), (50, 9, false), (99, 99, true)] {
            XCTAssertEqual(try XCTUnwrap(image.premultipliedPixel(x: x, y: 99 - y)).a, inside ? 255 : 0, "(\(x), \(y))")
        }
    }

    /// An ordinary path, curves and a quadratic included, reaches Cairo unchanged.
    func testOrdinaryPathReachesCairoUnchanged() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10.3, y: 20.7))
        path.addLine(to: CGPoint(x: 4e6, y: -4e6))
        path.addQuadCurve(to: CGPoint(x: 60.1, y: 10.9), control: CGPoint(x: 33.3, y: 90.2))
        path.addCurve(to: CGPoint(x: 5, y: 5), control1: CGPoint(x: 70, y: 70), control2: CGPoint(x: -3, y: 40))
        path.closeSubpath()
        path.addQuadCurve(to: CGPoint(x: 30, y: 30), control: CGPoint(x: 90, y: 0))
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 100, 100))
        defer { cairo_surface_destroy(surface) }
        let cr = try XCTUnwrap(cairo_create(surface))
        defer { cairo_destroy(cr) }
        cairo_scale(cr, 0.9, 1.04)
        CairoFarPath.append(path.elements, to: cr, for: .fill)
        let appended = pathData(cr)
        cairo_new_path(cr)
        cairo_move_to(cr, 10.3, 20.7)
        cairo_line_to(cr, 4e6, -4e6)
        cairo_curve_to(cr, 4e6 + 2 / 3 * (33.3 - 4e6), -4e6 + 2 / 3 * (90.2 + 4e6),
                       60.1 + 2 / 3 * (33.3 - 60.1), 10.9 + 2 / 3 * (90.2 - 10.9), 60.1, 10.9)
        cairo_curve_to(cr, 70, 70, -3, 40, 5, 5)
        cairo_close_path(cr)
        cairo_curve_to(cr, 10.3 + 2 / 3 * (90 - 10.3), 20.7 + 2 / 3 * (0 - 20.7),
                       30 + 2 / 3 * (90 - 30), 30 + 2 / 3 * (0 - 30), 30, 30)
        XCTAssertEqual(appended, pathData(cr))
    }

    private func strokedLine(to end: CGPoint) throws -> CGImage {
        try stroked([CGPoint(x: 50, y: 50), end])
    }

    /// A polyline stroked 4 wide in black, dashed when `dashes` (lengths and phase) are given.
    private func stroked(_ points: [CGPoint], dashes: ([CGFloat], CGFloat)? = nil) throws -> CGImage {
        let context = try TestCanvas.make(100, 100)
        context.setLineWidth(4)
        context.setStrokeColor(TestCanvas.black)
        if let (lengths, phase) = dashes { context.setLineDash(phase: phase, lengths: lengths) }
        context.addLines(between: points)
        context.strokePath()
        return try XCTUnwrap(context.makeImage())
    }

    private func filled(_ vertices: [CGPoint], rule: CGPathFillRule) throws -> CGImage {
        let context = try TestCanvas.make(100, 100)
        context.setFillColor(TestCanvas.black)
        context.addLines(between: vertices)
        context.closePath()
        context.fillPath(using: rule)
        return try XCTUnwrap(context.makeImage())
    }

    private func assertSameBytes(_ a: CGImage, _ b: CGImage, _ message: String, within levels: Int = 1) throws {
        var worst = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let p = try XCTUnwrap(a.premultipliedPixel(x: x, y: y)).a
                let q = try XCTUnwrap(b.premultipliedPixel(x: x, y: y)).a
                worst = max(worst, abs(Int(p) - Int(q)))
            }
        }
        XCTAssertLessThanOrEqual(worst, levels, message)
    }

    /// Cairo's current path as its raw numbers: each element's type, then its points.
    private func pathData(_ cr: OpaquePointer) -> [Double] {
        guard let path = cairo_copy_path(cr) else { return [] }
        defer { cairo_path_destroy(path) }
        var numbers: [Double] = [], index = 0
        while index < Int(path.pointee.num_data) {
            let header = path.pointee.data[index].header
            numbers.append(Double(header.type.rawValue))
            for point in 1..<max(Int(header.length), 1) {
                numbers += [path.pointee.data[index + point].point.x, path.pointee.data[index + point].point.y]
            }
            index += max(Int(header.length), 1)
        }
        return numbers
    }
}
