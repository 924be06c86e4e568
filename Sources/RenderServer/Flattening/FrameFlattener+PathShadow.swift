import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

extension FrameFlattener {
    /// Draws the shadow of a `shadowPath` that is not a (rounded) rectangle: one blurred quad
    /// textured with the path's coverage, which the renderer draws from a mask it blurs once and
    /// keeps (`ShadowMaskCache`, by coverage image and blur); a shadow too large for a mask is a
    /// group that holds the coverage and composites only its shadow (`drawsContent` false).
    mutating func drawPathShadow(_ path: CGPath, of p: PlacedLayer, clip: Int32?) {
        let s = p.stateStorage.value
        let box = path.boundingBoxOfPath
        guard !box.isNull else { return }
        guard let geometry = GroupGeometry(covering: box.union(ShadowShape.extent(of: box, state: s)), world: p.world),
              let coverage = PathCoverageCache.shared.coverage(of: path, scale: geometry.pixelsPerUnit) else { return }
        let texelsPerUnit = CGFloat(coverage.image.width) / coverage.rect.width
        let sigma = Float(max(0, s.shadowRadius) * texelsPerUnit)
        if ShadowMask.pathMaskFits(width: coverage.image.width, height: coverage.image.height, sigma: sigma) {
            commands.append(.quad(ShadowShape.pathQuad(for: s, coverage: coverage, placed: p, clip: clip)))
            return
        }
        var group = CompositingGroup(transform: Matrix4(p.world), rect: geometry.rect,
                                     pixelWidth: geometry.pixelWidth, pixelHeight: geometry.pixelHeight,
                                     opacity: p.opacity, clipIndex: clip, isDoubleSided: s.isDoubleSided,
                                     drawsContent: false)
        group.shadow = ShadowShape.groupShadow(for: s, geometry: geometry)
        beginGroup(group)
        commands.append(.quad(Quad(transform: group.localToPixels, rect: coverage.rect,
                                   texture: TextureSource(image: coverage.image))))
        endGroup()
    }
}
