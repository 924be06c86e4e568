import CompositorCore

/// Which quad a moved quad was made as (`MovedQuadRecycler`): the quad at an index of a layer's
/// drawing moved in a frame (`FlattenedSubtreeCache.frame`).
///
/// A spare quad's tag proves that it holds the fields a moved layer's quad is to be written
/// with, but for the transform, without comparing their bytes: the spare was made two frames
/// ago as the same quad of the layer's drawing, and the layer's drawing of the last frame (the
/// source) is that drawing moved again (`FlattenedSubtreeCache.Entry.drawnMoved`), or that
/// drawing itself, kept: the same quads but for their transforms.
struct MovedQuadTag: Equatable {
    /// The layer's ID.
    var layer: UInt64
    /// The frame times 256 plus the index (below 256), or `UInt64.max`: none.
    var drawing: UInt64

    /// The tag of quad `index` of layer `layer`'s drawing moved in frame `frame`; `none` for an
    /// index outside 0..<256 (such a quad is always compared).
    init(layer: UInt64, frame: UInt64, index: Int) {
        self.layer = layer
        drawing = (0..<256).contains(index) ? frame &<< 8 | UInt64(index) : .max
    }

    /// Whether the tag names a quad.
    var isSome: Bool { drawing != .max }

    /// The tag of a quad not made as part of a moved drawing (made by a recycler without one,
    /// or in a drawing taken back): it matches no quad of a drawing.
    static let none = MovedQuadTag(layer: 0, frame: 0, index: -1)
}

/// A quad a recycler made, kept as a spare with its tag (`SpareQuadPool`).
struct SpareQuad {
    var quad: Quad
    var tag: MovedQuadTag

    /// The quad, the spare let go (its storage then held by the quad alone, where nothing
    /// else holds it), and its tag in `tag`.
    consuming func taking(tag: inout MovedQuadTag) -> Quad {
        tag = self.tag
        return quad
    }
}
