import Foundation

/// The image a layer's `display()` drew and the geometry it was drawn for, so that a later
/// `setNeedsDisplay(_:)` can repaint only part of it.
struct LayerBackingStore {
    var image: CGImage
    /// The context that drew `image`; its pixels still equal the image's, so a partial redraw
    /// draws straight into it instead of copying the image back.
    var context: CGContext
    var drawsAsynchronously: Bool
    var bounds: CGRect
    var scale: CGFloat
    var format: CALayerContentsFormat
}

extension CALayer {
    /// Draws the layer into its backing store through `draw(in:)` and makes the result the
    /// layer's `contents`.
    ///
    /// The store is `bounds` x `contentsScale` pixels. When the previous store still is the
    /// layer's contents and has the same geometry, only `dirty` (expanded to whole pixels) is
    /// redrawn: the context that drew the old pixels is reused, that rectangle is cleared and clipped to, and the new
    /// image carries a `CGImageIncrementalUpdate` naming it, so a texture cache can re-upload
    /// just that part. Opaque layers start from opaque black rather than transparency.
    func redrawBackingStore(dirty: CGRect) {
        let bounds = state.bounds
        let scale = state.contentsScale.isFinite && state.contentsScale > 0 ? state.contentsScale : 1
        let pixelWidth = Int((bounds.width * scale).rounded(.up))
        let pixelHeight = Int((bounds.height * scale).rounded(.up))
        guard pixelWidth > 0, pixelHeight > 0 else {
            backingStore = nil
            setBackingContents(nil)
            return
        }
        guard pixelWidth <= CGImage.maximumDimension, pixelHeight <= CGImage.maximumDimension else {
            Diagnostics.reject("CALayer \(layerID): backing store of \(pixelWidth)x\(pixelHeight) pixels exceeds "
                               + "\(CGImage.maximumDimension) a side; the layer keeps its contents")
            return
        }
        let geometry = BackingStoreGeometry(bounds: bounds, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        guard let pixelRect = geometry.pixelRect(covering: dirty) else { return }
        let base = reusableBackingStore(bounds: bounds, scale: scale)
        let partial = base != nil && pixelRect != geometry.fullPixelRect
        let ctx: CGContext
        if let base {
            ctx = base.context
            ctx.resetToPristineState()
        } else {
            guard let fresh = CGContext(backingStoreWidth: pixelWidth, height: pixelHeight,
                                        asynchronous: state.drawsAsynchronously) else {
                Diagnostics.reject("CALayer \(layerID): cannot create a \(pixelWidth)x\(pixelHeight) backing store")
                return
            }
            ctx = fresh
            ctx.saveGState()
        }
        let drawnPixels = partial ? pixelRect : geometry.fullPixelRect
        let redrawn = geometry.layerRect(of: drawnPixels)

        // Layer coordinates: the bounds origin at the top-left pixel, y down, contentsScale pixels a point.
        ctx.translateBy(x: 0, y: CGFloat(pixelHeight))
        ctx.scaleBy(x: scale, y: -scale)
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        if partial { ctx.clip(to: redrawn) }
        ctx.clear(redrawn)
        if state.isOpaque {
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            ctx.fill(redrawn)
        }
        draw(in: ctx)
        if state.contentsFormat == .gray8Uint { ctx.reduceToGray(in: drawnPixels) }

        let update = partial ? base.map { CGImageIncrementalUpdate(baseImage: $0.image, changedRect: pixelRect) } : nil
        guard let image = ctx.makeImage(update: update) else { return }
        backingStore = LayerBackingStore(image: image, context: ctx, drawsAsynchronously: state.drawsAsynchronously,
                                         bounds: bounds, scale: scale, format: state.contentsFormat)
        setBackingContents(image)
    }

    /// The previous backing store when its image is still the contents and it was drawn for this
    /// geometry, format and threading.
    private func reusableBackingStore(bounds: CGRect, scale: CGFloat) -> LayerBackingStore? {
        guard let store = backingStore, store.bounds == bounds, store.scale == scale, store.format == state.contentsFormat,
              store.drawsAsynchronously == state.drawsAsynchronously,
              let current = contentsObject as? CGImage, current === store.image else { return nil }
        return store
    }

    /// Sets `contents` to a freshly drawn backing store. As on Apple platforms this does not run
    /// the `contents` action: redrawing does not crossfade. Presentation copies drawn for a frame
    /// are not part of any transaction.
    private func setBackingContents(_ image: CGImage?) {
        contentsObject = image
        state.contents = image
        if !isPresentationCopy { TransactionStack.current.recordChange(of: self) }
    }
}

/// Converts between a layer's coordinates and its backing store's pixels (row 0 at the top of the bounds).
struct BackingStoreGeometry {
    var bounds: CGRect
    var scale: CGFloat
    var pixelWidth: Int
    var pixelHeight: Int

    /// Every pixel of the store.
    var fullPixelRect: CGRect { CGRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

    /// The whole pixels that `rect` (layer coordinates) touches, or nil when it misses the store.
    func pixelRect(covering rect: CGRect) -> CGRect? {
        let pixels = CGRect(x: (rect.minX - bounds.minX) * scale, y: (rect.minY - bounds.minY) * scale,
                            width: rect.width * scale, height: rect.height * scale)
        let clipped = pixels.integral.intersection(fullPixelRect)
        guard !clipped.isNull, clipped.width >= 1, clipped.height >= 1 else { return nil }
        return clipped
    }

    /// The layer rectangle a pixel rectangle covers.
    func layerRect(of pixels: CGRect) -> CGRect {
        CGRect(x: bounds.minX + pixels.minX / scale, y: bounds.minY + pixels.minY / scale,
               width: pixels.width / scale, height: pixels.height / scale)
    }
}
