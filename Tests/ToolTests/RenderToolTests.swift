import ArgumentParser
import CoreGraphics
import ExampleScenes
import Foundation
import XCTest
@testable import qc_render

/// qc-render: every listed name renders, and strips of frames show the scene at each time.
final class RenderToolTests: XCTestCase {
    private let render = ToolProcess(name: "qc-render")

    func testListedNamesAreEachAcceptedByScene() throws {
        let result = try render.run(["--list"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let names = result.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(names.count, ExampleScene.all.count, result.standardOutput)
        for name in names {
            XCTAssertNoThrow(try QCRender.parse(["--scene", name]), "--list printed \(name), which --scene refuses")
        }
        // The names that used to be cut to ten characters.
        for name in ["groupopacity", "delegate-drawing", "stickfigure"] {
            XCTAssertTrue(names.contains(name), "\(name) missing from --list")
        }
    }

    func testOptionsParseInProcess() throws {
        let options = try QCRender.parse(["--scene", "ship", "--size", "800x600", "--scale", "2", "--renderer", "cpu",
                                          "--frames", "0,0.5,1", "--sequence", "--out", "a/b.png"])
        XCTAssertEqual(options.size, PointSize(width: 800, height: 600))
        XCTAssertEqual(options.renderer, .cpu)
        XCTAssertEqual(options.frames?.seconds, [0, 0.5, 1])
        let plan = try options.renderPlan()
        XCTAssertEqual(plan.pixelWidth, 1600)
        XCTAssertEqual(plan.pixelHeight, 1200)
        XCTAssertEqual(plan.sequenceURL(index: 2).path, URL(fileURLWithPath: "a/b-02.png").path)
        XCTAssertEqual(try QCRender.parse(["--scene", "blue"]).renderPlan().outputURL.path,
                       URL(fileURLWithPath: "out/blue.png").path)
        // A strip wider than a PNG may be is refused before anything is drawn.
        XCTAssertThrowsError(try QCRender.parse(["--scene", "blue", "--size", "8000x100", "--frames", "0,1,2"]))
    }

    /// The book's ship (Listing 8.4) follows the cubic Bézier (50, 175) (125, 25) (275, 325)
    /// (350, 175) over 4 s in linear calculation mode, so at time t its centre is the curve's
    /// point at parameter t / 4; the strip holds the frames left to right, 400 x 350 each.
    func testFramesStripShowsTheShipAlongItsPath() throws {
        let directory = try makeScratchDirectory(for: self)
        for renderer in ["gles", "cpu"] {
            let out = directory.appendingPathComponent("ship-\(renderer).png")
            let result = try render.run(["--scene", "ship", "--frames", "0,0.5,1", "--renderer", renderer, "--out", out.path])
            XCTAssertEqual(result.status, 0, result.standardError)
            let strip = try CGImage.load(contentsOf: out)
            XCTAssertEqual(strip.width, 3 * 400, renderer)
            XCTAssertEqual(strip.height, 350, renderer)
            for (index, time) in [0.0, 0.5, 1].enumerated() {
                let centre = Self.shipCurve(at: time / 4)
                let x = index * 400 + Int(centre.x), y = Int(centre.y)
                XCTAssertTrue(isBlue(strip, x, y), "\(renderer) frame \(index): no ship at \(centre)")
                // Below the curve the scene is the white root.
                XCTAssertTrue(isWhite(strip, index * 400 + 200, 330), "\(renderer) frame \(index)")
            }
            // The ship has left its start point in the later frames (a grey track dot remains).
            XCTAssertFalse(isBlue(strip, 400 + 50, 175), renderer)
            XCTAssertFalse(isBlue(strip, 800 + 50, 175), renderer)
        }
    }

    func testSequenceWritesOnePNGPerFrameAndHoldsTheEnd() throws {
        let directory = try makeScratchDirectory(for: self)
        let out = directory.appendingPathComponent("ship.png")
        let result = try render.run(["--scene", "ship", "--frames", "0,6", "--sequence", "--renderer", "cpu",
                                     "--size", "400x350", "--out", out.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let first = try CGImage.load(contentsOf: directory.appendingPathComponent("ship-00.png"))
        let last = try CGImage.load(contentsOf: directory.appendingPathComponent("ship-01.png"))
        XCTAssertEqual([first.width, first.height, last.width, last.height], [400, 350, 400, 350])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "a sequence writes no strip")
        XCTAssertTrue(isBlue(first, 50, 175))
        // fillMode both with isRemovedOnCompletion false: after 4 s the ship stays at the end.
        XCTAssertTrue(isBlue(last, 350, 175))
        XCTAssertFalse(isBlue(last, 50, 175))
    }

    private static func shipCurve(at t: Double) -> CGPoint {
        let u = 1 - t
        let x = u * u * u * 50 + 3 * u * u * t * 125 + 3 * u * t * t * 275 + t * t * t * 350
        let y = u * u * u * 175 + 3 * u * u * t * 25 + 3 * u * t * t * 325 + t * t * t * 175
        return CGPoint(x: x, y: y)
    }

    private func isBlue(_ image: CGImage, _ x: Int, _ y: Int) -> Bool {
        guard let p = image.premultipliedPixel(x: x, y: y) else { return false }
        return p.r < 16 && p.g < 16 && p.b > 239 && p.a == 255
    }

    private func isWhite(_ image: CGImage, _ x: Int, _ y: Int) -> Bool {
        guard let p = image.premultipliedPixel(x: x, y: y) else { return false }
        return p.r > 250 && p.g > 250 && p.b > 250 && p.a == 255
    }
}
