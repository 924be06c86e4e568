import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// Where a layer's contents image lands in its bounds: `contentsGravity`, `contentsRect`,
/// `contentsScale` and `contentsCenter` (nine-slice) turned into destination rectangles.
enum ContentsLayout {
    /// One piece of the contents: a destination rectangle in the layer's coordinates and the
    /// unit rectangle of the image drawn into it.
    struct Piece: Equatable {
        var destination: CGRect
        var unitSource: CGRect
    }

    /// The rectangle the (sub-)image occupies in `bounds` under `gravity`, for an image of
    /// `imageSize` points (pixels over contentsScale, times the contentsRect size).
    static func gravityRect(_ gravity: CALayerContentsGravity, imageSize: CGSize, bounds: CGRect) -> CGRect {
        let w = imageSize.width, h = imageSize.height
        switch gravity {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let sx = bounds.width / w, sy = bounds.height / h
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let size = CGSize(width: w * s, height: h * s)
            return CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                          width: size.width, height: size.height)
        default:
            // Position gravities pin the image without scaling. Layer geometry is y down: "top"
            // is the minimum-y edge.
            let x: CGFloat, y: CGFloat
            switch gravity {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - w
            default: x = bounds.midX - w / 2
            }
            switch gravity {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - h
            default: y = bounds.midY - h / 2
            }
            return CGRect(x: x, y: y, width: w, height: h)
        }
    }

    /// The pieces to draw for a layer's contents: one piece, or up to nine when `contentsCenter`
    /// marks a stretchable middle and the gravity scales the image.
    static func pieces(for s: LayerState, image: CGImage) -> Pieces {
        pieces(of: image, in: Placement(s))
    }

    /// The pieces of `pieces(for:image:)`, without an array for the usual single piece (this
    /// runs for every layer with contents, every frame). A sequence rather than a function
    /// taking a closure: the caller appends each piece's quad directly, not from a closure
    /// context (which copied every quad once more).
    struct Pieces: Sequence, IteratorProtocol {
        private var single: Piece?
        private var several: IndexingIterator<[Piece]>?

        fileprivate init(single: Piece) { self.single = single }
        fileprivate init(several: [Piece]) { self.several = several.makeIterator() }

        mutating func next() -> Piece? {
            if let piece = single {
                single = nil
                return piece
            }
            return several?.next()
        }
    }

    /// The state's properties that place its contents, read one by one (a caller holding the
    /// state in a box does not copy it whole to place its contents).
    struct Placement {
        var bounds: CGRect
        var contentsRect: CGRect
        var contentsCenter: CGRect
        var contentsScale: CGFloat
        var contentsGravity: CALayerContentsGravity

        init(_ s: __shared LayerState) {
            bounds = s.bounds
            contentsRect = s.contentsRect
            contentsCenter = s.contentsCenter
            contentsScale = s.contentsScale
            contentsGravity = s.contentsGravity
        }

        /// The placement of the state in `box`, each property read through the box.
        init(_ box: LayerStateBox) {
            bounds = box.value.bounds
            contentsRect = box.value.contentsRect
            contentsCenter = box.value.contentsCenter
            contentsScale = box.value.contentsScale
            contentsGravity = box.value.objects.contentsGravity
        }
    }

    /// `pieces(for:image:)` for the contents placement `p`.
    static func pieces(of image: CGImage, in p: Placement) -> Pieces {
        let scale = p.contentsScale > 0 ? p.contentsScale : 1
        let rect = p.contentsRect
        let imageSize = CGSize(width: CGFloat(image.width) / scale * rect.width,
                               height: CGFloat(image.height) / scale * rect.height)
        let destination = gravityRect(p.contentsGravity, imageSize: imageSize, bounds: p.bounds)
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let stretches = p.contentsGravity == .resize || p.contentsGravity == .resizeAspect
            || p.contentsGravity == .resizeAspectFill
        // The default centre compared field by field first: Foundation's `==` (which compares
        // standardized rectangles) is not inlined, and this runs for every layer with contents.
        let c = p.contentsCenter
        let isUnit = (c.origin.x == 0 && c.origin.y == 0 && c.size.width == 1 && c.size.height == 1) || c == unit
        guard stretches, !isUnit else {
            return Pieces(single: Piece(destination: destination, unitSource: rect))
        }
        return Pieces(several: nineSlice(destination: destination, source: rect, center: p.contentsCenter,
                                         imageSize: imageSize))
    }

    /// Splits a stretched image into a 3x3 grid: the edges keep their size (shrunk together if
    /// the destination is too small), the middle stretches.
    private static func nineSlice(destination: CGRect, source: CGRect, center: CGRect, imageSize: CGSize) -> [Piece] {
        let c = center.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard !c.isNull else { return [Piece(destination: destination, unitSource: source)] }
        // Source stops in unit coordinates of the contentsRect, then of the whole image.
        let u = [0, c.minX, c.maxX, 1].map { source.minX + $0 * source.width }
        let v = [0, c.minY, c.maxY, 1].map { source.minY + $0 * source.height }
        // Fixed edge sizes in points, scaled down together when they do not fit.
        var left = c.minX * imageSize.width, right = (1 - c.maxX) * imageSize.width
        var top = c.minY * imageSize.height, bottom = (1 - c.maxY) * imageSize.height
        if left + right > destination.width, left + right > 0 {
            let k = destination.width / (left + right); left *= k; right *= k
        }
        if top + bottom > destination.height, top + bottom > 0 {
            let k = destination.height / (top + bottom); top *= k; bottom *= k
        }
        let xs = [destination.minX, destination.minX + left, destination.maxX - right, destination.maxX]
        let ys = [destination.minY, destination.minY + top, destination.maxY - bottom, destination.maxY]
        var pieces: [Piece] = []
        pieces.reserveCapacity(9)
        for row in 0..<3 {
            for column in 0..<3 {
                let d = CGRect(x: xs[column], y: ys[row], width: xs[column + 1] - xs[column], height: ys[row + 1] - ys[row])
                guard d.width > 0, d.height > 0 else { continue }
                let s = CGRect(x: u[column], y: v[row], width: u[column + 1] - u[column], height: v[row + 1] - v[row])
                pieces.append(Piece(destination: d, unitSource: s))
            }
        }
        return pieces
    }
}
