import CompositorCore
import QuartzCoreDisplay
import XCTest

final class FrameDamageTests: XCTestCase {
    private func list(_ quads: [Quad]) -> DrawList {
        DrawList(pixelWidth: 200, pixelHeight: 100, commands: quads.map { .quad($0) })
    }

    private func square(x: Double, y: Double, colour: Float = 1) -> Quad {
        Quad(transform: .translation(x, y), rect: CGRect(x: 0, y: 0, width: 10, height: 10),
             fillColor: PremultipliedColor(red: colour, green: 0, blue: 0, alpha: 1))
    }

    func testNoPreviousFrameDamagesEverything() {
        XCTAssertEqual(FrameDamage.between(nil, list([])), PixelRect(x: 0, y: 0, width: 200, height: 100))
    }

    func testIdenticalFramesHaveNoDamage() {
        let frame = list([square(x: 5, y: 5)])
        XCTAssertTrue(FrameDamage.between(frame, frame).isEmpty)
    }

    /// A 10 x 10 square moving from (20, 30) to (50, 30): x 20...60 and y 30...40, plus the 2 px antialiasing margin.
    func testMovedQuadDamagesOldAndNewBounds() {
        let damage = FrameDamage.between(list([square(x: 0, y: 0), square(x: 20, y: 30)]),
                                         list([square(x: 0, y: 0), square(x: 50, y: 30)]))
        XCTAssertEqual(damage, PixelRect(x: 18, y: 28, width: 62 - 18, height: 42 - 28))
    }

    func testRecolouredQuadDamagesItsBoundsOnly() {
        let damage = FrameDamage.between(list([square(x: 100, y: 50, colour: 1)]), list([square(x: 100, y: 50, colour: 0.5)]))
        XCTAssertEqual(damage, PixelRect(x: 98, y: 48, width: 14, height: 14))
    }

    func testStructuralChangeDamagesEverything() {
        let damage = FrameDamage.between(list([square(x: 0, y: 0)]), list([square(x: 0, y: 0), square(x: 20, y: 20)]))
        XCTAssertEqual(damage, PixelRect(x: 0, y: 0, width: 200, height: 100))
    }
}
