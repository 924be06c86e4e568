import Foundation
import QuartzCoreModel

/// A change of `AVPlayerLayer.videoGravity` animating on screen: the video's rectangle moves from
/// where the old gravity put it to where the new one does, over the action's duration and timing
/// function, as Apple's layer animates the property ("This property is animatable", AVPlayerLayer.h).
struct VideoGravityTransition: @unchecked Sendable {
    let from: AVLayerVideoGravity
    let to: AVLayerVideoGravity
    /// When it began, on `CACurrentMediaTime`'s clock.
    let beginTime: CFTimeInterval
    let duration: CFTimeInterval
    let timingFunction: CAMediaTimingFunction

    /// The video's rectangle for a frame of `size` in `bounds` at `hostTime` (the old gravity's
    /// before `beginTime`), or nil once the transition is over.
    func videoRect(for size: CGSize, in bounds: CGRect, atHostTime hostTime: CFTimeInterval) -> CGRect? {
        guard duration > 0, hostTime < beginTime + duration else { return nil }
        let progress = timingFunction.value(at: max(0, hostTime - beginTime) / duration)
        let a = from.videoRect(for: size, in: bounds), b = to.videoRect(for: size, in: bounds)
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * progress }
        return CGRect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY), width: mix(a.width, b.width), height: mix(a.height, b.height))
    }
}
