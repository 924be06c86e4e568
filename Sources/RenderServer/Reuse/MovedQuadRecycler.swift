import CompositorCore
import Synchronization

/// One flattener's writer of moved quads in one frame (`FrameFlattener.redrawMoved`): each quad
/// goes into its layer's own spare of two frames ago (`MovedLayerSpares`), written in place when
/// nothing else holds it, by its transform alone when the spares hold the drawing the source
/// moved. It knows the frame and counts what it wrote, adding the count to the cache's
/// (`MovedQuadCounts`) when it is done.
struct MovedQuadRecycler {
    /// Where the spares written by their transforms are counted for all frames; nil: nowhere.
    let counts: MovedQuadCounts?
    /// The frame the recycler writes quads in (`FlattenedSubtreeCache.frame`).
    let frame: UInt64
    /// The spares written after comparing their fields with the source's (the others got new
    /// storages, or were written by their transforms: `writtenByTransform`).
    private(set) var writtenInPlace = 0
    /// The spares written by their transforms alone, their fields not compared.
    private(set) var writtenByTransform = 0

    /// A recycler writing quads in frame `frame`, counting into `counts`.
    init(counts: MovedQuadCounts? = nil, frame: UInt64 = 0) {
        self.counts = counts
        self.frame = frame
    }

    /// `source` drawn with `transform` as quad `index` of a layer's moved drawing, written into
    /// the layer's own spare of two frames ago (`MovedLayerSpares`): its transform alone when
    /// `sameFields` (the caller's proof that the spare holds the source's other fields).
    mutating func quad(_ source: Quad, movedTo transform: Matrix4, index: Int, in spares: MovedLayerSpares,
                       sameFields: Bool) -> Quad {
        spares.quad(source, movedTo: transform, index: index, frame: frame, sameFields: sameFields,
                    inPlace: &writtenInPlace, byTransform: &writtenByTransform)
    }

    /// Counts `count` spares written by their transforms alone, a drawing at a time
    /// (`MovedLayerSpares.retransform(_:to:frame:into:)`).
    mutating func countWrittenByTransform(_ count: Int) {
        writtenByTransform &+= count
    }

    /// Adds what the recycler wrote by transform to `counts`, and starts its counts again.
    mutating func finish() {
        if writtenByTransform > 0 { counts?.add(writtenByTransform: writtenByTransform) }
        writtenInPlace = 0
        writtenByTransform = 0
    }
}

/// How many moved quads the recyclers of a cache's frames wrote by their transforms alone, in all
/// frames (for tests and statistics; `MovedQuadRecycler.writtenByTransform`), added by a run's parts
/// from their threads: an atomic count, not a lock taken by each part each frame.
final class MovedQuadCounts: Sendable {
    private let count = Atomic<Int>(0)

    /// The spares written by their transforms alone, in all frames.
    var writtenByTransform: Int { count.load(ordering: .relaxed) }

    /// Adds `writtenByTransform` spares written by their transforms alone.
    func add(writtenByTransform: Int) {
        count.add(writtenByTransform, ordering: .relaxed)
    }
}
