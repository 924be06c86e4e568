import Foundation

extension CALayer: CAMediaTiming {
    /// The behaviour of `convertTime` (the overridable member in `CALayer`'s body forwards here).
    func baseConvertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let global = layer.map { $0.globalTime(fromLocal: t) } ?? t
        return localTime(fromGlobal: global)
    }

    /// The behaviour of `convertTime` (the overridable member in `CALayer`'s body forwards here).
    func baseConvertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let global = globalTime(fromLocal: t)
        return layer.map { $0.localTime(fromGlobal: global) } ?? global
    }

    /// The chain of layers from the root down to this one.
    private var timeChain: [CALayer] {
        var chain: [CALayer] = [self]
        var current = self
        while let parent = current.superlayerStorage ?? current.maskOwner {
            chain.append(parent)
            current = parent
        }
        return chain.reversed()
    }

    /// Global media time to this layer's local time.
    func localTime(fromGlobal global: CFTimeInterval) -> CFTimeInterval {
        LayerTime.local(fromGlobal: global, chain: timeChain.map(\.state))
    }

    /// This layer's local time to global media time; for a paused layer (speed 0 somewhere in
    /// the chain) every global time maps to the same local time, and the result is the input.
    func globalTime(fromLocal local: CFTimeInterval) -> CFTimeInterval {
        var t = local
        for layer in timeChain.reversed() {
            let s = layer.state
            guard s.speed != 0 else { return local }
            t = (t - s.timeOffset) / Double(s.speed) + s.beginTime
        }
        return t
    }
}

/// Time conversion along a chain of layer states, shared by the model and the render side.
enum LayerTime {
    /// Maps global media time through each state of `chain` (root first).
    static func local(fromGlobal global: CFTimeInterval, chain: [LayerState]) -> CFTimeInterval {
        var t = global
        for s in chain { t = step(t, through: s) }
        return t
    }

    /// A superlayer's time to a layer's: `(p - beginTime) * speed + timeOffset`.
    @inline(__always)
    static func step(_ parentTime: CFTimeInterval, through s: LayerState) -> CFTimeInterval {
        (parentTime - s.beginTime) * Double(s.speed) + s.timeOffset
    }
}
