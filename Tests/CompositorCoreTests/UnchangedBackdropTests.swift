import CompositorCore
import CoreGraphics
import XCTest

/// `DamageTracker` marks the canvas-level backdrop quads whose backdrop did not change
/// (`DrawList.unchangedBackdrops`): a change drawn after the quad (the panel's own content) or
/// away from what it reads keeps it; a change under it, of the quad itself, or a frame not
/// compared with one does not.
final class UnchangedBackdropTests: XCTestCase {
    private let blue = PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A blurred panel at (40, 40), 80 x 40, reading 6 pixels around it (sigma 2).
    private var panel: Quad {
        var quad = Quad(transform: .identity, rect: CGRect(x: 40, y: 40, width: 80, height: 40))
        quad.backdrop = BackdropFilter(filters: [.blur(sigma: 2)])
        return quad
    }

    private func square(_ x: Double, _ y: Double, _ color: PremultipliedColor? = nil) -> DrawCommand {
        .quad(Quad(transform: .identity, rect: CGRect(x: x, y: y, width: 10, height: 10), fillColor: color ?? blue))
    }

    private func list(_ commands: [DrawCommand]) -> DrawList {
        DrawList(pixelWidth: 200, pixelHeight: 200, commands: commands)
    }

    /// The marks `tracker` gives `next` after `first`.
    private func marks(from first: [DrawCommand], to next: [DrawCommand]) -> [UnchangedBackdrop] {
        var tracker = DamageTracker()
        var a = list(first), b = list(next)
        _ = tracker.damage(for: &a)
        XCTAssertEqual(a.unchangedBackdrops, [], "a first frame is compared with none")
        _ = tracker.damage(for: &b)
        return b.unchangedBackdrops
    }

    func testAChangeDrawnAfterThePanelKeepsItsBackdrop() {
        let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
        XCTAssertEqual(marks(from: [square(50, 50), .quad(panel), square(60, 50)], to: [square(50, 50), .quad(panel), square(60, 50, red)]),
                       [UnchangedBackdrop(previousCommand: 1, command: 1)])
    }

    /// The damage of a change drawn over an unchanged backdrop is not grown to all the backdrop
    /// reads (it shows what it showed); a change under it is.
    func testOnlyAChangedBackdropGrowsTheDamage() {
        let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
        var tracker = DamageTracker()
        var a = list([square(50, 50), .quad(panel), square(60, 50)])
        var b = list([square(50, 50), .quad(panel), square(60, 50, red)])
        var c = list([square(52, 50), .quad(panel), square(60, 50, red)])
        _ = tracker.damage(for: &a)
        XCTAssertEqual(tracker.damage(for: &b), [PixelRect(x: 60, y: 50, width: 10, height: 10)])
        XCTAssertEqual(tracker.damage(for: &c), [PixelRect(x: 34, y: 34, width: 92, height: 52)])
    }

    func testAChangeUnderThePanelOrWithinItsReachDoesNot() {
        XCTAssertEqual(marks(from: [square(50, 50), .quad(panel)], to: [square(52, 50), .quad(panel)]), [])
        // (125, 50) lies beyond the panel, within its 6 pixels of reach.
        XCTAssertEqual(marks(from: [square(150, 50), .quad(panel)], to: [square(125, 50), .quad(panel)]), [])
    }

    func testAChangeBeforeThePanelAwayFromWhatItReadsKeepsIt() {
        XCTAssertEqual(marks(from: [square(150, 150), .quad(panel)], to: [square(160, 160), .quad(panel)]),
                       [UnchangedBackdrop(previousCommand: 1, command: 1)])
    }

    func testAMovedPanelDoesNot() {
        var moved = panel
        moved.rect.origin.x += 1
        XCTAssertEqual(marks(from: [square(150, 150), .quad(panel)], to: [square(150, 150), .quad(moved)]), [])
    }

    /// Drawables added after the panel (frames of different lengths) keep it at its index; one
    /// added far before it moves it on by one.
    func testFramesOfDifferentLengthsPairThePanelByPrefixOrSuffix() {
        XCTAssertEqual(marks(from: [square(150, 150), .quad(panel)], to: [square(150, 150), .quad(panel), square(50, 50)]),
                       [UnchangedBackdrop(previousCommand: 1, command: 1)])
        XCTAssertEqual(marks(from: [square(150, 150), .quad(panel)], to: [square(180, 180), square(150, 150), .quad(panel)]),
                       [UnchangedBackdrop(previousCommand: 1, command: 2)])
        XCTAssertEqual(marks(from: [square(150, 150), .quad(panel)], to: [square(50, 50), square(150, 150), .quad(panel)]), [])
    }

    func testAFrameOfAnotherSizeIsNotMarked() {
        var tracker = DamageTracker()
        var a = list([.quad(panel)])
        var b = DrawList(pixelWidth: 201, pixelHeight: 200, commands: [.quad(panel)])
        _ = tracker.damage(for: &a)
        _ = tracker.damage(for: &b)
        XCTAssertEqual(b.unchangedBackdrops, [])
        var c = DrawList(pixelWidth: 201, pixelHeight: 200, commands: [.quad(panel)])
        _ = tracker.damage(for: &c)
        XCTAssertEqual(c.unchangedBackdrops, [UnchangedBackdrop(previousCommand: 0, command: 0)])
    }
}
