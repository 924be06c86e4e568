/// A player's timeline: media time as a function of host time (`CACurrentMediaTime`'s clock),
/// anchored where it last started, stopped or jumped.
struct MediaClock {
    /// The host time of the anchor.
    var anchorHostTime: Double = 0
    /// The media time at the anchor.
    var anchorMediaTime: Double = 0
    /// Media seconds per host second while running.
    var rate: Double = 0

    /// The media time at `hostTime`.
    func mediaTime(at hostTime: Double) -> Double {
        anchorMediaTime + (hostTime - anchorHostTime) * rate
    }

    /// The host time at which the media time reaches `mediaTime` (running clocks only).
    func hostTime(atMediaTime mediaTime: Double) -> Double {
        anchorHostTime + (mediaTime - anchorMediaTime) / rate
    }

    /// Re-anchors at `hostTime`, keeping the media time continuous, and runs at `rate` from there.
    mutating func setRate(_ newRate: Double, at hostTime: Double) {
        anchorMediaTime = mediaTime(at: hostTime)
        anchorHostTime = hostTime
        rate = newRate
    }

    /// Jumps to `mediaTime` at `hostTime`, keeping the rate.
    mutating func jump(to mediaTime: Double, at hostTime: Double) {
        anchorMediaTime = mediaTime
        anchorHostTime = hostTime
    }
}
