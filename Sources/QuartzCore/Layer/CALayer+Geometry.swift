import Foundation

extension CALayer {
    /// The layer's frame rectangle in its superlayer's coordinate space.
    ///
    /// The frame is derived from `bounds`, `anchorPoint`, `position` and `transform`: it is the
    /// axis-aligned bounding box of the transformed bounds. Setting it sets `position` (the
    /// anchor point's place in the new frame) and `bounds.size`, leaving `bounds.origin` alone.
    /// Under a transform that is not a scale, a translation or a multiple of 90° rotation the
    /// result of setting the frame is, as on Apple platforms, not well defined: the size is
    /// mapped through the inverse of the transform's 2D part. Not animatable.
    var baseFrame: CGRect {
        get {
            let m = LayerGeometry.toSuperlayer(state, parent: nil, flattens: false)
            if m.isIdentityFast || state.transform.isIdentityFast {
                let a = LayerGeometry.anchorLocation(of: state)
                return CGRect(x: state.position.x - (a.x - state.bounds.minX),
                              y: state.position.y - (a.y - state.bounds.minY),
                              width: state.bounds.width, height: state.bounds.height)
            }
            return Self.boundingBox(of: state.bounds, through: m)
        }
        set {
            guard newValue.isFiniteValue else {
                Diagnostics.reject("CALayer \(layerID): ignored non-finite frame \(newValue)")
                return
            }
            let frame = newValue.standardized
            var size = frame.size
            let t = state.transform
            if !t.isIdentityFast {
                // Undo the 2D part of the transform on the size (exact for scales and 90° turns).
                let inverse = CATransform3DInvert(CATransform3DMakeAffineTransform(CATransform3DGetAffineTransform(t)))
                let w = abs(frame.width * inverse.m11) + abs(frame.height * inverse.m21)
                let h = abs(frame.width * inverse.m12) + abs(frame.height * inverse.m22)
                size = CGSize(width: w, height: h)
            }
            var b = state.bounds
            b.size = size
            bounds = b
            position = CGPoint(x: frame.minX + state.anchorPoint.x * frame.width,
                               y: frame.minY + state.anchorPoint.y * frame.height)
        }
    }

    /// Returns the affine part of `transform`.
    func baseAffineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets `transform` to the given affine transform.
    func baseSetAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// The bounding box of `rect` mapped through `m` (points behind the eye are left out).
    static func boundingBox(of rect: CGRect, through m: CATransform3D) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        let mapped = corners.compactMap { m.projectPoint($0) }
        guard let first = mapped.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in mapped.dropFirst() {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
