import Foundation

extension CALayer {
    /// How the layer is resized when its superlayer's bounds size changes; empty
    /// (`kCALayerNotSizable`: fixed size and margins) by default.
    ///
    /// As Apple's QuartzCore measurably does (GNUstep libs-quartzcore
    /// `Tests/quartzcore/CALayer/autoresizing.m`): the sublayers are resized at once, when the
    /// superlayer's `bounds` (or `frame`) changes size, not at the next layout; moving the
    /// bounds origin resizes nothing; a mask set after a size change does not act on it, and a
    /// layer added afterwards keeps its frame. The programming guide places autoresizing in the
    /// layout pass ("applies the autoresizing behaviors before it asks your delegate", and an
    /// overridden `layoutSublayers()` "prevents ... autoresizing"); measured behaviour wins, so
    /// it happens at once here and overriding `layoutSublayers()` does not prevent it.
    /// `layerMinYMargin` is the margin on the smaller-y
    /// side: the top margin with this project's iOS-style geometry.
    var baseAutoresizingMask: CAAutoresizingMask {
        get { autoresizingMaskStorage }
        set { autoresizingMaskStorage = newValue }
    }

    /// Tells each sublayer whose `autoresizingMask` is not empty that the layer's bounds size was
    /// `size` before it changed, by calling its `resize(withOldSuperlayerSize:)`. Called by the
    /// layer itself whenever its bounds size changes; a `size` equal to the current one moves
    /// nothing (measured, GNUstep `Tests/quartzcore/CALayer/autoresizing.m`).
    func baseResizeSublayers(withOldSize size: CGSize) {
        for sublayer in sublayerStorage where !sublayer.autoresizingMaskStorage.isEmpty {
            sublayer.resize(withOldSuperlayerSize: size)
        }
    }

    /// Moves and resizes the layer after its superlayer's bounds size changed from `size` to its
    /// current value, as `autoresizingMask` says.
    ///
    /// Apple's rule, measured (GNUstep `Tests/quartzcore/CALayer/autoresizing.m`): along each
    /// axis the change is shared by *which* aspects are flexible, not by their lengths. A
    /// flexible size next to at least one flexible margin takes a third of the change and the
    /// flexible margins share the rest equally (a margin and the size: two thirds and one
    /// third; both margins and the size: a third each); without a flexible size the flexible
    /// margins share the change equally; a flexible size alone takes all of it. The changed
    /// axis then lands on whole points, the minimum edge rounded down and the maximum edge up
    /// (as `CGRectIntegral` does). A size that would become negative turns the frame over
    /// instead of clamping it: a height of 40 from y = 20 shrunk by 75 reads back as a frame
    /// from y = -15, 35 high, as Apple's does.
    func baseResize(withOldSuperlayerSize size: CGSize) {
        let mask = autoresizingMaskStorage
        guard let superlayer = superlayerStorage, !mask.isEmpty else { return }
        guard size.width.isFinite, size.height.isFinite else {
            Diagnostics.reject("CALayer.resize(withOldSuperlayerSize:): ignored non-finite size \(size)")
            return
        }
        let container = superlayer.bounds.size
        let old = frame
        let x = AutoresizingAxis(minMargin: mask.contains(.layerMinXMargin), size: mask.contains(.layerWidthSizable),
                                 maxMargin: mask.contains(.layerMaxXMargin))
            .resize(AxisSpan(origin: old.minX, length: old.width), change: container.width - size.width)
        let y = AutoresizingAxis(minMargin: mask.contains(.layerMinYMargin), size: mask.contains(.layerHeightSizable),
                                 maxMargin: mask.contains(.layerMaxYMargin))
            .resize(AxisSpan(origin: old.minY, length: old.height), change: container.height - size.height)
        let new = AxisSpan.rect(horizontal: x, vertical: y)
        if new != old { frame = new }
    }

    /// Resizes the sublayers after the layer's bounds changed from `oldSize`; nothing happens
    /// when only the bounds origin moved. Called from the `bounds` change path.
    func boundsSizeDidChange(from oldSize: CGSize) {
        guard oldSize != state.bounds.size, sublayerStorage.contains(where: { !$0.autoresizingMaskStorage.isEmpty }) else {
            return
        }
        resizeSublayers(withOldSize: oldSize)
    }
}

/// Which aspects of a layer are flexible along one axis of its superlayer.
struct AutoresizingAxis {
    var minMargin: Bool
    var size: Bool
    var maxMargin: Bool

    /// Shares `change` (the growth of the superlayer along the axis) among the flexible aspects
    /// of `span` by Apple's measured rule (see `CALayer.resize(withOldSuperlayerSize:)`), then
    /// puts the span's edges on whole points.
    func resize(_ span: AxisSpan, change: CGFloat) -> AxisSpan {
        let margins = (minMargin ? 1 : 0) + (maxMargin ? 1 : 0)
        guard change != 0, size || margins > 0 else { return span }
        let sizeShare: CGFloat = size ? (margins > 0 ? change / 3 : change) : 0
        let marginShare = margins > 0 ? (change - sizeShare) / CGFloat(margins) : 0
        let minEdge = span.origin + (minMargin ? marginShare : 0)
        let maxEdge = span.origin + span.length + (minMargin ? marginShare : 0) + sizeShare
        // As `CGRectIntegral`: standardized, the lower edge rounded down and the upper one up;
        // an edge within rounding error of a whole point (10.000000000000002 from thirds that
        // add up to 10) counts as on it.
        func snapped(_ v: CGFloat) -> CGFloat { abs(v - v.rounded()) < 1e-9 ? v.rounded() : v }
        let low = snapped(min(minEdge, maxEdge)).rounded(.down)
        let high = snapped(max(minEdge, maxEdge)).rounded(.up)
        return AxisSpan(origin: low, length: high - low)
    }
}
