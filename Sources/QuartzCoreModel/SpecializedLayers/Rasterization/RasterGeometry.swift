import Foundation

/// The pixel grid a layer's picture is drawn on: `rect` of the layer's space at `pixelsPerPoint`,
/// rounded to whole pixels and capped at `maximumPixelSize` on a side.
package struct RasterGeometry {
    /// The longest side of an offscreen image, in pixels: a layer's picture here, and every
    /// intermediate image of the render server (`GroupGeometry`).
    package static let maximumPixelSize = 4096

    let rect: CGRect
    let pixelWidth: Int
    let pixelHeight: Int
    /// Pixels per point along each axis (equal up to the rounding of the size to whole pixels).
    let scaleX: CGFloat
    let scaleY: CGFloat

    /// The grid; nil for an empty or non-finite rectangle or a density that is not positive and finite.
    init?(rect: CGRect, pixelsPerPoint: CGFloat) {
        guard pixelsPerPoint > 0, pixelsPerPoint.isFinite, !rect.isNull, rect.width > 0, rect.height > 0,
              rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        let limit = CGFloat(Self.maximumPixelSize)
        let density = min(pixelsPerPoint, limit / max(rect.width, rect.height))
        self.rect = rect
        pixelWidth = Int(min(max((rect.width * density).rounded(), 1), limit))
        pixelHeight = Int(min(max((rect.height * density).rounded(), 1), limit))
        scaleX = CGFloat(pixelWidth) / rect.width
        scaleY = CGFloat(pixelHeight) / rect.height
    }

}
