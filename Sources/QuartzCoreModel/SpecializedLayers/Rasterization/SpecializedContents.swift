import CompositorCore
import Foundation
import LayerArtwork

/// The pictures of the layers whose content Core Animation draws itself from their properties
/// (`CAShapeLayer`, `CATextLayer`), rasterized at the density they are seen at so they stay
/// sharp at any scale, and cached so that a still layer is drawn once.
package enum SpecializedContents {
    /// The pictures drawn outside a renderer's frame: 16 MiB of pixels, least recently used
    /// first out. Each renderer keeps the pictures of its own frames in a cache of its own, on
    /// its budget, which it passes to `picture(for:pixelsPerPoint:in:)`.
    package static let sharedCache = SpecializedContentsCache(budget: CacheBudget(byteLimit: 16 << 20))

    /// The picture of a shape or text layer: `bounds` × `pixelsPerPoint` pixels (rounded to whole
    /// pixels, at most `RasterGeometry.maximumPixelSize` on a side, beyond which the density is
    /// lowered), premultiplied RGBA8, row 0 at `bounds.minY`, drawn in the layer's coordinate
    /// space with y down. Nil for other layers, for a layer that draws nothing (no path or text,
    /// no visible colour), and for empty or non-finite bounds or scale. Ink outside the bounds
    /// (a shape layer's path may leave them) is cut off.
    static func image(for state: LayerState, pixelsPerPoint: CGFloat) -> CGImage? {
        guard let artwork = artwork(of: state) else { return nil }
        return image(of: artwork, covering: state.bounds, pixelsPerPoint: pixelsPerPoint, in: sharedCache)
    }

    /// The whole picture of a shape or text layer and the rectangle of the layer's space it
    /// covers: the bounds for a text layer; for a shape layer, the bounds grown to hold all of
    /// the path's fill and stroke (Apple does not clip a shape layer to its bounds, and many
    /// shape layers have empty bounds), on whole pixels. Same pixels and nil cases as
    /// `image(for:pixelsPerPoint:)`, except that empty bounds are allowed for a shape layer;
    /// looked up in and kept in `cache`.
    package static func picture(for state: LayerState, pixelsPerPoint: CGFloat,
                                in cache: SpecializedContentsCache = sharedCache) -> (image: CGImage, rect: CGRect)? {
        guard let artwork = artwork(of: state), pixelsPerPoint > 0, pixelsPerPoint.isFinite,
              var rect = drawnRect(of: artwork, bounds: state.bounds) else { return nil }
        if case .shape = artwork {
            // Whole pixels, so that the picture's pixels fall on the bounds' pixel grid.
            let minX = (rect.minX * pixelsPerPoint).rounded(.down), minY = (rect.minY * pixelsPerPoint).rounded(.down)
            let maxX = (rect.maxX * pixelsPerPoint).rounded(.up), maxY = (rect.maxY * pixelsPerPoint).rounded(.up)
            rect = CGRect(x: minX / pixelsPerPoint, y: minY / pixelsPerPoint, width: (maxX - minX) / pixelsPerPoint,
                          height: (maxY - minY) / pixelsPerPoint)
        }
        guard let image = image(of: artwork, covering: rect, pixelsPerPoint: pixelsPerPoint, in: cache) else { return nil }
        return (image, rect)
    }

    /// The rectangle of the layer's space a shape or text layer draws into, without drawing:
    /// the bounds, grown for a shape layer to hold its fill and stroke; nil when it draws nothing.
    package static func drawnRect(for state: LayerState) -> CGRect? {
        artwork(of: state).flatMap { drawnRect(of: $0, bounds: state.bounds) }
    }

    private static func drawnRect(of artwork: SpecializedContentsCache.Key.Artwork, bounds: CGRect) -> CGRect? {
        guard case .shape(let shape) = artwork else { return bounds }
        let ink = shape.inkBounds
        guard !ink.isNull, ink.minX.isFinite, ink.minY.isFinite, ink.maxX.isFinite, ink.maxY.isFinite else { return nil }
        return bounds.isEmpty ? ink : bounds.union(ink)
    }

    /// The artwork of a shape or text layer that draws something; nil otherwise.
    private static func artwork(of state: LayerState) -> SpecializedContentsCache.Key.Artwork? {
        switch state.specialized {
        case .shape(let shape)?: ShapeArtwork(shape).map { .shape($0) }
        case .text(let text)?: TextArtwork(text).map { .text($0) }
        default: nil
        }
    }

    /// The picture of `artwork` over `rect` of the layer's space from `cache`, or newly
    /// rasterized and kept there.
    static func image(of artwork: SpecializedContentsCache.Key.Artwork, covering rect: CGRect,
                      pixelsPerPoint: CGFloat, in cache: SpecializedContentsCache) -> CGImage? {
        let key = SpecializedContentsCache.Key(artwork: artwork, rect: rect, pixelsPerPoint: pixelsPerPoint)
        if let cached = cache.image(for: key) { return cached }
        guard let image = rasterize(artwork, covering: rect, pixelsPerPoint: pixelsPerPoint) else { return nil }
        cache.insert(image, for: key)
        return image
    }

    /// Draws `artwork` over `rect` into a new bitmap, without the cache.
    static func rasterize(_ artwork: SpecializedContentsCache.Key.Artwork, covering rect: CGRect,
                          pixelsPerPoint: CGFloat) -> CGImage? {
        guard let raster = RasterGeometry(rect: rect, pixelsPerPoint: pixelsPerPoint) else { return nil }
        let drawing: LayerDrawing = switch artwork {
        case .shape(let shape): .shape(shape.drawing(tolerance: 0.1 / max(raster.scaleX, raster.scaleY)))
        case .text(let text): .text(text.drawing)
        }
        return LayerArtworkRasterizer.image(of: drawing, covering: rect, pixelWidth: raster.pixelWidth,
                                            pixelHeight: raster.pixelHeight)
    }
}
