import Foundation

extension CALayer {
    /// The matrix from this layer's space to the plane of the display that shows its tree
    /// (the coordinate space that a `nil` layer stands for in the conversion methods).
    func matrixToDisplay() -> CATransform3D {
        var m = CATransform3DIdentity
        var layer = self
        while let parent = layer.superlayerOrItsPresentation ?? layer.maskOwner {
            m = m.concatenating(LayerGeometry.toSuperlayer(layer.state, parent: parent.state))
            layer = parent
        }
        m = m.concatenating(LayerGeometry.toSuperlayer(layer.state, parent: nil))
        m.m13 = 0; m.m23 = 0; m.m33 = 0; m.m43 = 0
        return m
    }

    /// The behaviour of `convert` (the overridable member in `CALayer`'s body forwards here).
    func baseConvert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        Self.convert(p, from: layer, to: self)
    }

    /// The behaviour of `convert` (the overridable member in `CALayer`'s body forwards here).
    func baseConvert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        Self.convert(p, from: self, to: layer)
    }

    /// The behaviour of `convert` (the overridable member in `CALayer`'s body forwards here).
    func baseConvert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        Self.convert(r, from: layer, to: self)
    }

    /// The behaviour of `convert` (the overridable member in `CALayer`'s body forwards here).
    func baseConvert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        Self.convert(r, from: self, to: layer)
    }

    private static func convert(_ p: CGPoint, from source: CALayer?, to target: CALayer?) -> CGPoint {
        if source === target { return p }
        let toDisplay = source?.matrixToDisplay() ?? CATransform3DIdentity
        guard let onDisplay = toDisplay.projectPoint(p) else {
            Diagnostics.reject("CALayer.convert: \(p) lies behind the eye in \(String(describing: source))")
            return p
        }
        guard let target else { return onDisplay }
        guard let result = target.matrixToDisplay().unprojectPoint(onDisplay) else {
            Diagnostics.reject("CALayer.convert: \(p) has no image in the plane of \(target)")
            return p
        }
        return result
    }

    private static func convert(_ r: CGRect, from source: CALayer?, to target: CALayer?) -> CGRect {
        if source === target || r.isNull { return r }
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
        let mapped = corners.map { convert($0, from: source, to: target) }
        let xs = mapped.map(\.x), ys = mapped.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    // MARK: Hit testing
}
