import Dispatch

/// The frame's instances as the quad shader reads them from the instance buffer, packed per
/// range of instances that a batch draws.
///
/// In a range, an attribute that holds the same bits in every instance is left out: the shader
/// reads it from the disabled array's generic value, set once for the batch. Of an attribute
/// that differs, trailing components that hold their default in every instance (0 for y and z,
/// 1 for w: what an array of fewer components supplies) are left out too. The rest are
/// interleaved at the range's own stride. The shader reads the very floats `QuadInstance.write`
/// wrote, so no pixel changes, while a frame of similar quads uploads a fraction of their
/// `QuadInstance.stride` floats: S1's rotating cards 9 (m11 m12, m21 m22, the translation and
/// the colour's red, green and blue), S4's sprites 2 (the translation).
///
/// Ranges are scanned and packed in chunks on several threads; the scan reads a block's mask
/// and first instance where the encoder found the block's mask while writing it
/// (`InstanceBlockMasks`), and every instance elsewhere. The storage is kept from frame to frame,
/// so a frame allocates nothing once its ranges have been seen.
struct PackedInstances {
    /// How one range of instances is packed.
    struct Layout {
        /// The range's first instance among the encoder's instances (where the constant
        /// attributes are read) and its instance count.
        var first: Int, count: Int
        /// The byte offset of the range's first packed instance in the instance buffer.
        var byteOffset: Int
        /// Floats per packed instance.
        var stride: Int
        /// For each attribute of `QuadInstance.attributes`: the components read from the buffer,
        /// 0 where the attribute is constant across the range.
        var components: SIMD16<Int32>
        /// For each attribute read from the buffer, its float offset in a packed instance.
        var offsets: SIMD16<Int32>
        /// Where the range's moves start among the planned moves, how many it has, and how many
        /// of them, first, move two adjacent floats.
        var movesStart: Int, moves = 0, pairs = 0
    }

    /// Instances a chunk scans or packs.
    static let chunkSize = 4096

    /// A packed float copied from an encoded instance (`from`, a float of the instance) to its
    /// place in a packed instance (`to`), with the next one when the move is a pair.
    struct Move {
        var from: Int32, to: Int32
    }

    /// The ranges' layouts, in the order the ranges were given.
    private(set) var layouts: [Layout] = []
    /// The bytes the packed ranges take in the instance buffer.
    private(set) var byteCount = 0
    /// The moves that pack an instance of each range, from its layout's `movesStart`.
    private var moves: [Move] = []
    /// The floats of an encoded instance each packed float copies, in packed order, while a
    /// range is laid out.
    private var sources: [Int32] = []
    /// The index in `layouts` of each range, by `key(first:count:)`.
    private var indexOfRange: [Int: Int] = [:]
    /// The chunks of the ranges (range index, first instance, end), and the floats each found differing.
    private var chunks: [(layout: Int, start: Int, end: Int)] = []
    private var differing: [UInt64] = []

    private static func key(first: Int, count: Int) -> Int { first << 32 | count }

    /// The layout of the range of `count` instances from `first`, nil if no such range was planned.
    func layout(first: Int, count: Int) -> Layout? {
        indexOfRange[Self.key(first: first, count: count)].map { layouts[$0] }
    }

    /// Floats per instance the packed ranges upload, on average (0 with none).
    var floatsPerInstance: Double {
        let instances = layouts.reduce(0) { $0 + $1.count }
        return instances == 0 ? 0 : Double(byteCount) / 4 / Double(instances)
    }

    /// Plans the packing of `ranges` (first instance, count) of the encoded `instances`
    /// (`QuadInstance.stride` floats each): which attributes each range reads from the buffer,
    /// and where. The masks of the instances' blocks (`InstanceBlockMasks`), when given, spare
    /// reading every instance of a block found. A range given twice is packed once; empty ones
    /// are left out.
    mutating func plan(_ ranges: some Sequence<(first: Int, count: Int)>, instances: UnsafePointer<Float>,
                       blockMasks: UnsafePointer<UInt64>? = nil) {
        layouts.removeAll(keepingCapacity: true)
        indexOfRange.removeAll(keepingCapacity: true)
        chunks.removeAll(keepingCapacity: true)
        moves.removeAll(keepingCapacity: true)
        for range in ranges where range.count > 0 {
            let key = Self.key(first: range.first, count: range.count)
            guard indexOfRange[key] == nil else { continue }
            indexOfRange[key] = layouts.count
            for start in stride(from: range.first, to: range.first + range.count, by: Self.chunkSize) {
                chunks.append((layouts.count, start, min(start + Self.chunkSize, range.first + range.count)))
            }
            layouts.append(Layout(first: range.first, count: range.count, byteOffset: 0, stride: 0, components: .zero,
                                  offsets: .zero, movesStart: 0))
        }
        if differing.count < chunks.count { differing = [UInt64](repeating: 0, count: max(chunks.count, 2 * differing.count)) }
        chunks.withUnsafeBufferPointer { chunks in
            layouts.withUnsafeBufferPointer { layouts in
                differing.withUnsafeMutableBufferPointer { differing in
                    let job = ScanJob(chunks: chunks, layouts: layouts, instances: instances, blockMasks: blockMasks,
                                      differing: differing.baseAddress!)
                    Self.perform(chunks.count) { job.scan($0) }
                }
            }
        }
        var byteOffset = 0, k = 0
        for index in layouts.indices {
            var mask: UInt64 = 0
            while k < chunks.count && chunks[k].layout == index { mask |= differing[k]; k += 1 }
            var layout = layouts[index]
            layout.byteOffset = byteOffset
            layOut(&layout, differing: mask, first: instances + layout.first * QuadInstance.stride)
            layouts[index] = layout
            byteOffset += layouts[index].count * layouts[index].stride * MemoryLayout<Float>.size
        }
        byteCount = byteOffset
    }

    /// Sets which components of each attribute `layout` reads from the buffer, given the floats
    /// that differ across its range (bit `i`: float `i` of an instance) and its first instance.
    private mutating func layOut(_ layout: inout Layout, differing mask: UInt64, first: UnsafePointer<Float>) {
        sources.removeAll(keepingCapacity: true)
        var stride: Int32 = 0
        for (index, attribute) in QuadInstance.attributes.enumerated() {
            let differs = { (component: Int) in mask & (1 << UInt64(attribute.offset + component)) != 0 }
            var components = 0
            if (0..<attribute.components).contains(where: differs) {
                // Trailing components that hold their default in every instance come from the array.
                components = attribute.components
                while components > 1 && !differs(components - 1)
                        && first[attribute.offset + components - 1].bitPattern == Self.defaultComponent(components - 1).bitPattern {
                    components -= 1
                }
            }
            layout.components[index] = Int32(components)
            layout.offsets[index] = stride
            for component in 0..<components { sources.append(Int32(attribute.offset + component)) }
            stride += Int32(components)
        }
        layout.stride = Int(stride)
        appendMoves(of: &layout)
    }

    /// Appends the moves that pack an instance of `layout` from `sources`: a packed float and the
    /// next that copy adjacent floats move together, as one 8-byte word (S1's cards: 9 floats in
    /// 4 pairs and 1 float; S4's sprites: 2 floats in 1 pair); the pairs first, then the rest.
    private mutating func appendMoves(of layout: inout Layout) {
        layout.movesStart = moves.count
        for pass in 0..<2 {
            var j = 0
            while j < sources.count {
                let paired = j + 1 < sources.count && sources[j + 1] == sources[j] + 1
                if paired == (pass == 0) { moves.append(Move(from: sources[j], to: Int32(j))) }
                j += paired ? 2 : 1
            }
            if pass == 0 { layout.pairs = moves.count - layout.movesStart }
        }
        layout.moves = moves.count - layout.movesStart
    }

    /// The value an attribute array of fewer components supplies for `component`: 0 for y and z, 1 for w.
    @_transparent
    static func defaultComponent(_ component: Int) -> Float { component == 3 ? 1 : 0 }

    /// The generic value of attribute `index` of `QuadInstance.attributes` in a range where it is
    /// constant: its components in the range's first instance of `instances`, the defaults beyond.
    func constant(of index: Int, in layout: Layout, instances: UnsafePointer<Float>) -> SIMD4<Float> {
        let attribute = QuadInstance.attributes[index]
        var value = SIMD4<Float>(0, 0, 0, 1)
        for component in 0..<attribute.components {
            value[component] = instances[layout.first * QuadInstance.stride + attribute.offset + component]
        }
        return value
    }

    /// Writes the planned ranges, packed, at `out` (`byteCount` bytes) from the encoded `instances`.
    func write(into out: UnsafeMutablePointer<Float>, instances: UnsafePointer<Float>) {
        chunks.withUnsafeBufferPointer { chunks in
            layouts.withUnsafeBufferPointer { layouts in
                moves.withUnsafeBufferPointer { moves in
                    let job = PackJob(chunks: chunks, layouts: layouts, instances: instances, moves: moves.baseAddress!, out: out)
                    Self.perform(chunks.count) { job.pack($0) }
                }
            }
        }
    }

    /// Runs `body` for each of `count` chunks, on several threads when there are two or more.
    private static func perform(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count < 2 {
            for k in 0..<count { body(k) }
        } else {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        }
    }
}

/// The chunks of the planned ranges scanned, each writing only its own difference mask.
private struct ScanJob: @unchecked Sendable {
    let chunks: UnsafeBufferPointer<(layout: Int, start: Int, end: Int)>
    let layouts: UnsafeBufferPointer<PackedInstances.Layout>
    let instances: UnsafePointer<Float>
    let blockMasks: UnsafePointer<UInt64>?
    let differing: UnsafeMutablePointer<UInt64>

    /// Writes the floats in which an instance of chunk `k` differs from its range's first.
    func scan(_ k: Int) {
        let chunk = chunks[k]
        differing[k] = InstanceBlockMasks.differingFloats(from: chunk.start, to: chunk.end, against: layouts[chunk.layout].first,
                                                          instances: instances, masks: blockMasks)
    }
}

/// The chunks of the planned ranges packed, each writing only its own instances.
private struct PackJob: @unchecked Sendable {
    let chunks: UnsafeBufferPointer<(layout: Int, start: Int, end: Int)>
    let layouts: UnsafeBufferPointer<PackedInstances.Layout>
    let instances: UnsafePointer<Float>
    /// Each range's moves (`PackedInstances.Layout.movesStart`).
    let moves: UnsafePointer<PackedInstances.Move>
    let out: UnsafeMutablePointer<Float>

    /// Writes chunk `k`'s instances packed at their place in `out`.
    func pack(_ k: Int) {
        let chunk = chunks[k], layout = layouts[chunk.layout]
        guard layout.stride > 0 else { return }
        let moves = moves + layout.movesStart, pairs = layout.pairs, count = layout.moves
        var to = out + layout.byteOffset / MemoryLayout<Float>.size + (chunk.start - layout.first) * layout.stride
        var from = instances + chunk.start * QuadInstance.stride
        for _ in chunk.start..<chunk.end {
            let source = UnsafeRawPointer(from), destination = UnsafeMutableRawPointer(to)
            for m in 0..<pairs {
                // Bits copied as they are, in one word.
                let pair = source.loadUnaligned(fromByteOffset: Int(moves[m].from) * MemoryLayout<Float>.size, as: UInt64.self)
                destination.storeBytes(of: pair, toByteOffset: Int(moves[m].to) * MemoryLayout<Float>.size, as: UInt64.self)
            }
            for m in pairs..<count { to[Int(moves[m].to)] = from[Int(moves[m].from)] }
            to += layout.stride
            from += QuadInstance.stride
        }
    }
}
