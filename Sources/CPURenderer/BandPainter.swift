import CompositorCore
import Foundation

/// Paints a list of prepared quads into a pixel buffer on every core: the rows are cut into
/// horizontal bands, each quad is binned into the bands its bounds touch, and each band paints
/// its quads in painter's order (so no two threads ever write the same pixel).
final class BandPainter {
    let threadCount: Int
    private var bins: [[Int32]] = []

    init(threadCount: Int) { self.threadCount = max(1, threadCount) }

    /// Clears `region` of `buffer` to `clear` (when given), paints `quads` inside it, then hands
    /// each finished band of rows to `finishRows` (from the band's thread).
    func paint(_ quads: [PreparedQuad], clips: [PreparedClip], into buffer: PixelBuffer, region: PixelRect,
               clear: UInt32?, finishRows: (@Sendable (Range<Int>) -> Void)? = nil) {
        guard !region.isEmpty else { return }
        let bandHeight = bandHeight(rows: region.height, quads: quads.count)
        let bandCount = (region.height + bandHeight - 1) / bandHeight
        if bins.count < bandCount { bins += Array(repeating: [], count: bandCount - bins.count) }
        for band in 0..<bandCount { bins[band].removeAll(keepingCapacity: true) }
        let top = region.y, bottom = region.y + region.height
        for (index, quad) in quads.enumerated() {
            let y0 = max(quad.bounds.1, top), y1 = min(quad.bounds.3, bottom)
            guard y0 < y1, quad.bounds.0 < region.x + region.width, quad.bounds.2 > region.x else { continue }
            for band in (y0 - top) / bandHeight...((y1 - 1 - top) / bandHeight) { bins[band].append(Int32(index)) }
        }
        let job = BandJob(quads: quads, clips: clips, bins: bins, buffer: buffer, region: region,
                          bandHeight: bandHeight, clear: clear, finishRows: finishRows)
        if bandCount == 1 || threadCount == 1 {
            for band in 0..<bandCount { job.paint(band: band) }
        } else {
            DispatchQueue.concurrentPerform(iterations: bandCount) { job.paint(band: $0) }
        }
    }

    /// Bands of at least 8 rows, about four per thread so that uneven bands even out; a single
    /// band when there is little to paint.
    private func bandHeight(rows: Int, quads: Int) -> Int {
        guard threadCount > 1, quads > 2 || rows > 256 else { return rows }
        return max(8, (rows + 4 * threadCount - 1) / (4 * threadCount))
    }
}

/// One frame's banded painting: read-only inputs and the buffer the bands write disjoint rows of.
private final class BandJob: Sendable {
    let quads: [PreparedQuad]
    let clips: [PreparedClip]
    let bins: [[Int32]]
    let buffer: PixelBuffer
    let region: PixelRect
    let bandHeight: Int
    let clear: UInt32?
    let finishRows: (@Sendable (Range<Int>) -> Void)?

    init(quads: [PreparedQuad], clips: [PreparedClip], bins: [[Int32]], buffer: PixelBuffer, region: PixelRect,
         bandHeight: Int, clear: UInt32?, finishRows: (@Sendable (Range<Int>) -> Void)?) {
        self.quads = quads; self.clips = clips; self.bins = bins; self.buffer = buffer; self.region = region
        self.bandHeight = bandHeight; self.clear = clear; self.finishRows = finishRows
    }

    func paint(band: Int) {
        let y0 = region.y + band * bandHeight, y1 = min(y0 + bandHeight, region.y + region.height)
        guard y0 < y1 else { return }
        let x0 = region.x, x1 = region.x + region.width
        if let clear {
            for y in y0..<y1 { buffer.fill(row: y, from: x0, to: x1, with: clear) }
        }
        clips.withUnsafeBufferPointer { clipPointer in
            let painter = QuadPainter(clips: clipPointer, rowWidth: buffer.width)
            quads.withUnsafeBufferPointer { quadPointer in
                for index in bins[band] {
                    let quad = quadPointer.baseAddress! + Int(index)
                    let bounds = quad.pointee.bounds
                    for y in max(y0, bounds.1)..<max(max(y0, bounds.1), min(y1, bounds.3)) {
                        painter.paint(quad, row: y, from: x0, to: x1, into: buffer.row(y))
                    }
                }
            }
        }
        finishRows?(y0..<y1)
    }
}
