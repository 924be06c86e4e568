import Foundation

extension CALayer: CAMediaTiming {
    /// The layer's begin time, in its superlayer's time space.
    public var beginTime: CFTimeInterval {
        get { state.beginTime }
        set { setFinite(\.beginTime, newValue, key: "beginTime") }
    }
    /// The duration of the layer's own timeline; infinite by default, so that the layer's time
    /// runs on for ever. Apple's CALayer measurably starts with (and `defaultValue(forKey:)`
    /// answers) an infinite duration, where CAMediaTiming.h says "Defaults to 0" for the
    /// protocol in general (GNUstep libs-quartzcore `Tests/quartzcore/CAMediaTiming/timing.m`).
    /// A finite positive duration makes `repeatCount`, `repeatDuration`, `autoreverses` and
    /// `fillMode` act on the time the layer's sublayers and animations see, as they do on an
    /// animation's. NaN and negative values are rejected.
    public var duration: CFTimeInterval {
        get { state.duration }
        set {
            guard !newValue.isNaN, newValue >= 0 else {
                Diagnostics.reject("CALayer \(layerID): ignored invalid duration \(newValue)")
                return
            }
            setProperty(\.duration, newValue, key: "duration")
        }
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
    /// Each layer maps its superlayer's time `p` to `(p - beginTime) * speed + timeOffset`. The
    /// conversion goes up from `layer` to the nearest common ancestor and down to this layer,
    /// so that layers above that ancestor add no rounding (Apple's converts a time of 10 from a
    /// layer with speed 2 and offset 0.5, begun at 1, to its superlayer as exactly 5.75: GNUstep
    /// libs-quartzcore `Tests/quartzcore/CAMediaTiming/timing.m`).
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        guard let layer else { return localTime(fromGlobal: t) }
        let down = timeChain, up = layer.timeChain
        var shared = 0
        while shared < min(down.count, up.count), down[shared] === up[shared] { shared += 1 }
        guard shared > 0 else { return localTime(fromGlobal: layer.globalTime(fromLocal: t)) }
        var time = t
        for source in up[shared...].reversed() { time = LayerTime.parentTime(fromLocal: time, through: source.state) }
        for target in down[shared...] { time = LayerTime.step(time, through: target.state) }
        return time
    }

    /// Converts `t` from this layer's time space to that of `layer` (global media time when nil).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        guard let layer else { return globalTime(fromLocal: t) }
        return layer.convertTime(t, from: self)
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
            guard layer.state.speed != 0 else { return local }
            t = LayerTime.parentTime(fromLocal: t, through: layer.state)
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

    /// A layer's time to its superlayer's: `(t - timeOffset) / speed + beginTime` (the layer's
    /// repetitions are not undone); `t` itself for a paused layer (speed 0), whose every
    /// superlayer time maps to the same local time.
    static func parentTime(fromLocal t: CFTimeInterval, through s: LayerState) -> CFTimeInterval {
        guard s.speed != 0 else { return t }
        return (t - s.timeOffset) / Double(s.speed) + s.beginTime
    }

    /// A superlayer's time to a layer's: `(p - beginTime) * speed + timeOffset` while the
    /// layer's duration is infinite (the default) or zero. With a finite positive duration the
    /// layer's timeline repeats, autoreverses and fills as an animation's does (CAMediaTiming.h:
    /// the protocol "models a hierarchical timing system", layers included); outside its active
    /// interval without a fill, the time runs on unwrapped.
    @inline(__always)
    static func step(_ parentTime: CFTimeInterval, through s: LayerState) -> CFTimeInterval {
        let linear = (parentTime - s.beginTime) * Double(s.speed) + s.timeOffset
        guard s.duration.isFinite, s.duration > 0 else { return linear }
        let timing = MediaTimingParameters(beginTime: s.beginTime, duration: s.duration, speed: Double(s.speed),
                                           timeOffset: s.timeOffset, repeatCount: Double(s.repeatCount),
                                           repeatDuration: s.repeatDuration, autoreverses: s.autoreverses,
                                           fillMode: CAMediaTimingFillMode(rawValue: s.fillMode))
        return timing.sample(atParentTime: parentTime)?.time ?? linear
    }
}
