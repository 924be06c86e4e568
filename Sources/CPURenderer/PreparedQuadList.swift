import CompositorCore
import Foundation

/// The prepared drawables of one image, in painter's order: general quads (`PreparedQuad`) and
/// lean sprites (`PreparedSprite`) in arrays of their own, and for every drawable one small entry,
/// its canvas bounds and its record, which bands are binned and walked by.
///
/// The renderer keeps one list from frame to frame (`removeAll(keepingCapacity:)`), so a frame's
/// records are written into storage the last frame already faulted in.
struct PreparedQuadList {
    /// One drawable: where it may paint and which record paints it.
    struct Entry {
        /// Canvas columns and rows the drawable may touch (maxima exclusive).
        var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32
        /// `quads[record]` when not negative, otherwise `sprites[~record]`.
        var record: Int32
    }

    private(set) var entries: [Entry] = []
    private(set) var quads: [PreparedQuad] = []
    private(set) var sprites: [PreparedSprite] = []

    /// An empty list.
    init() {}

    /// A list of general quads, in their order.
    init(_ quads: [PreparedQuad]) {
        for quad in quads { append(quad) }
    }

    /// The number of drawables.
    var count: Int { entries.count }

    /// Prepares `quad` (nothing when it draws nothing): as a lean sprite where it is one,
    /// otherwise in the general form.
    mutating func append(_ quad: Quad, texture binding: TextureBinding?, clips: UnsafeBufferPointer<PreparedClip>,
                         canvasWidth: Int, canvasHeight: Int) {
        if let binding {
            append(quad, texture: binding, clips: clips, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        } else if let prepared = PreparedQuad(quad, texture: nil, clips: clips, canvasWidth: canvasWidth, canvasHeight: canvasHeight) {
            append(prepared)
        }
    }

    /// Prepares the textured `quad` (nothing when it draws nothing): `append(_:texture:clips:canvasWidth:canvasHeight:)`
    /// without the optional binding, which textured quads, the most common, would copy through.
    mutating func append(_ quad: Quad, texture binding: TextureBinding, clips: UnsafeBufferPointer<PreparedClip>,
                         canvasWidth: Int, canvasHeight: Int) {
        if PreparedSprite.mayBeSprite(quad, clipCount: clips.count) {
            switch PreparedSprite.prepare(quad, texture: binding, canvasWidth: canvasWidth, canvasHeight: canvasHeight, into: &sprites) {
            case .appended(let bounds):
                entries.append(Self.entry(bounds, record: ~Int32(sprites.count - 1)))
                return
            case .nothing: return
            case .general: break
            }
        }
        if let prepared = PreparedQuad(quad, texture: binding, clips: clips, canvasWidth: canvasWidth, canvasHeight: canvasHeight) {
            append(prepared)
        }
    }

    /// Appends a general quad.
    mutating func append(_ quad: PreparedQuad) {
        entries.append(Self.entry(quad.bounds, record: Int32(quads.count)))
        quads.append(quad)
    }

    /// Appends `other`'s drawables after this list's, in their order.
    mutating func append(contentsOf other: PreparedQuadList) {
        let quadBase = Int32(quads.count), spriteBase = Int32(sprites.count)
        entries.reserveCapacity(entries.count + other.entries.count)
        for var entry in other.entries {
            entry.record = entry.record >= 0 ? entry.record + quadBase : entry.record - spriteBase
            entries.append(entry)
        }
        quads.append(contentsOf: other.quads)
        sprites.append(contentsOf: other.sprites)
    }

    /// Lists that parts of the next parallel preparation are built in (`FrameCompositor`), kept
    /// here with their storage so that it is reused from frame to frame like the list's own.
    var spareParts: [ParallelPreparation.Part] = []

    /// Removes every drawable; keeps the storage unless it is far larger than `expected`
    /// drawables need (after a burst of layers).
    mutating func removeAll(expecting expected: Int) {
        if entries.capacity > 4 * max(expected, 4096) {
            let spares = spareParts
            self = PreparedQuadList()
            spareParts = spares
        } else {
            entries.removeAll(keepingCapacity: true)
            quads.removeAll(keepingCapacity: true)
            sprites.removeAll(keepingCapacity: true)
        }
        entries.reserveCapacity(expected)
    }

    @inline(__always)
    private static func entry(_ b: (Int, Int, Int, Int), record: Int32) -> Entry {
        // Bounds lie within the canvas, whose sides are at most `CPURenderer.maximumSide`.
        Entry(minX: Int32(b.0), minY: Int32(b.1), maxX: Int32(b.2), maxY: Int32(b.3), record: record)
    }
}
