import CoreGraphics
import Foundation

/// What a layer's `backgroundFilters` do to the pixels behind it: the plan both renderers follow.
///
/// The flattener draws a backdrop-filtered layer's backdrop as a quad carrying this filter
/// (`Quad.backdrop`), before the layer's body: the quad covers the layer's bounding box in its
/// target's pixels (identity transform), its clip is the layer's shape (bounds and corner radii)
/// inside the layer's own clips, and its opacity is the layer's. A renderer reaching the quad
/// treats everything drawn before it into the same target as the backdrop and, in this order:
/// 1. copies the target's `sourcePixels` (the quad's pixels grown by the filters' reach, within
///    the target) on the device that holds them (the GPU's framebuffer, never read back);
/// 2. runs `filters` over the copy in order, each blur a `BlurPlan` whose edges are the copy's
///    edge pixels repeated (`BlurPlan.Edges.duplicated`), so that no dark halo forms where the
///    copy ends;
/// 3. draws the result over the copied pixels, clipped by the quad's clip, at its opacity;
/// then draws the layer itself on top.
///
/// The layer's own content is drawn after the backdrop and stays sharp. A change to any pixel
/// the filter reads changes every pixel it draws: `grow(_:for:)` widens a frame's damage to
/// match.
public struct BackdropFilter: Sendable, Equatable {
    /// The steps run over the backdrop, sigmas in target pixels.
    public var filters: [GroupFilter]

    /// Creates the backdrop filter running `filters`.
    public init(filters: [GroupFilter]) {
        self.filters = filters
    }

    /// How far, in target pixels, the filters read beyond the pixels they draw.
    public var reach: Int { Int(GroupFilter.reach(of: filters)) }

    /// The target pixels a backdrop quad draws: its rectangle's enclosing pixels, within the
    /// `width` x `height` target.
    public static func drawnPixels(of quad: Quad, width: Int, height: Int) -> PixelRect {
        guard let bounds = DamageBounds.of(quad) else { return .empty }
        return DamageBounds.pixels(bounds).intersection(PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// The target pixels the filter reads for `quad`: those it draws grown by `reach`, within
    /// the `width` x `height` target (empty when it draws none).
    public func sourcePixels(of quad: Quad, width: Int, height: Int) -> PixelRect {
        let drawn = Self.drawnPixels(of: quad, width: width, height: height)
        guard !drawn.isEmpty else { return .empty }
        let r = reach
        return PixelRect(x: drawn.x - r, y: drawn.y - r, width: drawn.width + 2 * r, height: drawn.height + 2 * r)
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// The quad that shows the filtered copy of `source` for the backdrop quad `quad`: over
    /// `source` in target pixels, with the backdrop quad's clip (the layer's shape) and opacity.
    /// Its texture is the renderer's filtered copy.
    public static func imageQuad(for quad: Quad, source: PixelRect) -> Quad {
        Quad(transform: .identity, rect: CGRect(x: source.x, y: source.y, width: source.width, height: source.height),
             opacity: quad.opacity, clipIndex: quad.clipIndex, antialiasedEdges: 0)
    }

    /// The part of an image covering `covered` (target pixels; `unitRect` of the image covers
    /// it) that lies under the backdrop quad `quad`: the rectangle to draw and its unit rect of
    /// the image; nil when they do not meet. The copy's margin is read by the filters, never shown.
    public static func shownPart(of quad: Quad, covered: CGRect, unitRect u: CGRect) -> (rect: CGRect, unitRect: CGRect)? {
        let shown = quad.rect.intersection(covered)
        guard !shown.isNull, !shown.isEmpty, covered.width > 0, covered.height > 0 else { return nil }
        let c = covered
        return (shown, CGRect(x: u.minX + (shown.minX - c.minX) / c.width * u.width,
                              y: u.minY + (shown.minY - c.minY) / c.height * u.height,
                              width: shown.width / c.width * u.width, height: shown.height / c.height * u.height))
    }

    /// The blur plan of a blur of `sigma` target pixels over a `width` x `height` copy.
    public static func blurPlan(sigma: Float, width: Int, height: Int, maximumSize: Int = .max) -> BlurPlan {
        BlurPlan(sigma: Double(GroupFilter.renderedSigma(sigma)), contentWidth: width, contentHeight: height,
                 maximumSize: maximumSize, edges: .duplicated)
    }

    /// `damage` (canvas rectangles) grown for the canvas-level backdrop quads of `list`: a
    /// backdrop whose source pixels meet the damage is redrawn whole, and its source pixels with
    /// it (the copy must read this frame's backdrop everywhere, not the last frame's picture,
    /// which holds the layer itself). Rectangles that meet are merged, so that the result stays
    /// disjoint where it was. A list that says it reads no backdrop (`DrawList.mayReadBackdrop`)
    /// is not walked. A backdrop whose filtered image is kept (`isKept(c)` for its command
    /// index `c`: `KeptBackdrops`) reads nothing, and grows nothing: what it shows did not change.
    public static func grow(_ damage: [PixelRect], for list: DrawList, isKept: (Int) -> Bool = { _ in false }) -> [PixelRect] {
        guard !damage.isEmpty, list.mayReadBackdrop else { return damage }
        var rects = damage
        var depth = 0
        for (index, command) in list.commands.enumerated() {
            switch command {
            case .beginGroup: depth += 1
            case .endGroup: depth -= 1
            case .beginMask: break
            case .quad(let quad):
                guard depth == 0, let backdrop = quad.backdrop, !isKept(index) else { continue }
                let source = backdrop.sourcePixels(of: quad, width: list.pixelWidth, height: list.pixelHeight)
                guard !source.isEmpty, rects.contains(where: { !$0.intersection(source).isEmpty }) else { continue }
                var merged = source
                while let i = rects.firstIndex(where: { !$0.intersection(merged).isEmpty }) {
                    merged = merged.union(rects.remove(at: i))
                }
                rects.append(merged)
            }
        }
        return rects
    }
}
