import Foundation

extension CALayer: CAMediaTiming {
    /// The behaviour of `convertTime(_:from:)` (the overridable member in `CALayer`'s body
    /// forwards here).
    ///
    /// Each layer maps its superlayer's time `p` to `(p - beginTime) * speed + timeOffset`. The
    /// conversion goes up from `layer` to the nearest common ancestor and down to this layer,
    /// so that layers above that ancestor add no rounding (Apple's converts a time of 10 from a
    /// layer with speed 2 and offset 0.5, begun at 1, to its superlayer as exactly 5.75: GNUstep
    /// libs-quartzcore `Tests/quartzcore/CAMediaTiming/timing.m`).
    func baseConvertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
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

    /// The behaviour of `convertTime(_:to:)` (the overridable member in `CALayer`'s body
    /// forwards here).
    func baseConvertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
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
package enum LayerTime {
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
    package static func step(_ parentTime: CFTimeInterval, through s: LayerState) -> CFTimeInterval {
        let linearTime = linear(parentTime, beginTime: s.beginTime, speed: s.speed, timeOffset: s.timeOffset)
        guard s.duration.isFinite, s.duration > 0 else { return linearTime }
        let timing = MediaTimingParameters(beginTime: s.beginTime, duration: s.duration, speed: Double(s.speed),
                                           timeOffset: s.timeOffset, repeatCount: Double(s.repeatCount),
                                           repeatDuration: s.repeatDuration, autoreverses: s.autoreverses,
                                           fillMode: CAMediaTimingFillMode(rawValue: s.fillMode))
        return timing.sample(atParentTime: parentTime)?.time ?? linearTime
    }

    /// A layer's time while its timeline runs linearly (an infinite or zero duration):
    /// `(p - beginTime) * speed + timeOffset`.
    @inline(__always)
    package static func linear(_ parentTime: CFTimeInterval, beginTime: CFTimeInterval, speed: Float,
                       timeOffset: CFTimeInterval) -> CFTimeInterval {
        (parentTime - beginTime) * Double(speed) + timeOffset
    }
}
