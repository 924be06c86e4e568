import Foundation

extension CALayer {
    /// The layer's frame rectangle in its superlayer's coordinate space.
    ///
    /// The frame is derived from `bounds`, `anchorPoint`, `position` and `transform`: it is the
    /// axis-aligned bounding box of the transformed bounds. Setting it sets `position` (the
    /// anchor point's place in the new frame, any translation of `transform` taken back out) and
    /// `bounds.size`, leaving `bounds.origin` alone.
    /// Under a transform that is not a scale, a translation or a multiple of 90° rotation the
    /// result of setting the frame is, as on Apple platforms, not well defined: the size is
    /// mapped through the inverse of the transform's 2D part. Not animatable.
    var baseFrame: CGRect {
        get { Self.frame(of: state) }
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
            // The frame moves rigidly with the position, so the position that puts it at
            // `frame.origin` is found from the frame the layer would have at position zero.
            // Under a translation this takes the shift back out, as Apple's does (GNUstep
            // libs-quartzcore Tests/quartzcore/CALayer/geometry.m: a frame of (10, 20, 100, 50)
            // set under a translation of (10, 20) puts the position at (50, 25)).
            var atOrigin = state
            atOrigin.position = .zero
            let offset = Self.frame(of: atOrigin).origin
            position = CGPoint(x: frame.minX - offset.x, y: frame.minY - offset.y)
        }
    }

    /// The frame of a layer in `state`: the bounding box of its transformed bounds.
    static func frame(of state: LayerState) -> CGRect {
        let m = LayerGeometry.toSuperlayer(state, parent: nil, flattens: false)
        if m.isIdentityFast || state.transform.isIdentityFast {
            let a = LayerGeometry.anchorLocation(of: state)
            return CGRect(x: state.position.x - (a.x - state.bounds.minX),
                          y: state.position.y - (a.y - state.bounds.minY),
                          width: state.bounds.width, height: state.bounds.height)
        }
        return boundingBox(of: state.bounds, through: m)
    }

    /// `transform` as an affine transform: its m11, m12, m21, m22, m41 and m42 when it is
    /// affine, and the identity when it is not (a z scale or translation, a rotation out of the
    /// plane, a perspective), as Apple's measurably reports (GNUstep libs-quartzcore
    /// `Tests/quartzcore/CALayer/conversion.m`; CATransform3D.h calls the affine form of such a
    /// transform "undefined").
    func baseAffineTransform() -> CGAffineTransform {
        let t = transform
        return CATransform3DIsAffine(t) ? CATransform3DGetAffineTransform(t) : .identity
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
