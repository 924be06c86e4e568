/// Reduces a set of damaged rectangles to disjoint ones that cover it, merging only where
/// merging wastes few pixels.
///
/// Each rectangle a renderer redraws costs a little beyond its pixels (a scissor and a draw on
/// the GPU, a band of rows on the CPU), so two rectangles are merged when their union wastes
/// fewer pixels than `mergingWaste` and than half the pixels they hold (so that merges cannot
/// chain into long strips of waste); beyond that they stay apart until there are more than
/// `maximumCount`. Many rectangles (thousands of changed quads) are first snapped to a grid of
/// tiles, so the cost stays linear in their number.
public enum DamageRegion {
    /// The default of `mergingWaste`: about what one more rectangle costs a renderer, in pixels.
    public static let defaultMergingWaste = 1024

    /// Merges overlapping rectangles, and pairs whose union wastes fewer than `mergingWaste`
    /// pixels and than half their own, then the pair whose union wastes the fewest pixels until at most `maximumCount`
    /// remain. The result is disjoint and covers every input pixel.
    public static func coalesce(_ rects: [PixelRect], maximumCount: Int) -> [PixelRect] {
        coalesce(rects, maximumCount: maximumCount, mergingWaste: defaultMergingWaste)
    }

    /// The non-empty rectangles of `rects` as they are when no two share a pixel (what
    /// `DamageTracker` gives), else `coalesce(_:maximumCount:mergingWaste:)` merging only those
    /// that overlap: disjoint rectangles covering every pixel, for painters that split them
    /// among threads. Checking a few hundred rectangles pairwise costs far less than merging
    /// them again.
    public static func disjoint(_ rects: [PixelRect]) -> [PixelRect] {
        let nonEmpty = rects.filter { !$0.isEmpty }
        guard nonEmpty.count <= 256 else { return coalesce(nonEmpty, maximumCount: .max, mergingWaste: 0) }
        for i in nonEmpty.indices {
            for j in (i + 1)..<nonEmpty.count where !nonEmpty[i].intersection(nonEmpty[j]).isEmpty {
                return coalesce(nonEmpty, maximumCount: .max, mergingWaste: 0)
            }
        }
        return nonEmpty
    }

    /// `coalesce(_:maximumCount:)` with the waste, in pixels, below which two rectangles are
    /// merged whatever their count.
    public static func coalesce(_ rects: [PixelRect], maximumCount: Int, mergingWaste: Int) -> [PixelRect] {
        let maximumCount = max(1, maximumCount)
        var input = rects.filter { !$0.isEmpty }
        // Beyond a few hundred, pairwise work would grow with the square: snap to tiles first.
        var tile = 8
        while input.count > max(256, 4 * min(maximumCount, 1 << 20)) {
            input = snapped(input, tile: tile)
            tile *= 2
        }
        var set = RectangleSet()
        for rect in input { set.insert(rect) }
        set.merge(wasteBelow: max(0, mergingWaste), maximumCount: maximumCount)
        return set.rectangles
    }

    /// The tiles of `tile` pixels that `rects` touch, as runs of tiles in each row of tiles
    /// joined with the identical runs of the rows below.
    static func snapped(_ rects: [PixelRect], tile: Int) -> [PixelRect] {
        guard let first = rects.first else { return [] }
        let bounds = rects.dropFirst().reduce(first) { $0.union($1) }
        let originX = floorDiv(bounds.x, tile), originY = floorDiv(bounds.y, tile)
        let columns = floorDiv(bounds.x + bounds.width - 1, tile) - originX + 1
        let rows = floorDiv(bounds.y + bounds.height - 1, tile) - originY + 1
        var marked = [Bool](repeating: false, count: columns * rows)
        for r in rects {
            let c0 = floorDiv(r.x, tile) - originX, c1 = floorDiv(r.x + r.width - 1, tile) - originX
            let r0 = floorDiv(r.y, tile) - originY, r1 = floorDiv(r.y + r.height - 1, tile) - originY
            for row in r0...r1 { for column in c0...c1 { marked[row * columns + column] = true } }
        }
        var result: [PixelRect] = []
        var open: [Int: Int] = [:] // run start column * (columns + 1) + end column -> index in result
        for row in 0..<rows {
            var next: [Int: Int] = [:]
            var column = 0
            while column < columns {
                guard marked[row * columns + column] else { column += 1; continue }
                let start = column
                while column < columns && marked[row * columns + column] { column += 1 }
                let key = start * (columns + 1) + column
                if let index = open[key] {
                    result[index].height += tile
                    next[key] = index
                } else {
                    next[key] = result.count
                    result.append(PixelRect(x: (originX + start) * tile, y: (originY + row) * tile,
                                            width: (column - start) * tile, height: tile))
                }
            }
            open = next
        }
        return result
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

/// Disjoint rectangles being merged: each remembers the partner whose union with it wastes the
/// fewest pixels, so a merge recomputes only the partners it invalidates.
///
/// Rectangles are kept as boxes (minX, minY, maxX, maxY, exclusive) with their areas, so that
/// the pairwise tests, which a few hundred rectangles make tens of thousands of, are a few
/// comparisons each.
private struct RectangleSet {
    /// Every rectangle inserted, never empty; the merged-away ones are not `alive`.
    private var boxes: [SIMD4<Int>] = []
    private var areas: [Int] = []
    private var alive: [Bool] = []
    private var partner: [Int] = []
    private var waste: [Int] = []
    private var liveCount = 0

    var rectangles: [PixelRect] {
        boxes.indices.filter { alive[$0] }.map { k in
            let b = boxes[k]
            return PixelRect(x: b.x, y: b.y, width: b.z - b.x, height: b.w - b.y)
        }
    }

    /// Adds `rect` (not empty), absorbing every rectangle it overlaps (repeatedly, as the union grows).
    mutating func insert(_ rect: PixelRect) {
        insert(box: SIMD4(rect.x, rect.y, rect.x + rect.width, rect.y + rect.height))
    }

    private mutating func insert(box: SIMD4<Int>) {
        var merged = box
        var absorbed = 0
        boxes.withUnsafeBufferPointer { boxes in
            alive.withUnsafeMutableBufferPointer { alive in
                var changed = true
                while changed {
                    changed = false
                    for i in boxes.indices where alive[i] && Self.overlap(boxes[i], merged) {
                        merged = Self.union(merged, boxes[i])
                        alive[i] = false; absorbed += 1
                        changed = true
                    }
                }
            }
        }
        liveCount -= absorbed
        boxes.append(merged); areas.append(Self.area(merged))
        alive.append(true); partner.append(-1); waste.append(.max)
        liveCount += 1
    }

    /// Merges the cheapest pairs while their union wastes fewer than `limit` pixels or more than
    /// `maximumCount` rectangles remain.
    mutating func merge(wasteBelow limit: Int, maximumCount: Int) {
        compact()
        for i in boxes.indices where alive[i] { findPartner(of: i) }
        while liveCount > 1 {
            var best = -1
            for i in boxes.indices where alive[i] && partner[i] >= 0 && (best < 0 || waste[i] < waste[best]) { best = i }
            guard best >= 0 else { return }
            let other = partner[best]
            let held = (areas[best] + areas[other]) / 2
            guard waste[best] < min(limit, held) || liveCount > maximumCount else { return }
            let union = Self.union(boxes[best], boxes[other])
            alive[best] = false; alive[other] = false; liveCount -= 2
            insert(box: union)
            let new = boxes.count - 1
            // Rectangles that paired with one now gone, and the new one, look again.
            for i in boxes.indices where alive[i] && (i == new || partner[i] < 0 || !alive[partner[i]]) {
                findPartner(of: i)
            }
            // The new rectangle may be a better partner for the others.
            let box = boxes[new], area = areas[new]
            for i in boxes.indices where alive[i] && i != new {
                let w = Self.waste(boxes[i], areas[i], box, area)
                if w < waste[i] { waste[i] = w; partner[i] = new }
            }
        }
    }

    /// Drops the rectangles merged away, keeping the order of the others (which breaks ties).
    private mutating func compact() {
        var kept = 0
        for k in boxes.indices where alive[k] {
            boxes[kept] = boxes[k]; areas[kept] = areas[k]
            kept += 1
        }
        boxes.removeLast(boxes.count - kept); areas.removeLast(areas.count - kept)
        alive = Array(repeating: true, count: kept)
        partner = Array(repeating: -1, count: kept); waste = Array(repeating: .max, count: kept)
    }

    private mutating func findPartner(of i: Int) {
        var best = -1, least = Int.max
        let box = boxes[i], area = areas[i]
        boxes.withUnsafeBufferPointer { boxes in
            areas.withUnsafeBufferPointer { areas in
                alive.withUnsafeBufferPointer { alive in
                    for j in boxes.indices where j != i && alive[j] {
                        let w = Self.waste(box, area, boxes[j], areas[j])
                        if w < least { least = w; best = j }
                    }
                }
            }
        }
        partner[i] = best; waste[i] = least
    }

    @inline(__always)
    private static func overlap(_ a: SIMD4<Int>, _ b: SIMD4<Int>) -> Bool {
        a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w
    }

    @inline(__always)
    private static func union(_ a: SIMD4<Int>, _ b: SIMD4<Int>) -> SIMD4<Int> {
        SIMD4(min(a.x, b.x), min(a.y, b.y), max(a.z, b.z), max(a.w, b.w))
    }

    /// The pixels the union of two rectangles holds beyond theirs.
    @inline(__always)
    private static func waste(_ a: SIMD4<Int>, _ areaA: Int, _ b: SIMD4<Int>, _ areaB: Int) -> Int {
        (max(a.z, b.z) - min(a.x, b.x)) * (max(a.w, b.w) - min(a.y, b.y)) - areaA - areaB
    }

    @inline(__always)
    private static func area(_ b: SIMD4<Int>) -> Int { (b.z - b.x) * (b.w - b.y) }
}
