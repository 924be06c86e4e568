import Foundation

/// A layer that displays scrollable content larger than its own bounds.
///
/// Scrolling only changes the origin of `bounds`: the layer has no content size, handles no
/// input and draws no scroll bars. Set `masksToBounds` to clip the content to the layer.
open class CAScrollLayer: CALayer {
    /// Creates a scroll layer that scrolls in both directions.
    public override init() {
        super.init()
        installSpecializedState(.scroll(ScrollLayerState()))
    }

    /// Creates a scroll layer from an archive (see `CALayer.init?(coder:)`): its defaults,
    /// then what the archive holds, its own properties included.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installSpecializedState(.scroll(ScrollLayerState()))
        decodeArchivedSpecializedProperties(from: coder)
    }

    /// Creates a copy of `layer`, as Core Animation does for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Returns the default value of `key` for scroll layers.
    open override class func defaultValue(forKey key: String) -> Any? {
        specializedDefault(forKey: key, in: .scroll(ScrollLayerState())) ?? super.defaultValue(forKey: key)
    }

    /// The directions in which the layer may scroll; defaults to `.both`.
    open var scrollMode: CAScrollLayerScrollMode {
        get { state.scroll.scrollMode }
        set { setProperty(\.scroll.scrollMode, newValue, key: "scrollMode") }
    }

    /// Changes the origin of the layer's bounds to `p`, on the axes `scrollMode` allows.
    open func scroll(to p: CGPoint) {
        guard p.isFiniteValue else {
            Diagnostics.reject("CAScrollLayer.scroll(to:): ignored non-finite point \(p)")
            return
        }
        let origin = state.scroll.origin(scrolledTo: p, from: bounds.origin)
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls the contents the least distance that makes `r` (in the layer's coordinates)
    /// visible, on the axes `scrollMode` allows.
    open func scroll(to r: CGRect) {
        guard !r.isNull, r.isFiniteValue else { return }
        scroll(to: ScrollLayerState.origin(revealing: r, in: bounds))
    }
}
