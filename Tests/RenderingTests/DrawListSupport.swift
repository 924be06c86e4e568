import CompositorCore
import Foundation
import QuartzCore
import XCTest

/// A frame renderer that draws nothing: for tests that only look at the flattened draw list.
final class DrawListOnlyRenderer: FrameRenderer {
    func render(_ list: DrawList) throws -> RenderStatistics { RenderStatistics() }
    func readPixels() throws -> CGImage {
        CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))!
    }
}

/// Flattening layer trees without a GPU, and reading the result.
enum DrawListProbe {
    /// The draw list of `root` (committed first) at `time`, for a canvas of the given size.
    static func list(_ root: CALayer, width: Int, height: Int, scale: CGFloat = 1,
                     time: CFTimeInterval = 0) throws -> DrawList {
        CATransaction.flush()
        return try renderer(root, width: width, height: height, scale: scale).drawList(atTime: time)
    }

    /// What identifies the renderer of a `list` call.
    private struct RendererKey: Equatable {
        var root: ObjectIdentifier
        var width: Int
        var height: Int
        var scale: CGFloat
    }

    /// The renderer of the last `list` call. Successive calls for the same tree and canvas draw
    /// successive frames of one renderer, as an app's does: its render tree holds what the
    /// commits since it was made gave it (commit counts, the subtree cache). It holds the root,
    /// so the root's identifier is not reused while it is kept.
    nonisolated(unsafe) private static var lastRenderer: (key: RendererKey, renderer: CARenderer)?

    /// The renderer drawing `root` on a canvas of the given size: the last one when it drew the same.
    private static func renderer(_ root: CALayer, width: Int, height: Int, scale: CGFloat) -> CARenderer {
        let key = RendererKey(root: ObjectIdentifier(root), width: width, height: height, scale: scale)
        if let last = lastRenderer, last.key == key { return last.renderer }
        lastRenderer = nil
        let renderer = CARenderer(frameRenderer: DrawListOnlyRenderer(), pixelWidth: width, pixelHeight: height,
                                  scale: scale)
        renderer.layer = root
        lastRenderer = (key, renderer)
        return renderer
    }

    /// A layer with a frame and a background colour.
    /// A one-second linear transition of `type` from `subtype` beginning at `beginTime`, held
    /// at both ends (fill mode both, kept on completion).
    static func heldTransition(_ type: CATransitionType, _ subtype: CATransitionSubtype?,
                               beginTime: CFTimeInterval) -> CATransition {
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        transition.beginTime = beginTime
        transition.fillMode = .both
        transition.isRemovedOnCompletion = false
        return transition
    }

    static func layer(_ frame: CGRect, _ color: CGColor? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
}

extension DrawList {
    /// The groups in command order.
    var groups: [CompositingGroup] {
        commands.compactMap { if case let .beginGroup(g) = $0 { return g } else { return nil } }
    }

    /// Every quad in command order, inside groups or not.
    var quads: [Quad] {
        commands.compactMap { if case let .quad(q) = $0 { return q } else { return nil } }
    }

    /// The quads at group depth 0 (drawn straight into the canvas).
    var topLevelQuads: [Quad] {
        var depth = 0
        var result: [Quad] = []
        for command in commands {
            switch command {
            case .beginGroup: depth += 1
            case .endGroup: depth -= 1
            case let .quad(q) where depth == 0: result.append(q)
            default: break
            }
        }
        return result
    }

    /// The commands as a compact string: Q quad, G group, M mask, E end (for structure checks).
    var shape: String {
        commands.map { command -> String in
            switch command {
            case .quad: return "Q"
            case .beginGroup: return "G"
            case .beginMask: return "M"
            case .endGroup: return "E"
            }
        }.joined()
    }
}

extension Matrix4 {
    /// Where the local point lands (divided by w).
    func apply(_ x: Double, _ y: Double) -> CGPoint {
        let h = transformHomogeneous(x: x, y: y)
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }
}

/// Preconditions of the GLES pixel probes that need group compositing or blur: each renders the
/// smallest tree that shows the feature and fails the calling test (with its own message) when
/// the renderer lost it, so a regression fails here first instead of as an unexplained probe.
enum GroupRenderingSupport {
    /// A failed precondition: the feature the probe needs is missing from the GLES renderer.
    struct MissingFeature: Error, CustomStringConvertible {
        let description: String
    }

    /// Renders two overlapping white squares in a parent at opacity 0.5 over black: with group
    /// rendering the overlap is 50% grey like the rest, without it it is brighter.
    static func assertCompositesGroups(file: StaticString = #filePath, line: UInt = #line) throws {
        let root = DrawListProbe.layer(CGRect(x: 0, y: 0, width: 20, height: 10), DrawListProbe.black)
        let parent = DrawListProbe.layer(root.bounds)
        parent.opacity = 0.5
        parent.addSublayer(DrawListProbe.layer(CGRect(x: 0, y: 0, width: 15, height: 10), DrawListProbe.white))
        parent.addSublayer(DrawListProbe.layer(CGRect(x: 5, y: 0, width: 15, height: 10), DrawListProbe.white))
        root.addSublayer(parent)
        let image = try SceneRenderer.render(root, width: 20, height: 10)
        guard let p = image.premultipliedPixel(x: 10, y: 5), abs(Int(p.r) - 128) <= 3 else {
            let message = "the GLES renderer does not composite groups: the overlap reads \(String(describing: image.premultipliedPixel(x: 10, y: 5))), not 50% grey"
            XCTFail(message, file: file, line: line)
            throw MissingFeature(description: message)
        }
    }

    /// Renders a blurred quad: with blur support it paints outside its rectangle.
    static func assertBlursQuads(file: StaticString = #filePath, line: UInt = #line) throws {
        let root = DrawListProbe.layer(CGRect(x: 0, y: 0, width: 40, height: 40), DrawListProbe.white)
        let layer = DrawListProbe.layer(CGRect(x: 10, y: 10, width: 20, height: 20), DrawListProbe.white)
        layer.shadowOpacity = 1
        layer.shadowOffset = .zero
        layer.shadowRadius = 3
        root.addSublayer(layer)
        let image = try SceneRenderer.render(root, width: 40, height: 40)
        guard let p = image.premultipliedPixel(x: 20, y: 8), p.r < 200 else {
            let message = "the GLES renderer does not blur quads: above the square reads \(String(describing: image.premultipliedPixel(x: 20, y: 8))), not shadow"
            XCTFail(message, file: file, line: line)
            throw MissingFeature(description: message)
        }
    }
}
