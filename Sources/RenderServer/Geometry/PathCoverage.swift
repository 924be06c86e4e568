import CompositorCore
import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// The coverage of a filled path as an image: white, premultiplied, alpha = the share of the
/// pixel inside the path under the non-zero winding rule (how `shadowPath` fills), sampled on
/// a 4 x 4 grid per pixel.
struct PathCoverage {
    /// The image.
    let image: CGImage
    /// The rectangle of the path's space the image covers.
    let rect: CGRect

    /// Samples per pixel along each axis.
    static let samplesPerAxis = 4

    /// Rasterizes `path` at `scale` pixels per unit; nil for an empty path or an image of more
    /// than `GroupGeometry.maximumPixelSize` pixels on a side.
    init?(path: CGPath, scale: CGFloat) {
        let box = path.boundingBoxOfPath
        guard !box.isNull, scale > 0, scale.isFinite, box.minX.isFinite, box.minY.isFinite,
              box.maxX.isFinite, box.maxY.isFinite else { return nil }
        let x0 = (box.minX * scale).rounded(.down), y0 = (box.minY * scale).rounded(.down)
        let width = max(1, Int((box.maxX * scale).rounded(.up) - x0))
        let height = max(1, Int((box.maxY * scale).rounded(.up) - y0))
        guard width <= GroupGeometry.maximumPixelSize, height <= GroupGeometry.maximumPixelSize else { return nil }
        let edges = Self.edges(of: path, scale: scale, originX: x0, originY: y0)
        let counts = Self.sampleCounts(edges: edges, width: width, height: height)
        let full = Self.samplesPerAxis * Self.samplesPerAxis
        var pixels = Data(count: width * height * 4)
        pixels.withUnsafeMutableBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for (index, count) in counts.enumerated() where count > 0 {
                let alpha = UInt8((Int(count) * 255 + full / 2) / full)
                for channel in 0..<4 { bytes[index * 4 + channel] = alpha }
            }
        }
        guard let image = CGImage(width: width, height: height, bytesPerRow: width * 4, data: pixels) else { return nil }
        self.image = image
        rect = CGRect(x: x0 / scale, y: y0 / scale, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
    }

    /// A directed edge in image pixels.
    private struct Edge {
        var x0: CGFloat, y0: CGFloat, x1: CGFloat, y1: CGFloat
    }

    /// The path's closed polygons (flattened to a tenth of a pixel) as edges in image pixels.
    private static func edges(of path: CGPath, scale: CGFloat, originX: CGFloat, originY: CGFloat) -> [Edge] {
        var edges: [Edge] = []
        for subpath in path.flattened(tolerance: 0.1 / scale) where subpath.points.count > 1 {
            let points = subpath.points.map { CGPoint(x: $0.x * scale - originX, y: $0.y * scale - originY) }
            for (index, a) in points.enumerated() {
                let b = points[(index + 1) % points.count]
                if a.y != b.y { edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y)) }
            }
        }
        return edges
    }

    /// How many of each pixel's samples lie inside (non-zero winding), row by row.
    private static func sampleCounts(edges: [Edge], width: Int, height: Int) -> [UInt8] {
        let n = samplesPerAxis
        var counts = [UInt8](repeating: 0, count: width * height)
        var crossings: [(x: CGFloat, winding: Int)] = []
        for row in 0..<height {
            for sub in 0..<n {
                let y = CGFloat(row) + (CGFloat(sub) + 0.5) / CGFloat(n)
                crossings.removeAll(keepingCapacity: true)
                for e in edges where min(e.y0, e.y1) <= y && y < max(e.y0, e.y1) {
                    let x = e.x0 + (y - e.y0) * (e.x1 - e.x0) / (e.y1 - e.y0)
                    crossings.append((x, e.y1 > e.y0 ? 1 : -1))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for (index, crossing) in crossings.enumerated() {
                    winding += crossing.winding
                    guard winding != 0, index + 1 < crossings.count else { continue }
                    // Samples of this sub-row sit at x = (j + 0.5) / n for j = 0 ..< width * n.
                    let first = max(0, Int((crossing.x * CGFloat(n) - 0.5).rounded(.up)))
                    let last = min(width * n, Int((crossings[index + 1].x * CGFloat(n) - 0.5).rounded(.up)))
                    guard first < last else { continue }
                    for j in first..<last { counts[row * width + j / n] &+= 1 }
                }
            }
        }
        return counts
    }
}

/// Coverage images of recent shadow paths, reused across frames so that the renderer sees the
/// same image object (and uploads it once) while the path and scale stay the same. Bounded to
/// `capacity` entries, least recently used evicted.
final class PathCoverageCache: Sendable {
    /// The cache shared by every renderer of the process.
    static let shared = PathCoverageCache()
    /// The most images kept.
    let capacity = 32

    private struct Key: Hashable {
        var path: CGPath
        var scale: CGFloat
    }
    private struct Entries {
        var images: [Key: (coverage: PathCoverage, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
    }
    private let entries = ThreadLock(Entries())

    /// The coverage of `path` at `scale` (rounded up to a sixteenth, so small changes of scale
    /// reuse the image), rasterizing it when it is not cached.
    func coverage(of path: CGPath, scale: CGFloat) -> PathCoverage? {
        let quantized = (scale * 16).rounded(.up) / 16
        // Looked up by value with the caller's path; only an inserted key keeps a copy of its own.
        let probe = Key(path: path, scale: quantized)
        if let hit = entries.withLock({ e -> PathCoverage? in
            e.clock &+= 1
            guard let found = e.images[probe] else { return nil }
            e.images[probe] = (found.coverage, e.clock)
            return found.coverage
        }) { return hit }
        let key = Key(path: path.copy() ?? path, scale: quantized)
        guard let made = PathCoverage(path: path, scale: quantized) else { return nil }
        entries.withLock { e in
            if e.images.count >= capacity, let oldest = e.images.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                e.images.removeValue(forKey: oldest.key)
            }
            e.images[key] = (made, e.clock)
        }
        return made
    }
}
