import Foundation

extension CALayer {
    /// How the layer is resized when its superlayer's bounds size changes; empty (fixed size and
    /// margins) by default.
    ///
    /// The superlayer applies the mask when it lays out after its bounds size changed, before its
    /// layout manager and its delegate run. `layerMinYMargin` is the margin on the smaller-y side:
    /// the top margin with this project's iOS-style geometry.
    var baseAutoresizingMask: CAAutoresizingMask {
        get { autoresizingMaskStorage }
        set {
            autoresizingMaskStorage = newValue
            // The superlayer's current size is where later size changes are measured from.
            if let superlayer = superlayerStorage, superlayer.autoresizingReferenceSize == nil {
                superlayer.autoresizingReferenceSize = superlayer.bounds.size
            }
        }
    }

    /// Tells each sublayer with a non-empty `autoresizingMask` that the layer's bounds size was
    /// `size` before it changed, so that it resizes itself.
    func baseResizeSublayers(withOldSize size: CGSize) {
        for sublayer in sublayerStorage where !sublayer.autoresizingMaskStorage.isEmpty {
            sublayer.resize(withOldSuperlayerSize: size)
        }
    }

    /// Moves and resizes the layer after its superlayer's bounds size changed from `size` to its
    /// current value, as `autoresizingMask` says.
    ///
    /// Along each axis the change is shared by the flexible aspects (margins and size) in
    /// proportion to their current lengths, as Apple's implementation does (the programming guide
    /// says "evenly" in one place and "proportionally" in another); when all flexible aspects have
    /// zero length they share it evenly. A size that would become negative becomes zero.
    func baseResize(withOldSuperlayerSize size: CGSize) {
        let mask = autoresizingMaskStorage
        guard let superlayer = superlayerStorage, !mask.isEmpty else { return }
        guard size.width.isFinite, size.height.isFinite else {
            Diagnostics.reject("CALayer.resize(withOldSuperlayerSize:): ignored non-finite size \(size)")
            return
        }
        let container = superlayer.bounds
        let old = frame
        let x = AutoresizingAxis(minMargin: mask.contains(.layerMinXMargin), size: mask.contains(.layerWidthSizable),
                                 maxMargin: mask.contains(.layerMaxXMargin))
            .resize(AxisSpan(origin: old.minX - container.minX, length: old.width),
                    oldLength: size.width, newLength: container.width)
        let y = AutoresizingAxis(minMargin: mask.contains(.layerMinYMargin), size: mask.contains(.layerHeightSizable),
                                 maxMargin: mask.contains(.layerMaxYMargin))
            .resize(AxisSpan(origin: old.minY - container.minY, length: old.height),
                    oldLength: size.height, newLength: container.height)
        let new = CGRect(x: container.minX + x.origin, y: container.minY + y.origin, width: x.length, height: y.length)
        if new != old { frame = new }
    }

    /// Autoresizes the sublayers when the bounds size differs from the one at the last layout,
    /// then remembers the current size. Called by the default `layoutSublayers()`.
    func autoresizeSublayersIfBoundsChanged() {
        let size = bounds.size
        defer { autoresizingReferenceSize = size }
        guard let old = autoresizingReferenceSize, old != size else { return }
        resizeSublayers(withOldSize: old)
    }
}

/// Which aspects of a layer are flexible along one axis of its superlayer.
struct AutoresizingAxis {
    var minMargin: Bool
    var size: Bool
    var maxMargin: Bool

    /// Shares the change of the superlayer's length among the flexible aspects of `span` (its
    /// origin is the margin on the minimum side), in proportion to their lengths.
    func resize(_ span: AxisSpan, oldLength: CGFloat, newLength: CGFloat) -> AxisSpan {
        let delta = newLength - oldLength
        let aspects = [(minMargin, span.origin), (size, span.length), (maxMargin, oldLength - span.origin - span.length)]
        let flexible = aspects.filter(\.0)
        guard delta != 0, !flexible.isEmpty else { return span }
        let total = flexible.reduce(0) { $0 + max(0, $1.1) }
        func share(_ isFlexible: Bool, _ length: CGFloat) -> CGFloat {
            guard isFlexible else { return 0 }
            return total > 0 ? delta * max(0, length) / total : delta / CGFloat(flexible.count)
        }
        return AxisSpan(origin: span.origin + share(minMargin, span.origin),
                        length: max(0, span.length + share(size, span.length)))
    }
}
