import Foundation

/// A path a keyframe animation follows (000:862-913; 001:5007-5080): the position at a fraction
/// of the time, and the direction of travel for `rotationMode`.
struct KeyframePath: Sendable, Equatable {
    let path: SampledPath
    /// Whether the path is followed at constant speed (paced modes).
    let isPaced: Bool
    /// Whether the position jumps from segment end to segment end (discrete mode).
    let isDiscrete: Bool
    /// Time per segment when not paced: an equal share, or the share `keyTimes` give.
    let timeline: KeyframeTimeline

    init(path: SampledPath, mode: CAAnimationCalculationMode, keyTimes: [Double]?,
         timingFunctions: [CAMediaTimingFunction?]) {
        self.path = path
        isPaced = mode == .paced || mode == .cubicPaced
        isDiscrete = mode == .discrete
        timeline = KeyframeTimeline(segmentCount: path.segments.count, keyTimes: keyTimes,
                                    timingFunctions: timingFunctions)
    }

    /// The position and the tangent's angle (radians, atan2 of the derivative) at `fraction`.
    func sample(at fraction: Double) -> (position: CGPoint, angle: Double) {
        let segment: Int, t: Double
        if isPaced {
            (segment, t) = path.location(atLengthFraction: fraction)
        } else if isDiscrete {
            let index = timeline.discreteIndex(fraction)
            (segment, t) = index < path.segments.count ? (index, 0) : (path.segments.count - 1, 1)
        } else {
            (segment, t) = timeline.locate(fraction)
        }
        let piece = path.segments[segment]
        let d = piece.tangent(at: t)
        return (piece.point(at: t), Double(atan2(d.y, d.x)))
    }
}
