import CompositorCore
import Foundation
@_spi(RenderTables) import QuartzCoreModel

extension FrameFlattener {
    /// Draws the filtered backdrop of a layer with effective `backgroundFilters`: a quad over
    /// the layer's bounding box in its target's pixels, clipped to the layer's shape (bounds and
    /// corner radii) inside its own clip, which the renderers fill with what was drawn before it,
    /// filtered (`BackdropFilter`). Called before the layer's body (and its group, when it has
    /// one), after its shadow.
    mutating func drawBackdrop(_ p: PlacedLayer) {
        guard let filters = p.stateStorage.value.filters, !filters.backgroundFilters.isEmpty, p.opacity > 0 else { return }
        let s = p.stateStorage.value
        guard !s.bounds.isNull, !s.bounds.isEmpty else { return }
        let matrix = Matrix4(p.world)
        let shape = Quad(transform: matrix, rect: s.bounds)
        if !s.isDoubleSided && matrix.facesAway { return }
        let steps = filters.backdropFilters(pixelsPerUnit: GroupGeometry.pixelsPerUnit(p.world, over: s.bounds))
        guard !steps.isEmpty, let bounds = DamageBounds.of(shape) else { return }
        let pixels = DamageBounds.pixels(bounds)
        guard !pixels.isEmpty else { return }
        let clip = clips.push(Clip(transform: matrix, rect: s.bounds, cornerRadii: CornerRadii(s), parentIndex: p.clip))
        var quad = Quad(transform: .identity, rect: CGRect(x: pixels.x, y: pixels.y, width: pixels.width, height: pixels.height),
                        opacity: p.opacity, clipIndex: clip, antialiasedEdges: 0)
        quad.backdrop = BackdropFilter(filters: steps)
        commands.append(.quad(quad))
    }
}
