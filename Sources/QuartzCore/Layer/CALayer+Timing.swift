import Foundation

extension CALayer: CAMediaTiming {
    /// The layer's begin time, in its superlayer's time space.
    public var beginTime: CFTimeInterval {
        get { state.beginTime }
        set { setFinite(\.beginTime, newValue, key: "beginTime") }
    }
    /// The layer's duration (used only for repeating the layer's own timeline).
    public var duration: CFTimeInterval {
        get { state.duration }
        set { setFinite(\.duration, newValue, key: "duration") }
    }
    /// How fast time passes in the layer relative to its superlayer; 0 pauses the layer and
    /// everything below it.
    public var speed: Float {
        get { state.speed }
        set { setFinite(\.speed, newValue, key: "speed") }
    }
    /// An offset added to the layer's local time.
    public var timeOffset: CFTimeInterval {
        get { state.timeOffset }
        set { setFinite(\.timeOffset, newValue, key: "timeOffset") }
    }
    /// The number of times the layer's timeline repeats.
    public var repeatCount: Float {
        get { state.repeatCount }
        set { setProperty(\.repeatCount, newValue, key: "repeatCount") }
    }
    /// How long the layer's timeline repeats for.
    public var repeatDuration: CFTimeInterval {
        get { state.repeatDuration }
        set { setProperty(\.repeatDuration, newValue, key: "repeatDuration") }
    }
    /// Whether the layer's timeline plays backwards after playing forwards.
    public var autoreverses: Bool {
        get { state.autoreverses }
        set { setProperty(\.autoreverses, newValue, key: "autoreverses") }
    }
    /// How the layer's timeline behaves outside its active interval.
    public var fillMode: CAMediaTimingFillMode {
        get { CAMediaTimingFillMode(rawValue: state.fillMode) }
        set { setProperty(\.fillMode, newValue.rawValue, key: "fillMode") }
    }

    /// Converts `t` from the time space of `layer` (global media time when nil) to this layer's.
    ///
    /// Each layer maps its superlayer's time `p` to `(p - beginTime) * speed + timeOffset`.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let global = layer.map { $0.globalTime(fromLocal: t) } ?? t
        return localTime(fromGlobal: global)
    }

    /// Converts `t` from this layer's time space to that of `layer` (global media time when nil).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
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
