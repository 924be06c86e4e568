/// Splits a batch whose quads need different shader variants into lean batches, one per variant,
/// so that each fragment runs only the maths its own quad needs.
///
/// A batch is drawn with the union of its quads' features, and a software rasterizer runs all of
/// it for every fragment: in S5, each clipping parent's translucent background (a plain rounded
/// rect) paid for its children's clip and border. The instances of such a batch are reordered
/// into parts with one feature set each, drawn one after another. Blending makes the order
/// matter only where two quads change the same pixel, so a quad may move ahead of a later part
/// only when no quad of that part can change a pixel it can change (`InstancePixelBounds`):
/// each quad joins the latest part with its features that comes after every part holding a quad
/// it overlaps, or starts a new part. Quads within a part keep their order. The pixels do not
/// change.
///
/// Where overlaps force more than `maximumParts` parts (a shadow under each card, each card
/// overlapping the next one's shadow), or where too few pixels would run a leaner variant to pay
/// for the extra draws, the batch is kept whole.
final class LeanBatchSplitter {
    /// The most parts a batch is split into.
    static let maximumParts = 8
    /// The pixels that must run a leaner variant than the batch's for each draw a split adds
    /// (a draw and a program change cost llvmpipe about as much as shading a few thousand pixels).
    static let leanerPixelsPerExtraDraw = 4096
    /// The side of the square bins that index the placed quads' bounds, in pixels (a power of two).
    private static let binSize = 64
    /// A quad touching more bins than this is taken to overlap every part (not looked up).
    private static let largestLookup = 64

    /// One placed quad's bounds, listed in each bin they touch.
    private struct Entry {
        var bounds: SIMD4<Int32>
        var part: Int32
        var next: Int32
    }

    private var heads: [Int32] = []
    private var entries: [Entry] = []
    private var partOfMember: [Int32] = []
    private var partFeatures: [ShaderFeatures] = []
    private var partCounts: [Int] = []
    private var scratch: [Float] = []
    private var scratchBounds: [SIMD4<Int32>] = []

    /// Splits `batch`, whose instances lie in `instances` (`QuadInstance.stride` floats each, the
    /// features each quad needs in `features`, both indexed by instance) in a pass of `width` x
    /// `height` pixels. On success the batch's instances are reordered in place (and their
    /// damage bounds in `damageBounds`, when given) and the parts are returned, in drawing order;
    /// nil leaves everything as it was.
    func split(_ batch: QuadBatch, instances: UnsafeMutablePointer<Float>, features: UnsafePointer<ShaderFeatures>,
               width: Int, height: Int, damageBounds: UnsafeMutablePointer<SIMD4<Int32>>?) -> [QuadBatch]? {
        let binsX = max(1, (width + Self.binSize - 1) / Self.binSize), binsY = max(1, (height + Self.binSize - 1) / Self.binSize)
        // The scratch arrays are worked on as locals (no exclusivity checks or copies in the loop).
        var heads = self.heads, entries = self.entries, partOfMember = self.partOfMember
        self.heads = []; self.entries = []; self.partOfMember = []
        defer { self.heads = heads; self.entries = entries; self.partOfMember = partOfMember }
        if heads.count != binsX * binsY { heads = [Int32](repeating: -1, count: binsX * binsY) }
        entries.removeAll(keepingCapacity: true)
        partOfMember.removeAll(keepingCapacity: true)
        partFeatures.removeAll(keepingCapacity: true)
        partCounts.removeAll(keepingCapacity: true)
        let first = batch.firstInstance, count = batch.instanceCount
        var leanerPixels = 0
        let binShift = Int32(Self.binSize.trailingZeroBitCount)

        let placed = heads.withUnsafeMutableBufferPointer { heads -> Bool in
            heads.update(repeating: -1)
            for member in 0..<count {
                let index = first + member, needed = features[index]
                let bounds = InstancePixelBounds.of(instances + index * QuadInstance.stride, analyticClip: needed.contains(.clipRect),
                                                    blurred: needed.contains(.blur), width: width, height: height)
                let isEmpty = bounds.x >= bounds.z || bounds.y >= bounds.w
                let bins = isEmpty ? SIMD4<Int32>(0, 0, -1, -1)
                    : SIMD4(bounds.x >> binShift, bounds.y >> binShift, (bounds.z - 1) >> binShift, (bounds.w - 1) >> binShift)
                let binCount = isEmpty ? 0 : Int(bins.z - bins.x + 1) * Int(bins.w - bins.y + 1)
                let lastPart = Int32(partCounts.count - 1)
                // The latest part holding a quad that overlaps this one (-1: none).
                var latestOverlapping: Int32 = -1
                if binCount > Self.largestLookup {
                    latestOverlapping = lastPart
                } else if binCount > 0 {
                    entries.withUnsafeBufferPointer { entries in
                        search: for binY in bins.y...bins.w {
                            for binX in bins.x...bins.z {
                                var entry = heads[Int(binY) * binsX + Int(binX)]
                                while entry >= 0 {
                                    let other = entries[Int(entry)]
                                    if other.part > latestOverlapping && other.bounds.x < bounds.z && bounds.x < other.bounds.z
                                        && other.bounds.y < bounds.w && bounds.y < other.bounds.w {
                                        latestOverlapping = other.part
                                        if latestOverlapping == lastPart { break search }
                                    }
                                    entry = other.next
                                }
                            }
                        }
                    }
                }
                var part = -1
                for candidate in stride(from: partCounts.count - 1, through: max(Int(latestOverlapping), 0), by: -1)
                where partFeatures[candidate] == needed {
                    part = candidate
                    break
                }
                if part < 0 {
                    guard partCounts.count < Self.maximumParts else { return false }
                    part = partCounts.count
                    partFeatures.append(needed)
                    partCounts.append(0)
                }
                partCounts[part] += 1
                partOfMember.append(Int32(part))
                guard binCount > 0 else { continue }
                if needed != batch.features { leanerPixels += Int(bounds.z - bounds.x) * Int(bounds.w - bounds.y) }
                for binY in bins.y...bins.w {
                    for binX in bins.x...bins.z {
                        let bin = Int(binY) * binsX + Int(binX)
                        entries.append(Entry(bounds: bounds, part: Int32(part), next: heads[bin]))
                        heads[bin] = Int32(entries.count - 1)
                    }
                }
            }
            return true
        }
        guard placed, partCounts.count > 1, leanerPixels >= (partCounts.count - 1) * Self.leanerPixelsPerExtraDraw else { return nil }
        reorder(first: first, count: count, instances: instances, damageBounds: damageBounds, partOfMember: partOfMember)
        var parts: [QuadBatch] = []
        var start = first
        for (features, partCount) in zip(partFeatures, partCounts) {
            var part = batch
            part.firstInstance = start
            part.instanceCount = partCount
            part.features = features
            part.isMixed = false
            parts.append(part)
            start += partCount
        }
        return parts
    }

    /// Moves the batch's instances (and damage bounds) into part order.
    private func reorder(first: Int, count: Int, instances: UnsafeMutablePointer<Float>,
                         damageBounds: UnsafeMutablePointer<SIMD4<Int32>>?, partOfMember: [Int32]) {
        let stride = QuadInstance.stride
        if scratch.count < count * stride { scratch = [Float](repeating: 0, count: count * stride) }
        if damageBounds != nil && scratchBounds.count < count { scratchBounds = [SIMD4<Int32>](repeating: .zero, count: count) }
        var next = [Int](repeating: 0, count: partCounts.count)
        var start = 0
        for part in partCounts.indices { next[part] = start; start += partCounts[part] }
        let source = instances + first * stride
        scratch.withUnsafeMutableBufferPointer { moved in
            scratchBounds.withUnsafeMutableBufferPointer { movedBounds in
                for member in 0..<count {
                    let part = Int(partOfMember[member]), destination = next[part]
                    next[part] += 1
                    (moved.baseAddress! + destination * stride).update(from: source + member * stride, count: stride)
                    if let damageBounds { movedBounds[destination] = damageBounds[first + member] }
                }
                source.update(from: moved.baseAddress!, count: count * stride)
                if let damageBounds { (damageBounds + first).update(from: movedBounds.baseAddress!, count: count) }
            }
        }
    }
}
