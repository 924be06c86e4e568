/// Renders a layer tree into an image at an exact point of its animations, the same on every run.
///
/// The tree is committed and drawn as ``SnapshotRenderer`` draws it offscreen. Its animations are
/// evaluated on a clock of the snapshot's own, not the machine's: `time` is the number of seconds
/// since the tree's animations began. An animation added with a `beginTime` of 0 (the default)
/// begins when the tree is first rendered, so `time: 0.5` shows a one-second animation half way;
/// an animation given an explicit `beginTime` begins at that many seconds on the same clock (so
/// give `beginTime = 0.25`, not `CACurrentMediaTime() + 0.25`). An animation (or `CATransition`)
/// added after a render begins at the time that render showed, so rendering a tree at 0, adding
/// a transition and changing the tree, then rendering it at 0.5 shows the transition half way,
/// from the tree as the first render drew it. Animations of a tree that was
/// committed before its first render began on the machine's clock, long before the snapshot's, and
/// show as finished.
///
/// The first render moves `layer` into a paused host layer, which stays its superlayer so that
/// later renders of the same tree at other times use the same clock. A render past the end of an
/// animation whose `isRemovedOnCompletion` is true may remove it, as on Apple platforms: render a
/// tree's earlier times first, or build the tree again.
///
/// - Parameters:
///   - layer: the root layer of the tree (a layer without a superlayer).
///   - size: the size of the image in points, at most `CGImage.maximumDimension` pixels a side;
///     nil for the layer's `bounds` size. The image shows
///     this much of the layer's superlayer space from the layer's `frame` origin, so the layer
///     sits at the image's top-left corner.
///   - time: seconds since the tree's animations began (0 for the tree before they move).
///   - renderer: the renderer to draw with (the CPU renderer by default).
///   - scale: pixels per point.
///   - backgroundColor: the colour behind the tree; nil for transparent.
/// - Returns: the frame, premultiplied RGBA8, top row first.
/// - Throws: ``SnapshotError`` for an empty size, a time that is not finite, a sublayer, or a
///   renderer that cannot be created (no EGL device for `.gles`).
public func renderImage(of layer: CALayer, size: CGSize? = nil, at time: CFTimeInterval = 0,
                        renderer: SnapshotRenderer = .cpu, scale: CGFloat = 1,
                        backgroundColor: CGColor? = nil) throws -> CGImage {
    let size = size ?? layer.bounds.size
    let limit = CGFloat(CGImage.maximumDimension)
    guard size.width > 0, size.height > 0, scale > 0, scale.isFinite,
          size.width * scale <= limit, size.height * scale <= limit else {
        throw SnapshotError.invalidSize(width: Double(size.width), height: Double(size.height), scale: Double(scale))
    }
    guard time.isFinite else { throw SnapshotError.invalidTime(time) }
    let pixelWidth = Int((size.width * scale).rounded(.up))
    let pixelHeight = Int((size.height * scale).rounded(.up))

    let host = try SnapshotHostLayer.hosting(layer)
    host.show(secondsAfterBegin: time, in: CGRect(origin: .zero, size: size))
    let target: CARenderer
    do {
        switch renderer {
        case .gles: target = try CARenderer(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        case .cpu: target = try CARenderer(cpuPixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        }
        target.layer = host
        target.bounds = CGRect(origin: layer.frame.origin, size: size)
        target.clearColor = backgroundColor ?? CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        // The host is paused: the frame's media time does not move the tree.
        try target.renderFrame(atTime: 0)
        return try target.makeImage()
    } catch {
        throw SnapshotError.renderingFailed("\(error)")
    }
}
