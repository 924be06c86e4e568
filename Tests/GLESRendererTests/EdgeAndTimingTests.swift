import CompositorCore
import CoreGraphics
import Foundation
import GLESRenderer
import XCTest

/// Edge antialiasing flags.
final class EdgeAndTimingTests: XCTestCase {
    typealias S = RenderTestSupport

    func testEdgeOnAHalfPixelIsHalfCoveredOnlyWhenAntialiased() throws {
        let renderer = try S.makeRenderer(width: 64, height: 32)
        // Left edge at x = 10.5 passes through pixel 10's centre: half of it is inside.
        let rect = CGRect(x: 0, y: 0, width: 20, height: 20)
        let smooth = Quad(transform: .translation(10.5, 0), rect: rect, fillColor: S.red)
        let (smoothImage, _) = try S.render(renderer, width: 64, height: 32, quads: [smooth])
        XCTAssertEqual(Double(S.pixel(smoothImage, 10, 10)[3]), 127.5, accuracy: 3)
        // Only the left edge loses antialiasing (CAEdgeAntialiasingMask bit 0): hard cut at pixel centres.
        let hard = Quad(transform: .translation(10.5, 0), rect: rect, fillColor: S.red, antialiasedEdges: 0b1110)
        let (hardImage, _) = try S.render(renderer, width: 64, height: 32, quads: [hard])
        XCTAssertEqual(S.pixel(hardImage, 10, 10), [255, 0, 0, 255], "pixel centre on the edge counts as inside")
        XCTAssertEqual(S.pixel(hardImage, 9, 10)[3], 0)
        // The right edge (x = 30.5) is still antialiased.
        XCTAssertEqual(Double(S.pixel(hardImage, 30, 10)[3]), 127.5, accuracy: 3)
    }
}
