import CompositorCore
import Foundation

/// The prepared drawables of one image, in painter's order: general quads (`PreparedQuad`) and
/// lean sprites (`PreparedSprite`, written in place into slots of their own) apart, and for
/// every drawable one small entry, its canvas bounds and its record, which bands are binned and
/// walked by.
///
/// The renderer keeps one list from frame to frame (`removeAll(keepingCapacity:)`), so a frame's
/// records are written into storage the last frame already faulted in.
struct PreparedQuadList {
    /// One drawable: where it may paint and which record paints it.
    struct Entry {
        /// Canvas columns and rows the drawable may touch (maxima exclusive).
        var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32
        /// `quads[record]` when not negative, otherwise `spriteRecords![~record]`.
        var record: Int32
    }

    private(set) var entries: [Entry] = []
    private(set) var quads: [PreparedQuad] = []
    /// Where the lean sprites' records lie (`spriteRecords`): this list's own, or, while the list
    /// is a part of a parallel preparation, the storage of the list being built.
    private var spriteStorage: PreparedSpriteStorage?
    /// The slot of the next quad prepared from a `Quad`: each takes one, whatever it gives, and
    /// a lean sprite is written there. So a list prepared in parts, each part from the slot of
    /// its first item on, numbers its sprites as the same quads prepared one after another do,
    /// and the parts' sprites are joined where they lie. The slots of quads that gave no sprite
    /// stay unwritten.
    private var nextSlot = 0
    /// Whether this list is a part writing into another list's storage (which has room for it).
    private var isPart = false
    /// The textures the lean sprites read, kept alive while the list is (a record holds none).
    private(set) var textures: [Texture] = []
    /// The address of `textures.last` (nil while it is empty); the texture there is kept alive
    /// by `textures`, so no other object takes its address meanwhile.
    private var lastKept: UInt?
    /// How many lean sprites kept their slot's sampling (`SpriteMemo`).
    private(set) var reusedSprites = 0

    /// An empty list.
    init() {}

    /// A list of general quads, in their order.
    init(_ quads: [PreparedQuad]) {
        for quad in quads { append(quad) }
    }

    /// The number of drawables.
    var count: Int { entries.count }

    /// The lean sprites' records: `spriteRecords![~record]` for an entry with a negative record
    /// (nil while there are none).
    var spriteRecords: UnsafePointer<PreparedSprite>? { spriteStorage.map { UnsafePointer($0.base) } }

    /// The lean sprites, in their order (a copy; for tests and diagnostics).
    var sprites: [PreparedSprite] {
        guard let records = spriteRecords else { return [] }
        return entries.compactMap { $0.record < 0 ? records[Int(~$0.record)] : nil }
    }

    /// Prepares `quad` (nothing when it draws nothing): as a lean sprite where it is one,
    /// otherwise in the general form.
    mutating func append(_ quad: Quad, texture binding: TextureBinding?, clips: UnsafeBufferPointer<PreparedClip>,
                         canvasWidth: Int, canvasHeight: Int) {
        if let binding {
            append(quad, texture: binding, clips: clips, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            return
        }
        nextSlot += 1
        if let prepared = PreparedQuad(quad, texture: nil, clips: clips, canvasWidth: canvasWidth, canvasHeight: canvasHeight) {
            append(prepared)
        }
    }

    /// Prepares the textured `quad` (nothing when it draws nothing): `append(_:texture:clips:canvasWidth:canvasHeight:)`
    /// without the optional binding, which textured quads, the most common, would copy through.
    mutating func append(_ quad: Quad, texture binding: TextureBinding, clips: UnsafeBufferPointer<PreparedClip>,
                         canvasWidth: Int, canvasHeight: Int) {
        // The binding holds its texture until this call returns, and the list from then on.
        withUnsafePointer(to: quad) {
            append(quadAt: $0, sampling: binding.sampling, clips: clips, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        }
    }

    /// Prepares the quad at `quad`, textured as `sampling` says, read in place (a draw list's:
    /// `CommandsInPlace`), so that a lean sprite copies no reference to the quad's storage. A
    /// lean sprite is written where its record stays (`PreparedSprite.prepare(_:texture:canvasWidth:canvasHeight:at:memo:)`).
    /// The caller keeps the texture alive until this call returns; the list keeps it from then on.
    mutating func append(quadAt quad: UnsafePointer<Quad>, sampling: TextureSampling,
                         clips: UnsafeBufferPointer<PreparedClip>, canvasWidth: Int, canvasHeight: Int) {
        let slot = nextSlot
        nextSlot += 1
        if PreparedSprite.mayBeSprite(quad.pointee, clipCount: clips.count) {
            let (record, memo) = slotToWrite(slot)
            switch PreparedSprite.prepare(quad, texture: sampling, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                                          at: record, memo: memo) {
            case .appended(let bounds, let reused):
                if reused { reusedSprites += 1 }
                keep(sampling.reference)
                entries.append(Self.entry(bounds, record: ~Int32(slot)))
                return
            case .nothing: return
            case .general: break
            }
        }
        // The general quad holds its texture (`PreparedQuad.texture`).
        let binding = TextureBinding(unretained: sampling)
        if let prepared = PreparedQuad(quad.pointee, texture: binding, clips: clips, canvasWidth: canvasWidth,
                                       canvasHeight: canvasHeight) {
            append(prepared)
        }
    }

    /// Appends a general quad.
    mutating func append(_ quad: PreparedQuad) {
        entries.append(Self.entry(quad.bounds, record: Int32(quads.count)))
        quads.append(quad)
    }

    /// The record and memo of slot `slot`, with room made for it in this list's own storage (a
    /// part's storage has room for every slot it may write). The pointers, not the storage, are
    /// returned: a reference held while the sprite is prepared would be retained and released
    /// for every sprite, and the parts of a parallel preparation share one storage, whose count
    /// the threads would fight over. The list keeps the storage alive.
    @inline(__always)
    private mutating func slotToWrite(_ slot: Int) -> (record: UnsafeMutablePointer<PreparedSprite>,
                                                       memo: UnsafeMutablePointer<SpriteMemo>) {
        if !isPart, spriteStorage == nil || slot >= spriteStorage.unsafelyUnwrapped.capacity || !isKnownUniquelyReferenced(&spriteStorage) {
            reserveSlots(slot + 1)
        }
        let storage = spriteStorage.unsafelyUnwrapped
        return (storage.base + slot, storage.memos + slot)
    }

    /// Makes this list's own storage unshared and large enough for `count` slots, keeping the
    /// records written.
    private mutating func reserveSlots(_ count: Int) {
        if let capacity = spriteStorage?.capacity, count <= capacity, isKnownUniquelyReferenced(&spriteStorage) { return }
        let storage = PreparedSpriteStorage(capacity: max(count, 2 * (spriteStorage?.capacity ?? 0), 16))
        if let old = spriteStorage, nextSlot > 0 { storage.copySlots(min(nextSlot, old.capacity), from: old) }
        spriteStorage = storage
    }

    /// Keeps the texture at `reference` alive while the list is (consecutive sprites mostly share one):
    /// compared by address with the last kept (`lastKept`), retained only when it differs.
    @inline(__always)
    private mutating func keep(_ reference: Unmanaged<Texture>) {
        let address = UInt(bitPattern: reference.toOpaque())
        if lastKept != address { keep(reference.takeUnretainedValue()) }
    }

    /// Keeps `texture` alive while the list is, unless it is the last kept.
    private mutating func keep(_ texture: Texture) {
        let address = UInt(bitPattern: Unmanaged.passUnretained(texture).toOpaque())
        if lastKept != address {
            textures.append(texture)
            lastKept = address
        }
    }

    /// Prepares this list, empty, to be the part of a parallel preparation that prepares
    /// `items` of its quads: its slots are those of its quads in `whole`'s storage, which
    /// `reserveParts(items:)` made room for.
    mutating func beginPart(of whole: PreparedSpriteStorage, items: Range<Int>) {
        spriteStorage = whole
        nextSlot = items.lowerBound
        isPart = true
    }

    /// The storage that the parts of a parallel preparation of `items` quads write their sprites
    /// into: this list's own, unshared and with a slot for each.
    mutating func reserveParts(items: Int) -> PreparedSpriteStorage {
        reserveSlots(max(items, 1))
        return spriteStorage.unsafelyUnwrapped
    }

    /// Appends `part`'s drawables after this list's, in their order: `part` prepared the quads
    /// after this list's (`beginPart`) into this list's storage, where its sprites stay.
    mutating func append(part: PreparedQuadList) {
        let quadBase = Int32(quads.count)
        if quadBase == 0 || part.quads.isEmpty {
            // No record to renumber (the common case of sprites alone): copied whole.
            entries.append(contentsOf: part.entries)
        } else {
            entries.reserveCapacity(entries.count + part.entries.count)
            for var entry in part.entries {
                if entry.record >= 0 { entry.record += quadBase }
                entries.append(entry)
            }
        }
        quads.append(contentsOf: part.quads)
        nextSlot = part.nextSlot
        reusedSprites += part.reusedSprites
        for texture in part.textures { keep(texture) }
    }

    /// Ends a parallel preparation: this list, the first part, owns its storage again.
    mutating func endParts() { isPart = false }

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
            textures.removeAll(keepingCapacity: true)
            lastKept = nil
            if isPart { spriteStorage = nil }
            if let capacity = spriteStorage?.capacity, capacity > 4 * max(expected, 4096) { spriteStorage = nil }
            nextSlot = 0; isPart = false; reusedSprites = 0
        }
        entries.reserveCapacity(expected)
    }

    @inline(__always)
    private static func entry(_ b: (Int, Int, Int, Int), record: Int32) -> Entry {
        // Bounds lie within the canvas, whose sides are at most `CPURenderer.maximumSide`.
        Entry(minX: Int32(b.0), minY: Int32(b.1), maxX: Int32(b.2), maxY: Int32(b.3), record: record)
    }
}

/// Storage of lean sprites' records, written in place, and of each slot's `SpriteMemo`: a list's
/// own, shared with the parts of a parallel preparation while it runs. Records are plain data,
/// so slots are neither initialized before they are written nor deinitialized; memos start
/// zeroed (none). Unchecked: the parts write disjoint slots, and the list reads them after every
/// part has finished.
final class PreparedSpriteStorage: @unchecked Sendable {
    /// The first slot's record.
    let base: UnsafeMutablePointer<PreparedSprite>
    /// The first slot's memo.
    let memos: UnsafeMutablePointer<SpriteMemo>
    /// The number of slots.
    let capacity: Int

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        memos = .allocate(capacity: capacity)
        UnsafeMutableRawPointer(memos).initializeMemory(as: UInt8.self, repeating: 0, count: capacity * MemoryLayout<SpriteMemo>.stride)
        self.capacity = capacity
    }

    /// Copies the first `count` slots of `other`, records and memos, as bytes (the slots of
    /// quads that gave no sprite were never written).
    func copySlots(_ count: Int, from other: PreparedSpriteStorage) {
        UnsafeMutableRawPointer(base).copyMemory(from: other.base, byteCount: count * MemoryLayout<PreparedSprite>.stride)
        UnsafeMutableRawPointer(memos).copyMemory(from: other.memos, byteCount: count * MemoryLayout<SpriteMemo>.stride)
    }

    deinit {
        base.deallocate()
        memos.deallocate()
    }
}
