import CompositorCore
import Foundation
import Synchronization

/// What a layer shows of a video at one moment: the frame, the part of the layer's bounds it
/// covers and the part of the frame drawn there.
package struct LayerVideoContent: Sendable {
    /// The frame.
    package var frame: VideoFrameImage
    /// The rectangle of the layer's bounds the frame is drawn into.
    package var rect: CGRect
    /// The part of the frame (unit coordinates, y down) drawn into `rect`.
    package var unitRect: CGRect
    /// Whether the video's timeline runs (the next frame differs).
    package var isPlaying: Bool

    /// Describes the content.
    package init(frame: VideoFrameImage, rect: CGRect, unitRect: CGRect, isPlaying: Bool) {
        self.frame = frame; self.rect = rect; self.unitRect = unitRect; self.isPlaying = isPlaying
    }
}

/// The video of a layer (an `AVPlayerLayer`'s player), asked by the renderer at each frame.
package protocol LayerVideoSource: AnyObject, Sendable {
    /// The content to draw at `hostTime` (`CACurrentMediaTime`'s clock) in `bounds`, or nil
    /// when there is no frame to show.
    func videoContent(atHostTime hostTime: CFTimeInterval, bounds: CGRect) -> LayerVideoContent?
}

/// The video sources of the process's layers, by layer, so that the renderer (which sees only
/// the render tree) draws each layer's current frame. The video classes live in AVFoundation.
package final class VideoLayerRegistry: Sendable {
    /// The registry shared by every renderer of the process.
    package static let shared = VideoLayerRegistry()

    /// A `ThreadLock`, as every library lock but the layer tree's, so ThreadSanitizer sees it.
    private let sources = ThreadLock([UInt64: any LayerVideoSource]())
    /// The number of layers registered: a frame without video layers pays one atomic load per layer.
    private let count = Atomic<Int>(0)

    /// Records the video source of the layer `layerID`.
    package func register(_ source: any LayerVideoSource, forLayerID layerID: UInt64) {
        sources.withLock { $0[layerID] = source }
        count.add(1, ordering: .relaxed)
    }

    /// Forgets the video source of a layer that is going away.
    package func remove(_ layerID: UInt64) {
        if sources.withLock({ $0.removeValue(forKey: layerID) }) != nil { count.subtract(1, ordering: .relaxed) }
    }

    /// Whether any layer has a video source: a flattener drawing many layers asks once, not
    /// `source(ofLayerID:)` for each.
    package var hasSources: Bool { count.load(ordering: .relaxed) > 0 }

    /// The video source of the layer `layerID`, or nil.
    package func source(ofLayerID layerID: UInt64) -> (any LayerVideoSource)? {
        guard hasSources else { return nil }
        return sources.withLock { $0[layerID] }
    }
}
