import CompositorCore
import CPURenderer
import Foundation
@_spi(RenderTables) import QuartzCoreModel
import RenderServer

extension CALayer: ModelSubtreeRendering {
    /// `render(in:)`: the layer's model subtree flattened in the layer's own space, drawn by the
    /// CPU renderer into an image the size of the context's clip (in the context's pixels) and
    /// composited into the context through its clip, alpha and blend mode.
    ///
    /// As Apple's: model values (animations are ignored), the layer's own coordinate space on
    /// user space, each point of it on the same point of user space, so that a bounds origin
    /// other than zero moves the drawing (GNUstep libs-quartzcore
    /// `Tests/quartzcore/CALayer/render.m`, run against Apple's), with the layer's y axis along
    /// user space's (a context whose CTM is flipped, as a layer's drawing context is, shows the
    /// layer upright, and a bare bitmap context shows it upside down); the layer's own
    /// `position`, `transform` and superlayer play no part, its `opacity` and `isHidden` do. Shadows are cast by what the layers draw:
    /// Apple's `renderInContext:` does not read `shadowPath` (GNUstep libs-quartzcore
    /// `Tests/quartzcore/CALayer/shadow.m`, run against Apple's), although the screen does.
    package func renderModelSubtree(in ctx: CGContext) {
        let region = ctx.pixelBoundsOfClip.integral
        guard !region.isEmpty, let width = Int(exactly: region.width), let height = Int(exactly: region.height) else {
            return
        }
        var layers = modelSnapshotOfSubtree()
        guard var root = layers[layerID] else { return }
        // The layer in its own space: each point of its bounds on the same point of the
        // superlayer's space.
        root.state.transform = CATransform3DIdentity
        root.state.zPosition = 0
        root.state.anchorPointZ = 0
        let bounds = root.state.bounds
        root.state.position = CGPoint(x: bounds.minX + root.state.anchorPoint.x * bounds.width,
                                      y: bounds.minY + root.state.anchorPoint.y * bounds.height)
        layers[layerID] = root
        let view = CATransform3DMakeAffineTransform(ctx.userSpaceToPixels)
            .concatenating(CATransform3DMakeTranslation(-region.minX, -region.minY, 0))
        var flattener = FrameFlattener(layers: layers, time: CACurrentMediaTime(), viewTransform: view)
        let list = flattener.flatten(rootID: layerID, pixelWidth: width, pixelHeight: height, clearColor: .clear)
        do {
            let renderer = try CPURenderer(pixelWidth: width, pixelHeight: height)
            _ = try renderer.render(list)
            ctx.compositePixels(try renderer.readPixels(), at: region.origin)
        } catch {
            Diagnostics.logger.error("CALayer.render(in:): \(error); nothing drawn")
        }
    }

    /// The layer and every layer below it (sublayers and masks) as the render tree would hold
    /// them, with their model values, without animations and without shadow paths.
    private func modelSnapshotOfSubtree() -> LayerIDTable<RenderLayer> {
        var layers: LayerIDTable<RenderLayer> = [:]
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            guard layers[layer.layerID] == nil else { continue }
            var snapshot = layer.renderSnapshot()
            snapshot.animations = []
            snapshot.state.shadowPath = nil
            layers[layer.layerID] = snapshot
            pending.append(contentsOf: layer.sublayerStorage)
            if let mask = layer.maskStorage { pending.append(mask) }
        }
        return layers
    }
}
