import CompositorCore
import Foundation
import MediaDecoding
import QuartzCoreModel

/// What the renderer asks of an `AVPlayerLayer` at each frame: its player's frame at the frame's
/// time, placed in the bounds by the layer's gravity (or a running change of it) and cut to them (`.resizeAspectFill`
/// shows the middle of the frame).
final class PlayerLayerVideoSource: LayerVideoSource, @unchecked Sendable {
    /// The layer (its player and gravity are read under the layer's lock).
    weak var layer: AVPlayerLayer?

    func videoContent(atHostTime hostTime: CFTimeInterval, bounds: CGRect) -> LayerVideoContent? {
        guard let layer, let player = layer.player, let image = player.videoImage(forHostTime: hostTime) else { return nil }
        let size = CGSize(width: Double(image.frame.width) * image.frame.pixelAspectRatio, height: Double(image.frame.height))
        let (videoRect, moving) = layer.displayedVideoRect(for: size, in: bounds, atHostTime: hostTime)
        let visible = videoRect.intersection(bounds)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return nil }
        let unit = CGRect(x: (visible.minX - videoRect.minX) / videoRect.width, y: (visible.minY - videoRect.minY) / videoRect.height,
                          width: visible.width / videoRect.width, height: visible.height / videoRect.height)
        return LayerVideoContent(frame: image.image, rect: visible, unitRect: unit, isPlaying: player.isTimelineRunning || moving)
    }
}

extension VideoFrameImage {
    /// The planes of a decoded frame, read in place (the frame keeps its buffer alive).
    convenience init(_ frame: DecodedVideoFrame) {
        let matrix: YCbCrConversion.Matrix
        switch frame.matrix {
        case .bt601: matrix = .bt601
        case .bt709: matrix = .bt709
        case .bt2020: matrix = .bt2020
        }
        self.init(layout: frame.format == .i420 ? .i420 : .nv12, width: frame.width, height: frame.height,
                  planes: frame.planes.map { Plane(baseAddress: $0.baseAddress, bytesPerRow: $0.bytesPerRow, width: $0.width, height: $0.height) },
                  conversion: YCbCrConversion(matrix: matrix, isFullRange: frame.isFullRange),
                  chromaSiting: frame.chromaSiting,
                  storage: frame)
    }
}
