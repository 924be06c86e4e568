import CompositorCore
import Foundation
@_spi(RenderTables) import QuartzCoreModel

extension FrameFlattener {
    /// The layer's filters when they change its rendering or how it is composited, with
    /// `content` (the layer's picture bounds) grown by how far they spread it; nil, leaving
    /// `content` alone, otherwise.
    func filterSteps(of p: PlacedLayer, growing content: inout CGRect) -> LayerFilters? {
        guard let filters = p.stateStorage.value.filters, filters.hasEffectiveFilters || filters.hasCompositingBlend,
              !content.isNull, !content.isEmpty else { return nil }
        let reach = filters.reach(pixelsPerUnit: GroupGeometry.pixelsPerUnit(p.world, over: content))
        if reach > 0, reach.isFinite { content = content.insetBy(dx: -reach, dy: -reach) }
        return filters
    }
}
