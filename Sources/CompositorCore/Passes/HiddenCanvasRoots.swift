import CoreGraphics
import Foundation

/// The canvas drawables that an opaque quad drawn after them hides whole, left out of the frame.
///
/// A screen's background, then an app's opaque background over all of it, then the app's own
/// opaque backdrop (a full-screen gradient): each pixel is shaded once for every layer and only
/// the last one shows. Kiosk GPUs are bound by the fragments they shade (issue 31), so a plain
/// quad whose pixels all lie inside the pixels that a later quad replaces with coverage 1 and
/// alpha 1 is not drawn. The pixels do not change.
///
/// Backgrounds come first in painter's order, so only the first `scannedRoots` roots are looked
/// at: a frame of 100,000 sprites pays for 64 tests, not 100,000. A drawable that reads what lies
/// beneath it (a backdrop quad, a group with a blend formula, any group of a list that has such
/// readers) sees the quads before it, so a cover drawn after such a reader hides nothing before it.
public struct HiddenCanvasRoots: Sendable {
    /// How many roots, from the first, are looked at.
    public static let scannedRoots = 64

    /// The roots left to draw after the last `filter`, when it hid any.
    public private(set) var visible: [Int] = []
    /// How many roots the last `filter` left out.
    public private(set) var hiddenCount = 0
    /// The first roots of the last `filter` and whether each is hidden: storage kept from frame
    /// to frame, so that a frame allocates nothing here.
    private var head: [Int] = []
    private var isHidden: [Bool] = []

    /// Creates a filter with nothing hidden yet.
    public init() {}

    /// Fills `visible` with `roots` (node positions of `tree`, in painter's order) but for those
    /// a later opaque quad hides whole on a `width` x `height` canvas with `clips`; returns
    /// whether it left any out (when not, `visible` is not filled: draw `roots`).
    public mutating func filter<Roots: Collection<Int>>(_ roots: Roots, of tree: DrawListTree, clips: [Clip],
                                                        width: Int, height: Int) -> Bool {
        hiddenCount = 0
        head.removeAll(keepingCapacity: true)
        head.append(contentsOf: roots.prefix(Self.scannedRoots))
        guard head.count > 1 else { return false }
        isHidden.removeAll(keepingCapacity: true)
        isHidden.append(contentsOf: repeatElement(false, count: head.count))
        let canvas = PixelRect(x: 0, y: 0, width: width, height: height)
        // Walked back to front: `cover` is the largest opaque area drawn after the root at hand.
        var cover: PixelRect?
        for position in head.indices.reversed() {
            switch tree.nodes[head[position]] {
            case .group(let index):
                // A group may hold a backdrop reader whose visible edge blurs pixels from under
                // the cover: with any reader in the list, a group ends the cover.
                if tree.hasBackdrops || tree.groups[index].group.blendFormula != nil { cover = nil }
            case .quad(let commandIndex):
                guard case .quad(let quad) = tree.commands[commandIndex] else { continue }
                if quad.backdrop != nil {
                    cover = nil
                    continue
                }
                if let cover, let bounds = DamageBounds.of(quad).map(DamageBounds.pixels) {
                    let drawn = bounds.intersection(canvas)
                    if !drawn.isEmpty, cover.contains(drawn) {
                        isHidden[position] = true
                        hiddenCount += 1
                        continue
                    }
                }
                if let replaced = Self.replacedPixels(of: quad, clips: clips)?.intersection(canvas), !replaced.isEmpty,
                   replaced.area > cover?.area ?? 0 {
                    cover = replaced
                }
            }
        }
        guard hiddenCount > 0 else { return false }
        visible.removeAll(keepingCapacity: true)
        for position in head.indices where !isHidden[position] { visible.append(head[position]) }
        // The rest read through a concrete type: this function is not specialized for its callers
        // in other modules, and a generic walk of 100,000 roots costs milliseconds.
        if let range = roots as? Range<Int> {
            visible.append(contentsOf: range.dropFirst(head.count))
        } else if let array = roots as? [Int] {
            visible.append(contentsOf: array[head.count...])
        } else {
            visible.append(contentsOf: roots.dropFirst(head.count))
        }
        return true
    }

    /// The canvas pixels `quad` replaces whole (coverage 1, alpha 1, blended source-over or
    /// not at all), or nil: an untextured, unblurred, square-cornered quad of opaque colour or
    /// opaque gradient stops, at opacity 1, scaled and moved in the plane (no turn, flip or
    /// perspective), inside clips of the same kind.
    static func replacedPixels(of quad: Quad, clips: [Clip]) -> PixelRect? {
        guard quad.opacity >= 1, quad.blendMode == .sourceOver, quad.texture == nil, quad.blurSigma <= 0,
              quad.cornerRadii.isZero, quad.borderWidth <= 0 || quad.borderColor.alpha >= 1 else { return nil }
        if let gradient = quad.gradient {
            // Its colours extend beyond the first and last stops, so opaque stops fill the rect.
            guard !gradient.stops.isEmpty, gradient.stops.allSatisfy({ $0.alpha >= 1 }) else { return nil }
        } else if quad.fillColor.alpha < 1 {
            return nil
        }
        guard var box = innerPixels(of: quad.rect, transform: quad.transform) else { return nil }
        var clipIndex = quad.clipIndex
        var depth = 0
        while let index = clipIndex.map(Int.init) {
            // A chain too deep (or looping) for the renderers to apply whole: its pixels unknown.
            guard clips.indices.contains(index), depth < Clip.maximumDepth else { return nil }
            let clip = clips[index]
            guard clip.cornerRadii.isZero, let inner = innerPixels(of: clip.rect, transform: clip.transform) else { return nil }
            box = box.intersection(inner)
            clipIndex = clip.parentIndex
            depth += 1
        }
        return box.isEmpty ? nil : box
    }

    /// The pixels whose every point lies inside `rect` under `transform` at full coverage: the
    /// rect's pixels when its edges fall on pixel boundaries; otherwise those a pixel or more
    /// inside its edges, beyond any antialiasing ramp. Nil unless the transform only scales
    /// (by positive factors) and moves in the plane.
    static func innerPixels(of rect: CGRect, transform m: Matrix4) -> PixelRect? {
        guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1, m.m11 > 0, m.m22 > 0,
              !rect.isNull, !rect.isInfinite else { return nil }
        let r = rect.standardized
        let x0 = Double(r.minX) * m.m11 + m.m41, x1 = Double(r.maxX) * m.m11 + m.m41
        let y0 = Double(r.minY) * m.m22 + m.m42, y1 = Double(r.maxY) * m.m22 + m.m42
        func inward(_ low: Double, _ high: Double) -> (Int, Int)? {
            guard low.isFinite, high.isFinite, abs(low) < 1e9, abs(high) < 1e9 else { return nil }
            if low == low.rounded(), high == high.rounded() { return (Int(low), Int(high)) }
            return (Int((low + 1).rounded(.up)), Int((high - 1).rounded(.down)))
        }
        guard let (minX, maxX) = inward(x0, x1), let (minY, maxY) = inward(y0, y1) else { return nil }
        let box = PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        return box.isEmpty ? nil : box
    }
}

extension PixelRect {
    /// The pixels it covers.
    var area: Int { width * height }

    /// Whether every pixel of `other` lies in it.
    func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
