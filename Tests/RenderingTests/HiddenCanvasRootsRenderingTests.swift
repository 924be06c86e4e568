import CompositorCore
import CoreGraphics
import Foundation
import GLESRenderer
import QuartzCore
import RendererTestSupport
import XCTest

/// Canvas drawables that a later opaque quad hides whole are left out of GLES frames
/// (`HiddenCanvasRoots`): the same bytes, fewer fragments; a backdrop between them keeps them.
final class HiddenCanvasRootsRenderingTests: XCTestCase {
    private static let width = 320, height = 200

    /// A black root clipping to its bounds under an opaque full-size gradient (the kiosk's screen
    /// and background), a small card under an opaque panel at fractional points (with
    /// `backdropBetween`, under frosted glass under the panel), and translucent layers over them all.
    private func scene(backdropBetween: Bool = false) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        root.masksToBounds = true
        let background = CAGradientLayer()
        background.frame = root.bounds
        background.colors = [CGColor(red: 0.1, green: 0.2, blue: 0.5, alpha: 1), CGColor(red: 0.6, green: 0.1, blue: 0.2, alpha: 1)]
        root.addSublayer(background)
        let card = CALayer()
        card.frame = CGRect(x: 200, y: 50, width: 40, height: 30)
        card.backgroundColor = CGColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 0.7)
        root.addSublayer(card)
        if backdropBetween {
            // Frosted glass wider than the panel over the card: its blur carries the card's
            // colour beyond the panel.
            let frost = CALayer()
            frost.frame = CGRect(x: 170, y: 20, width: 120, height: 110)
            frost.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.2)
            if let blur = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 6]) { frost.backgroundFilters = [blur] }
            root.addSublayer(frost)
        }
        let panel = CALayer()
        panel.frame = CGRect(x: 190.4, y: 40.6, width: 70.3, height: 60.2)
        panel.backgroundColor = CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)
        root.addSublayer(panel)
        let glass = CALayer()
        glass.frame = CGRect(x: 20, y: 20, width: 250, height: 120)
        glass.cornerRadius = 12
        glass.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.25)
        glass.borderWidth = 2
        glass.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.6)
        root.addSublayer(glass)
        return root
    }

    private func renderer(leavingOutHidden: Bool) throws -> GLESRenderer {
        var options = GLESRenderer.Options()
        options.leavesOutHiddenDrawables = leavingOutHidden
        let renderer = try GLESRenderer(target: OffscreenTarget(context: GLESContext(), pixelWidth: Self.width, pixelHeight: Self.height),
                                        options: options)
        renderer.countsShadedFragments = true
        return renderer
    }

    /// `root`'s list drawn whole and with the hidden drawables left out, the two images
    /// compared byte for byte: the list and both renderers (for more frames), with their statistics.
    private func renderedBothWays(_ root: CALayer, file: StaticString = #filePath, line: UInt = #line) throws
        -> (list: DrawList, drawn: GLESRenderer, all: RenderStatistics, left: GLESRenderer, visible: RenderStatistics) {
        SoftwareGL.useUnlessConfigured()
        let list = try DrawListProbe.list(root, width: Self.width, height: Self.height)
        let drawn = try renderer(leavingOutHidden: false)
        let all = try drawn.render(list)
        let left = try renderer(leavingOutHidden: true)
        let visible = try left.render(list)
        XCTAssertEqual(try left.readPixels().data, try drawn.readPixels().data, file: file, line: line)
        return (list, drawn, all, left, visible)
    }

    func testHiddenDrawablesAreLeftOutWithTheSameBytes() throws {
        let (list, drawn, all, left, visible) = try renderedBothWays(scene())
        // The root's black (320 x 200) and the card (40 x 30, with its antialiasing margin).
        XCTAssertEqual(all.quads - visible.quads, 2)
        XCTAssertGreaterThanOrEqual(all.fragmentsShaded - visible.fragmentsShaded, Self.width * Self.height + 40 * 30)
        // Damage-limited frames leave them out too, with the same bytes.
        let damage = [PixelRect(x: 180, y: 30, width: 100, height: 80)]
        let leftDamaged = try left.render(list, damageRegion: damage)
        let drawnDamaged = try drawn.render(list, damageRegion: damage)
        XCTAssertEqual(try left.readPixels().data, try drawn.readPixels().data)
        XCTAssertLessThan(leftDamaged.fragmentsShaded, drawnDamaged.fragmentsShaded - 100 * 80)
    }

    func testABackdropBetweenKeepsWhatItReads() throws {
        let (_, _, all, _, visible) = try renderedBothWays(scene(backdropBetween: true))
        // The card lies under the glass, which reads it: only the root's black is left out.
        XCTAssertEqual(all.quads - visible.quads, 1)
    }
}
