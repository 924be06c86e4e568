import Foundation

/// One request to draw a `CAOpenGLLayer`: the framebuffer size and the times handed to the layer.
package struct OpenGLDrawRequest: Sendable {
    package var pixelWidth: Int
    package var pixelHeight: Int
    package var contentsScale: CGFloat
    /// The layer's local time of the frame.
    package var layerTime: CFTimeInterval
    /// The display refresh the frame is for; nil for a draw that `display()` asked for.
    package var displayTime: CVTimeStamp?

    /// The request for a layer of `bounds` at `contentsScale`; nil when it covers no pixel or more
    /// pixels than an image may have.
    package init?(bounds: CGRect, contentsScale: CGFloat, layerTime: CFTimeInterval, displayTime: CVTimeStamp?) {
        let width = (bounds.width * contentsScale).rounded(.up), height = (bounds.height * contentsScale).rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1,
              width <= CGFloat(CGImage.maximumDimension), height <= CGFloat(CGImage.maximumDimension) else { return nil }
        pixelWidth = Int(width)
        pixelHeight = Int(height)
        self.contentsScale = contentsScale
        self.layerTime = layerTime
        self.displayTime = displayTime
    }
}
