import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

extension PremultipliedColor {
    /// The colour premultiplied, with `nil` as clear.
    init(_ color: CGColor?) {
        guard let color else { self = .clear; return }
        let c = color.rgba
        self.init(straightRed: Float(c.red), green: Float(c.green), blue: Float(c.blue), alpha: Float(c.alpha))
    }
}

extension TextureFilter {
    /// The renderer's filter for a layer's contents filter.
    init(_ filter: CALayerContentsFilter) {
        // The default first: equal short strings compare in a few instructions, unequal ones
        // take the string comparison's slow path (this runs twice for every contents quad).
        if filter == .linear { self = .linear; return }
        switch filter {
        case .nearest: self = .nearest
        case .trilinear: self = .trilinear
        default: self = .linear
        }
    }
}

extension CornerRadii {
    /// A layer's corner radii: `cornerRadius` (at most half the shorter side) on the corners
    /// `maskedCorners` names.
    // Always inlined: called on a state read through its box (`LayerStateBox.value`), a call
    // would copy the whole state first (about 500 bytes) for the four fields it reads.
    @inline(__always)
    init(_ s: __shared LayerState) {
        self.init(cornerRadius: s.cornerRadius, bounds: s.bounds, maskedCorners: s.maskedCorners)
    }

    /// The corner radii of the state in `box`, its three fields read in place: `init(_:)` on
    /// `box.value`, even inlined, still copies the whole state (~240 instructions a layer and
    /// frame), the corner masks' constants being calls into another module.
    @inline(__always)
    init(_ box: LayerStateBox) {
        self.init(cornerRadius: box.value.cornerRadius, bounds: box.value.bounds,
                  maskedCorners: box.value.maskedCorners)
    }

    /// The corner radii of a layer with these `cornerRadius`, `bounds` and `maskedCorners`.
    @inline(__always)
    init(cornerRadius: CGFloat, bounds: CGRect, maskedCorners m: CACornerMask) {
        let r = Float(max(0, min(cornerRadius, min(bounds.width, bounds.height) / 2)))
        self.init(minXMinY: m.contains(.layerMinXMinYCorner) ? r : 0,
                  maxXMinY: m.contains(.layerMaxXMinYCorner) ? r : 0,
                  maxXMaxY: m.contains(.layerMaxXMaxYCorner) ? r : 0,
                  minXMaxY: m.contains(.layerMinXMaxYCorner) ? r : 0)
    }
}

extension LayerState {
    /// Which quad edges the renderer antialiases, in the draw list's bit order.
    // Always inlined, as `CornerRadii.init(_:)` is.
    @inline(__always)
    var antialiasedEdgeBits: UInt8 {
        guard allowsEdgeAntialiasing else { return 0 }
        var bits: UInt8 = 0
        if edgeAntialiasingMask.contains(.layerLeftEdge) { bits |= 1 }
        if edgeAntialiasingMask.contains(.layerRightEdge) { bits |= 2 }
        if edgeAntialiasingMask.contains(.layerBottomEdge) { bits |= 4 }
        if edgeAntialiasingMask.contains(.layerTopEdge) { bits |= 8 }
        return bits
    }
}
