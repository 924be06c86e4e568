import QuartzCore
import XCTest

/// What a gradient layer draws through `render(in:)`, as Apple's QuartzCore measurably draws it
/// (GNUstep libs-quartzcore `Tests/quartzcore/CAGradientLayer/drawing.m`, which its CI runs
/// against Apple's): an 80 x 60 layer at the origin of a bare 100 x 100 bitmap context (y up).
/// What is asserted is which pixels are covered and which way the colours run, never an exact
/// colour except where one is flat (`PaintedPixels`).
final class GradientDrawingAppleTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    private func gradient(_ colors: [CGColor]?) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
        layer.colors = colors
        return layer
    }

    private func drawn(_ layer: CALayer) throws -> PaintedPixels {
        try PaintedPixels(side: 100) { layer.render(in: $0) }
    }

    func testAGradientCoversTheBoundsFromTheFirstColourAtTheBottom() throws {
        let pixels = try drawn(gradient([red, blue]))
        XCTAssertTrue(pixels.areExactly(0, 0, 80, 60))
        XCTAssertEqual(pixels.count, 4800)
        XCTAssertGreaterThan(pixels.rgb(40, 2).r, pixels.rgb(40, 2).b, "the first colour at the bottom")
        XCTAssertGreaterThan(pixels.rgb(40, 57).b, pixels.rgb(40, 57).r, "the last at the top")
        let steps = stride(from: 2, through: 57, by: 5).map { pixels.rgb(40, $0) }
        XCTAssertTrue(zip(steps, steps.dropFirst()).allSatisfy { $1.r <= $0.r && $1.b >= $0.b },
                      "red gives way to blue the whole way up, and never back")
    }

    func testThePointsSetWhichWayItRuns() throws {
        let sideways = gradient([red, blue])
        sideways.startPoint = CGPoint(x: 0, y: 0.5)
        sideways.endPoint = CGPoint(x: 1, y: 0.5)
        let across = try drawn(sideways)
        XCTAssertEqual(across.count, 4800)
        XCTAssertTrue(across.rgb(2, 30).r > across.rgb(2, 30).b && across.rgb(77, 30).b > across.rgb(77, 30).r, "left to right")
        let down = gradient([red, blue])
        down.startPoint = CGPoint(x: 0.5, y: 1)
        down.endPoint = CGPoint(x: 0.5, y: 0)
        let reversed = try drawn(down)
        XCTAssertGreaterThan(reversed.rgb(40, 2).b, reversed.rgb(40, 2).r, "turning the points around turns it around")
        let middle = gradient([red, blue])
        middle.startPoint = CGPoint(x: 0.5, y: 0.25)
        middle.endPoint = CGPoint(x: 0.5, y: 0.75)
        let partial = try drawn(middle)
        XCTAssertEqual(partial.count, 4800, "a gradient over part of the bounds still covers all of them")
        XCTAssertTrue(partial.rgb(40, 2).r > 240 && partial.rgb(40, 2).b < 20, "the colour before it starts is flat")
    }

    func testFewerThanTwoColoursDrawNothing() throws {
        XCTAssertEqual(try drawn(gradient(nil)).count, 0, "no colours")
        XCTAssertEqual(try drawn(gradient([red])).count, 0, "one colour is not enough either")
        XCTAssertEqual(try drawn(gradient([])).count, 0, "nor is an empty array")
    }

    func testColoursSitWhereTheirLocationsPutThem() throws {
        let placed = gradient([red, green, blue])
        placed.locations = [0, 0.25, 1]
        let quarter = try drawn(placed).rgb(40, 15)
        XCTAssertTrue(quarter.g > quarter.r && quarter.g > quarter.b, "green a quarter of the way up")
        let mismatched = gradient([red, green, blue])
        mismatched.locations = [0.5]
        XCTAssertEqual(try drawn(mismatched).count, 0, "fewer locations than colours: nothing")
        let stepped = gradient([red, blue])
        stepped.locations = [0.5, 0.5]
        let hard = try drawn(stepped)
        XCTAssertTrue(hard.rgb(40, 25).r > 240 && hard.rgb(40, 25).b < 20, "below a hard stop the first colour is flat")
        XCTAssertTrue(hard.rgb(40, 35).b > 240 && hard.rgb(40, 35).r < 20, "and above it the second")
    }

    func testContentsAreDrawnOverTheGradient() throws {
        let greenPixels = [[UInt8]](repeating: [0, 255, 0, 255], count: 20 * 10).flatMap { $0 }
        let image = try XCTUnwrap(CGImage(width: 20, height: 10, bytesPerRow: 20 * 4, data: Data(greenPixels)))
        let layer = gradient([red, blue])
        layer.contents = image
        layer.contentsGravity = .center
        let pixels = try drawn(layer)
        XCTAssertEqual(pixels.count, 4800)
        let centre = pixels.rgb(40, 30), edge = pixels.rgb(5, 30)
        XCTAssertTrue(centre.g > centre.r && centre.g > centre.b, "the contents over the gradient")
        XCTAssertTrue(edge.r > edge.g && edge.b > edge.g, "the gradient where they are not")
    }

    func testACornerRadiusTakesOnlyTheCornersOff() throws {
        let plain = try drawn(gradient([red, blue]))
        XCTAssertTrue(plain.isPainted(0, 0))
        let round = gradient([red, blue])
        round.cornerRadius = 20
        let rounded = try drawn(round)
        XCTAssertFalse(rounded.isPainted(0, 0))
        XCTAssertFalse(rounded.isPainted(1, 1))
        XCTAssertTrue(rounded.count < plain.count && rounded.count > plain.count * 9 / 10, "the corners and nothing else")
        XCTAssertTrue(rounded.isPainted(40, 30) && rounded.isPainted(0, 30), "the middle and the straight edges")
    }
}
