import CompositorCore

/// The quads one layer was drawn moved with (`FrameFlattener.redrawMoved`) in its last two
/// moved drawings, kept in its cache entry (`FlattenedSubtreeCache.Entry.movedSpares`) so that
/// its next moved quads are written into the storages of its own quads of two frames ago,
/// whatever order the layers are drawn in (S3's cards, sorted by depth anew each frame, took
/// other cards' spares from a shared pool, and compared and copied all their fields).
///
/// Quad `i` of a drawing made in an even frame is kept at slot `2i`, of one made in an odd frame
/// at `2i + 1`, in slots allocated for the layer's drawing when the spares are made (a part never
/// grows them). By the frame after next, the list that drew a quad is let go, and a storage
/// nothing else holds is written in place (no allocation, no free). For each parity the spares
/// say which frame's drawing they hold complete, and how many quads it had: a drawing taken back
/// (a group met) is not complete. When the layer's last drawing (the source) was that drawing
/// moved again, or that drawing itself (`FlattenedSubtreeCache.Entry.drawnMoved`), a spare holds
/// the source's fields but for the transform, and only its transform is written; else its fields
/// are compared and copied (`Quad.assign(_:transform:)`).
///
/// Unchecked `Sendable`: written only by the flattener drawing the layer, once a frame (a run's
/// part owns its sublayers; the cache makes and drops spares on its own thread, outside the
/// parts), and read by nothing else.
final class MovedLayerSpares: @unchecked Sendable {
    /// A complete moved drawing's frame and quad count.
    private struct Drawing {
        var frame: UInt64
        var count: Int
        /// No drawing.
        static let empty = Drawing(frame: .max, count: 0)
    }

    /// The slots: quad `i` of the drawing of an even frame at `2i`, of an odd frame at `2i + 1`;
    /// the first `initialized` hold a quad.
    private let slots: UnsafeMutablePointer<Quad>
    private let slotCount: Int
    private var initialized = 0
    /// The complete drawing the slots of even and of odd frames hold, or `empty`.
    private var even = Drawing.empty
    private var odd = Drawing.empty

    /// Spares for a layer whose moved drawings have `quads` quads.
    init(quads: Int) {
        slotCount = 2 * quads
        slots = .allocate(capacity: max(slotCount, 1))
    }

    deinit {
        slots.deinitialize(count: initialized)
        slots.deallocate()
    }

    /// Whether the spares have a slot for each quad of a drawing of `quads` quads, in both parities.
    func fits(quads: Int) -> Bool { slotCount >= 2 * quads }

    /// Starts drawing the layer moved in `frame`: how many of the slots of the frame's parity
    /// hold the quads of the layer's complete moved drawing of two frames ago (0 when they hold
    /// none); from now on they are not said to hold a complete drawing until `end(frame:count:)`.
    func begin(frame: UInt64) -> Int {
        let held: Drawing
        if frame & 1 == 0 {
            held = even
            even = .empty
        } else {
            held = odd
            odd = .empty
        }
        return held.frame != Drawing.empty.frame && held.frame == frame &- 2 ? held.count : 0
    }

    /// Ends the layer's moved drawing of `frame`, of `count` quads, all made by
    /// `quad(_:movedTo:index:frame:sameFields:inPlace:byTag:)`.
    func end(frame: UInt64, count: Int) {
        if frame & 1 == 0 {
            even = Drawing(frame: frame, count: count)
        } else {
            odd = Drawing(frame: frame, count: count)
        }
    }

    /// `source` drawn with `transform`, as quad `index` of the layer's moved drawing of `frame`:
    /// written into the spare at its slot when nothing else holds that (its transform alone when
    /// `sameFields`: the caller's proof that the spare holds the source's other fields), else a
    /// copy in a new storage; kept at the slot (a quad past the slots is not kept). Counts the
    /// spares written after their fields were compared in `inPlace`, and those written by their
    /// transforms alone in `byTag`.
    func quad(_ source: Quad, movedTo transform: Matrix4, index: Int, frame: UInt64, sameFields: Bool,
              inPlace: inout Int, byTag: inout Int) -> Quad {
        let slot = 2 &* index &+ Int(frame & 1)
        guard slot < initialized else {
            var quad = source
            quad.transform = transform
            guard slot < slotCount else { return quad }
            // The slot before (the other parity's, beyond any drawing it holds complete) filled
            // with the same quad: it is compared before it is written.
            while initialized <= slot {
                (slots + initialized).initialize(to: quad)
                initialized += 1
            }
            return quad
        }
        // Moved out and back: the quad holds the storage alone while it is written.
        var quad = (slots + slot).move()
        if sameFields {
            // In place when nothing else holds the storage, else in a copy of it.
            quad.transform = transform
            byTag += 1
        } else if quad.assign(source, transform: transform) {
            inPlace += 1
        }
        (slots + slot).initialize(to: quad)
        return quad
    }
}
