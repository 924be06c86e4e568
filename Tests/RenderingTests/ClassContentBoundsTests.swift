import CompositorCore
import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// Offscreen groups are sized from everything a subtree draws, its classes' own pictures too.
final class ClassContentBoundsTests: XCTestCase {
    /// A shape layer with empty bounds (its path drawn around its position) inside a
    /// rasterized, otherwise empty layer still shows.
    func testAShapeWithEmptyBoundsShowsInsideARasterizedLayer() throws {
        let root = SceneRenderer.root(width: 100, height: 100)
        let holder = CALayer()
        holder.frame = root.bounds
        holder.shouldRasterize = true
        let shape = CAShapeLayer()
        shape.position = .zero
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        holder.addSublayer(shape)
        root.addSublayer(holder)
        let image = try SceneRenderer.render(root, width: 100, height: 100)
        let inside = try XCTUnwrap(image.premultipliedPixel(x: 20, y: 20))
        XCTAssertEqual(inside.r, 255); XCTAssertEqual(inside.g, 0)
        let outside = try XCTUnwrap(image.premultipliedPixel(x: 50, y: 50))
        XCTAssertEqual(outside.g, 255, "the white root beyond the path")
    }

    /// A gradient over a translucent background is more than the background: its shadow comes
    /// from the composited picture, not the background's closed form.
    func testAGradientLayerShadowIsNotTheBackgroundsFastPath() throws {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.2)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        layer.shadowOpacity = 0.5
        CATransaction.flush()
        let state = layer.presentationState()
        let shape = ShadowShape(state, layer: RenderLayer(id: layer.layerID, kind: .plain, state: state,
                                                          sublayerIDs: [], maskID: nil, animations: []), isMasked: false)
        XCTAssertEqual(shape, .composited)
    }

    /// A gradient over its own background is two overlapping drawables: at opacity 0.5 they are
    /// composited as one group, so the background does not show through the gradient.
    func testAGradientOverItsBackgroundTakesGroupOpacity() throws {
        let root = SceneRenderer.root(width: 100, height: 100)
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 10, y: 10, width: 60, height: 40)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        layer.opacity = 0.5
        root.addSublayer(layer)
        let list = try DrawListProbe.list(root, width: 100, height: 100)
        let groups = list.commands.compactMap { command -> CompositingGroup? in
            if case .beginGroup(let group) = command { return group } else { return nil }
        }
        XCTAssertEqual(groups.map(\.opacity), [0.5])
    }
}
