import CompositorCore

/// The quads one layer was drawn moved with (`FrameFlattener.redrawMoved`) in its last two
/// moved drawings, kept in its cache entry (`FlattenedSubtreeCache.Entry.movedSpares`) so that
/// its next moved quads are written into the storages of its own quads of two frames ago,
/// whatever order the layers are drawn in (S3's cards, sorted by depth anew each frame, took
/// other cards' spares from a shared pool, and compared and copied all their fields).
///
/// Quad `i` of a drawing made in an even frame is kept at slot `2i`, of one made in an odd frame
/// at `2i + 1`, in the spares' own storage (one allocation, sized for the layer's drawing when it
/// is made: a part never grows it). By the frame after next, the list that drew a quad is let
/// go, and a storage nothing else holds is written in place (no allocation, no free). For each
/// parity the spares say which frame's drawing they hold complete, and how many quads it had: a
/// drawing taken back (a group met) is not complete. When the layer's last drawing (the source)
/// was that drawing moved again, or that drawing itself (`FlattenedSubtreeCache.Entry.drawnMoved`),
/// a spare holds the source's fields but for the transform, and only its transform is written;
/// else its fields are compared and copied (`Quad.assign(_:transform:)`).
///
/// Handed to a run's parts by `UnretainedMovedLayerSpares`.
final class MovedLayerSpares: ManagedBuffer<MovedLayerSparesHeader, Quad> {
    /// Spares for a layer whose moved drawings have `quads` quads.
    static func make(quads: Int) -> MovedLayerSpares {
        let spares = create(minimumCapacity: 2 * quads) { _ in
            MovedLayerSparesHeader(slots: 2 * quads)
        }
        return unsafeDowncast(spares, to: MovedLayerSpares.self)
    }

    /// Whether the spares have a slot for each quad of a drawing of `quads` quads, in both parities.
    func fits(quads: Int) -> Bool { header.slots >= 2 * quads }

    deinit {
        withUnsafeMutablePointers { header, slots in
            _ = slots.deinitialize(count: header.pointee.initialized)
        }
    }

    /// Starts drawing the layer moved in `frame`: how many of the slots of the frame's parity
    /// hold the quads of the layer's complete moved drawing of two frames ago (0 when they hold
    /// none); from now on they are not said to hold a complete drawing until `end(frame:count:)`.
    func begin(frame: UInt64) -> Int {
        let held: MovedLayerSparesHeader.Drawing
        header.sourcesKept = 0
        if frame & 1 == 0 {
            held = header.even
            header.even = .empty
        } else {
            held = header.odd
            header.odd = .empty
        }
        return held.frame != MovedLayerSparesHeader.Drawing.empty.frame && held.frame == frame &- 2 ? held.count : 0
    }

    /// Ends the layer's moved drawing of `frame`, of `count` quads, all made by
    /// `quad(_:movedTo:index:frame:sameFields:inPlace:byTransform:)`.
    func end(frame: UInt64, count: Int) {
        if frame & 1 == 0 {
            header.even = MovedLayerSparesHeader.Drawing(frame: frame, count: count)
        } else {
            header.odd = MovedLayerSparesHeader.Drawing(frame: frame, count: count)
        }
    }

    /// Ends the layer's moved drawing of `frame`, of `count` quads, as `end(frame:count:)` does,
    /// when its sources were the layer's drawing of the frame before, quads alone (the caller's
    /// proof). Where this drawing filled the other parity's slot of each of its quads with its
    /// source (its first moved drawing: `fillPair`), those slots are said to hold that drawing
    /// complete: the next frame, drawing this one moved, writes them by their transforms alone
    /// (`retransform`) instead of comparing every field.
    func endDrawnFromFrameBefore(frame: UInt64, count: Int) {
        end(frame: frame, count: count)
        guard count > 0, header.sourcesKept == count else { return }
        let before = MovedLayerSparesHeader.Drawing(frame: frame &- 1, count: count)
        if frame & 1 == 0 { header.odd = before } else { header.even = before }
    }

    /// Appends to `commands` the layer's moved drawing of `frame`, whose `count` quads are those
    /// its spares of two frames ago hold (`begin(frame:)` returned `count`) with `transform`, when
    /// the caller knows they hold the fields of its last drawing but for the transform (it was
    /// that drawing moved): each spare's transform rewritten where it is, in place when nothing
    /// else holds its storage, the last drawing not read (neither its commands nor its quads).
    /// Ends the drawing (`end(frame:count:)`) and returns true; false, having appended nothing,
    /// when the spares do not keep that many quads (a drawing larger than their slots).
    func retransform(_ count: Int, to transform: Matrix4, frame: UInt64, into commands: inout [DrawCommand]) -> Bool {
        let parity = Int(frame & 1)
        let kept = withUnsafeMutablePointers { header, slots -> Bool in
            guard 2 &* (count &- 1) &+ parity < header.pointee.initialized else { return false }
            for index in 0..<count {
                let slot = slots + (2 &* index &+ parity)
                slot.pointee.retransform(transform)
                commands.append(.quad(slot.pointee))
            }
            return true
        }
        if kept { end(frame: frame, count: count) }
        return kept
    }

    /// `source` drawn with `transform`, as quad `index` of the layer's moved drawing of `frame`:
    /// written into the spare at its slot when nothing else holds that (its transform alone when
    /// `sameFields`: the caller's proof that the spare holds the source's other fields), else a
    /// copy in a new storage; kept at the slot (a quad past the slots is not kept). Counts the
    /// spares written after their fields were compared in `inPlace`, and those written by their
    /// transforms alone in `byTransform`.
    /// (Out of line: a layer moved frame after frame takes `retransform` instead.)
    @inline(never)
    func quad(_ source: Quad, movedTo transform: Matrix4, index: Int, frame: UInt64, sameFields: Bool,
              inPlace: inout Int, byTransform: inout Int) -> Quad {
        withUnsafeMutablePointers { header, slots in
            let slot = 2 &* index &+ Int(frame & 1)
            guard slot < header.pointee.initialized else {
                var quad = source
                quad.transform = transform
                guard slot < header.pointee.slots else { return quad }
                Self.fillPair(of: slot, with: quad, source: source, header: header, slots: slots)
                return quad
            }
            // Moved out and back: the quad holds the storage alone while it is written.
            var quad = (slots + slot).move()
            if sameFields {
                // In place when nothing else holds the storage, else in a copy of it.
                quad.transform = transform
                byTransform += 1
            } else if quad.assign(source, transform: transform) {
                inPlace += 1
            }
            (slots + slot).initialize(to: quad)
            return quad
        }
    }
}

extension MovedLayerSpares {
    /// Initializes the slots up to the pair of `slot` (a quad's two, one a parity) the first time
    /// the layer draws that quad moved: the frame's with `quad`, the other parity's (beyond any
    /// drawing it holds complete: compared before it is written) with `source`, the quad of the
    /// last drawing, whose list is let go by the next frame. That frame then writes the source's
    /// storage in place instead of copying `quad`'s into a new one (an allocation a quad in the
    /// third frame of a layer moved frame after frame). Out of line: it runs once a layer.
    @inline(never)
    fileprivate static func fillPair(of slot: Int, with quad: Quad, source: Quad,
                                     header: UnsafeMutablePointer<MovedLayerSparesHeader>,
                                     slots: UnsafeMutablePointer<Quad>) {
        let pairEnd = min(slot | 1, header.pointee.slots - 1)
        while header.pointee.initialized <= pairEnd {
            let filled = header.pointee.initialized
            if filled & 1 == slot & 1 {
                (slots + filled).initialize(to: quad)
            } else {
                (slots + filled).initialize(to: source)
                // Counted for the quad's own pair only (the source is not an earlier quad's).
                if filled >> 1 == slot >> 1 { header.pointee.sourcesKept += 1 }
            }
            header.pointee.initialized += 1
        }
    }
}

/// A layer's spares, not retained (its cache entry holds them through the frame), as the
/// flattener drawing the layer gets them (`FrameFlattener.LastDrawing`).
///
/// Unchecked `Sendable`: the spares are written only by the flattener drawing the layer, once a
/// frame (a run's part owns its sublayers; the cache makes and drops spares on its own thread,
/// outside the parts), and read by nothing else.
struct UnretainedMovedLayerSpares: @unchecked Sendable {
    let spares: Unmanaged<MovedLayerSpares>
}

/// What `MovedLayerSpares` knows of its slots.
struct MovedLayerSparesHeader {
    /// A complete moved drawing's frame and quad count.
    struct Drawing {
        var frame: UInt64
        var count: Int
        /// No drawing.
        static let empty = Drawing(frame: .max, count: 0)
    }

    /// How many slots the spares have (two a quad), and how many of the first are initialized.
    let slots: Int
    var initialized = 0
    /// The complete drawing the slots of even and of odd frames hold, or `empty`.
    var even = Drawing.empty
    var odd = Drawing.empty
    /// How many slots of the other parity the drawing begun last filled with its sources (`fillPair`).
    var sourcesKept = 0

    init(slots: Int) { self.slots = slots }
}
