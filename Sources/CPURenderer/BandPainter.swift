import CompositorCore
import Foundation

/// Paints a list of prepared drawables into a pixel buffer on every core: the rows of each
/// rectangle of the region are cut into horizontal bands, each quad is binned into the bands its
/// bounds touch, and each band paints its quads in painter's order (so no two threads ever write
/// the same pixel). A many-rectangle damage region is one job: binning costs the quads times
/// the rectangles they touch, painting the pixels of the rectangles.
///
/// A region of one rectangle (a whole frame) is binned by the bands themselves, each on its own
/// thread (`BandJob.fileDrawables`); one of several rectangles on the calling thread, before the
/// bands start (a band would read every drawable for each of the rectangles' bands).
final class BandPainter {
    let threadCount: Int
    private var bins: [[Int32]] = []
    /// The bins the bands file themselves, kept from frame to frame (one a band).
    private var bandBins: [BandBin] = []
    /// Many-rectangle regions filed by rows, kept from frame to frame.
    private var regionRows = RegionRowIndex()

    /// Whether sprites the AVX2 kernel can paint are painted by it (`CPURenderer.Options`).
    let usesWideSpriteKernel: Bool
    /// Whether a long list of drawables is prepared on this painter's threads
    /// (`FrameCompositor.prepareInParallel`; `CPURenderer.Options`).
    let preparesInParallel: Bool

    init(threadCount: Int, options: CPURenderer.Options = CPURenderer.Options()) {
        self.threadCount = max(1, threadCount)
        usesWideSpriteKernel = options.usesWideSpriteKernel
        preparesInParallel = options.preparesInParallel
    }

    /// Clears `region` of `buffer` to `clear` (when given), paints `quads` inside it, then hands
    /// each finished band of rows to `finishRows` (from the band's thread).
    func paint(_ quads: PreparedQuadList, clips: [PreparedClip], into buffer: PixelBuffer, region: PixelRect,
               clear: UInt32?, finishRows: (@Sendable (Range<Int>, Range<Int>) -> Void)? = nil) {
        paint(quads, clips: clips, into: buffer, regions: [region], clear: clear, finishRows: finishRows)
    }

    /// Clears `region` of `buffer` to `clear` (when given) and paints general `quads` inside it.
    func paint(_ quads: [PreparedQuad], clips: [PreparedClip], into buffer: PixelBuffer, region: PixelRect, clear: UInt32?) {
        paint(PreparedQuadList(quads), clips: clips, into: buffer, regions: [region], clear: clear)
    }

    /// Clears each rectangle of `regions` (disjoint) to `clear` (when given), paints `quads`
    /// inside it, then hands each finished band (rows, columns) to `finishRows`.
    func paint(_ quads: PreparedQuadList, clips: [PreparedClip], into buffer: PixelBuffer, regions: [PixelRect],
               clear: UInt32?, finishRows: (@Sendable (Range<Int>, Range<Int>) -> Void)? = nil) {
        let regions = regions.filter { !$0.isEmpty }
        guard !regions.isEmpty else { return }
        var bands: [Band] = []
        var firstBand: [Int] = [], heights: [Int] = []
        for region in regions {
            let height = bandHeight(rows: region.height, quads: quads.count, regions: regions.count)
            firstBand.append(bands.count); heights.append(height)
            var y = region.y
            while y < region.y + region.height {
                bands.append(Band(x0: region.x, x1: region.x + region.width, y0: y, y1: min(y + height, region.y + region.height)))
                y += height
            }
        }
        // One rectangle (a whole frame): each band files its own drawables, on its own thread.
        let bins = regions.count > 1
            ? fileDrawables(quads, in: regions, heights: heights, firstBand: firstBand, bands: bands.count) : nil
        while bandBins.count < bands.count { bandBins.append(BandBin()) }
        let job = BandJob(quads: quads, clips: clips, bins: bins, bandBins: bandBins, buffer: buffer, bands: bands,
                          clear: clear, finishRows: finishRows, usesWideSpriteKernel: usesWideSpriteKernel)
        if bands.count == 1 || threadCount == 1 {
            for band in 0..<bands.count { job.paint(band: band) }
        } else {
            DispatchQueue.concurrentPerform(iterations: bands.count) { job.paint(band: $0) }
        }
    }

    /// The bins of the `bands` bands of several rectangles (`regions`, the bands of `regions[r]`
    /// `heights[r]` rows each from `firstBand[r]`), each listing the drawables of `quads` that
    /// touch its band, in painter's order: filed on this thread, one drawable after another.
    private func fileDrawables(_ quads: PreparedQuadList, in regions: [PixelRect], heights: [Int], firstBand: [Int],
                               bands: Int) -> [[Int32]] {
        // The bins are moved out of the painter while they are filled: appending through the
        // stored property checks exclusive access to it at run time for every quad and band.
        var bins: [[Int32]] = []
        swap(&bins, &self.bins)
        if bins.count < bands { bins += Array(repeating: [], count: bands - bins.count) }
        for band in 0..<bands { bins[band].removeAll(keepingCapacity: true) }
        quads.entries.withUnsafeBufferPointer { entries in
            if regions.count <= 8 {
                for (index, entry) in entries.enumerated() {
                    for r in regions.indices {
                        Self.bin(index, entry, in: regions[r], height: heights[r], firstBand: firstBand[r], into: &bins)
                    }
                }
            } else {
                regionRows.file(regions)
                for (index, entry) in entries.enumerated() {
                    regionRows.forEachRegion(touchingRows: Int(entry.minY), Int(entry.maxY)) {
                        Self.bin(index, entry, in: regions[$0], height: heights[$0], firstBand: firstBand[$0], into: &bins)
                    }
                }
            }
        }
        self.bins = bins
        return bins
    }

    /// Files drawable `index` (`entry`) in the bin of each band of `region` its bounds touch (the
    /// region's bands are `height` rows each, from `bins[firstBand]`). Each band's bin lists its
    /// drawables in painter's order: they are filed in order, and one reaches a band through one
    /// rectangle only (the rectangles are disjoint).
    @inline(__always)
    private static func bin(_ index: Int, _ entry: PreparedQuadList.Entry, in region: PixelRect, height: Int, firstBand: Int,
                            into bins: inout [[Int32]]) {
        guard let (y0, y1) = entry.rowsTouched(columns: region.x, region.x + region.width,
                                               rows: region.y, region.y + region.height) else { return }
        let top = region.y
        for band in (y0 - top) / height...((y1 - 1 - top) / height) { bins[firstBand + band].append(Int32(index)) }
    }

    /// Bands of at least 8 rows, about four per thread so that uneven bands even out; a single
    /// band when there is little to paint, or when many rectangles already spread the work.
    private func bandHeight(rows: Int, quads: Int, regions: Int) -> Int {
        guard threadCount > 1, quads > 2 || rows > 256, regions < 4 * threadCount || rows > 64 else { return rows }
        return max(8, (rows + 4 * threadCount - 1) / (4 * threadCount))
    }
}

/// Rows `y0..<y1` of columns `x0..<x1`: one unit of painting.
private struct Band: Sendable {
    var x0: Int, x1: Int, y0: Int, y1: Int
}

/// The drawables one band paints, filed by the band's own thread (`BandJob.fileDrawables`).
/// Unchecked: during a frame's painting each bin is written and read by its band's thread only,
/// and before and after by the painter's thread (`DispatchQueue.concurrentPerform` returns after
/// every band has finished).
private final class BandBin: @unchecked Sendable {
    var indices: [Int32] = []
}

/// One frame's banded painting: read-only inputs and the buffer the bands write disjoint pixels of.
private final class BandJob: Sendable {
    let quads: PreparedQuadList
    let clips: [PreparedClip]
    /// The bins filed before the bands started (a region of several rectangles), or nil: then
    /// each band files its own into its `bandBins`.
    let bins: [[Int32]]?
    let bandBins: [BandBin]
    let buffer: PixelBuffer
    let bands: [Band]
    let clear: UInt32?
    let finishRows: (@Sendable (Range<Int>, Range<Int>) -> Void)?
    let usesWideSpriteKernel: Bool

    init(quads: PreparedQuadList, clips: [PreparedClip], bins: [[Int32]]?, bandBins: [BandBin], buffer: PixelBuffer,
         bands: [Band], clear: UInt32?, finishRows: (@Sendable (Range<Int>, Range<Int>) -> Void)?,
         usesWideSpriteKernel: Bool) {
        self.quads = quads; self.clips = clips; self.bins = bins; self.bandBins = bandBins; self.buffer = buffer
        self.bands = bands
        self.clear = clear; self.finishRows = finishRows; self.usesWideSpriteKernel = usesWideSpriteKernel
    }

    /// The indices of the drawables whose bounds touch `band`, in painter's order, filed into
    /// `bin` (which keeps its storage for the next frame): the drawables `BandPainter.bin`
    /// files there, found by the band's own thread instead of the painter's, which would file
    /// every drawable of the list (about 150 instructions each) while the other threads wait.
    private func fileDrawables(of band: Band, into bin: BandBin) -> [Int32] {
        var indices: [Int32] = []
        swap(&indices, &bin.indices)
        indices.removeAll(keepingCapacity: true)
        let y0 = band.y0, y1 = band.y1, x0 = band.x0, x1 = band.x1
        quads.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                if entries[index].rowsTouched(columns: x0, x1, rows: y0, y1) != nil {
                    indices.append(Int32(truncatingIfNeeded: index))
                }
            }
        }
        bin.indices = indices
        return indices
    }

    /// How many drawables ahead of the one painted a sprite's record is prefetched.
    private static let spritesAhead = 2

    func paint(band index: Int) {
        let band = bands[index]
        let y0 = band.y0, y1 = band.y1, x0 = band.x0, x1 = band.x1
        guard y0 < y1 else { return }
        if let clear {
            for y in y0..<y1 { buffer.fill(row: y, from: x0, to: x1, with: clear) }
        }
        clips.withUnsafeBufferPointer { clipPointer in
            var painter = QuadPainter(clips: clipPointer, columnLimit: x1)
            painter.usesWideKernel = usesWideSpriteKernel
            if !clips.isEmpty { painter.clipSpans = ClipSpanCache(columns: x0..<x1, rows: y0..<y1,
                                                                    solvesWide: usesWideSpriteKernel && processorRunsWideSpriteKernel) }
            let bin = bins?[index] ?? fileDrawables(of: band, into: bandBins[index])
            defer { painter.clipSpans?.deallocate() }
            quads.entries.withUnsafeBufferPointer { entries in
                // Only general quads read which pixels still hold the clear colour (`ClearedRows`):
                // the drawables after the band's last one note nothing (S4's sprites, about 200
                // instructions each), and a band without one keeps no rows at all.
                let lastGeneral = clear == nil ? -1 : (bin.lastIndex { entries[Int($0)].record >= 0 } ?? -1)
                let cleared = lastGeneral >= 0 ? clear.map { ClearedRows(clear: $0, rows: y0..<y1) } : nil
                defer { cleared?.deallocate() }
                painter.clearedRows = cleared
                quads.quads.withUnsafeBufferPointer { general in
                    // The sprites' storage lives while `quads` (this job's) does.
                    let sprites = quads.spriteRecords
                    for (position, entryIndex) in bin.enumerated() {
                        if position == lastGeneral + 1 { painter.clearedRows = nil }
                        if position + Self.spritesAhead < bin.count {
                            let ahead = entries[Int(bin[position + Self.spritesAhead])].record
                            if ahead < 0 { PreparedSprite.prefetch(sprites.unsafelyUnwrapped + Int(~ahead)) }
                        }
                        let entry = entries[Int(entryIndex)]
                        let top = max(y0, Int(entry.minY))
                        let rows = top..<max(top, min(y1, Int(entry.maxY)))
                        if entry.record >= 0 {
                            painter.paint(general.baseAddress! + Int(entry.record), rows: rows, from: x0, to: x1, into: buffer)
                        } else {
                            painter.paint(sprites.unsafelyUnwrapped + Int(~entry.record), rows: rows, from: x0, to: x1, into: buffer)
                        }
                    }
                }
            }
        }
        finishRows?(y0..<y1, x0..<x1)
    }
}
