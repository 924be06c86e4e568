import Foundation
import CoreGraphics

/// Finds the pixels that differ between two consecutive flattened frames, so a renderer can
/// recomposite only those (issue 8: damage tracking).
///
/// Frames are compared as sequences of top-level drawables: a quad, or a whole group from its
/// `.beginGroup` to its `.endGroup` (quads compared with their resolved clip chains, since clip
/// indices alone say nothing). Frames with as many drawables are compared pair by pair; otherwise,
/// after the common prefix and suffix of equal drawables, every drawable left over in either
/// frame damages its canvas bounds: the old bounds where something
/// went away or moved from, the new where it arrived. A changed canvas size, clear colour or a
/// drawable that reaches behind the eye damages the whole canvas. The damage is returned as a
/// few disjoint rectangles, merged where merging costs fewer pixels than it saves work.
public struct DamageTracker: Sendable {
    /// The most rectangles a damage region is reduced to.
    public var maximumRectangles: Int
    /// The default of `maximumRectangles`: few enough passes, scattered changes kept apart.
    public static let defaultMaximumRectangles = 8

    private var previous: DrawList?
    /// The damage returned by the last call of `damage(for:)`.
    public private(set) var lastDamage: [PixelRect] = []

    /// Creates a tracker that has seen no frame; its first damage is the whole canvas.
    public init(maximumRectangles: Int = DamageTracker.defaultMaximumRectangles) {
        self.maximumRectangles = max(1, maximumRectangles)
    }

    /// Forgets the previous frame (after the target's pixels were lost), so the next frame is
    /// damaged everywhere.
    public mutating func reset() { previous = nil }

    /// The region of `list` that differs from the frame seen last, and remembers `list`.
    public mutating func damage(for list: DrawList) -> [PixelRect] {
        let canvas = PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight)
        if let previous, previous.pixelWidth == list.pixelWidth, previous.pixelHeight == list.pixelHeight,
           previous.clearColor == list.clearColor {
            lastDamage = Self.damage(from: previous, to: list, maximumRectangles: maximumRectangles)
        } else {
            lastDamage = canvas.isEmpty ? [] : [canvas]
        }
        previous = list
        return lastDamage
    }

    /// The region that differs between two frames of the same canvas size.
    public static func damage(from old: DrawList, to new: DrawList,
                              maximumRectangles: Int = DamageTracker.defaultMaximumRectangles) -> [PixelRect] {
        let canvas = PixelRect(x: 0, y: 0, width: new.pixelWidth, height: new.pixelHeight)
        let before = Drawable.split(old), after = Drawable.split(new)
        var rects: [PixelRect] = []
        if before.count == after.count {
            // Aligned frames (the common case: the same layers, some of them changed): pair
            // drawables by position, so changes far apart do not damage everything between.
            for (a, b) in zip(before, after) where !Drawable.same(a, in: old, b, in: new) {
                guard let ra = a.canvasBounds(in: old), let rb = b.canvasBounds(in: new) else { return [canvas] }
                rects.append(ra.intersection(canvas))
                rects.append(rb.intersection(canvas))
            }
            return DamageRegion.coalesce(rects.filter { !$0.isEmpty }, maximumCount: maximumRectangles)
        }
        var prefix = 0
        while prefix < before.count, prefix < after.count,
              Drawable.same(before[prefix], in: old, after[prefix], in: new) { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
              Drawable.same(before[before.count - 1 - suffix], in: old, after[after.count - 1 - suffix], in: new) {
            suffix += 1
        }
        for drawable in before[prefix..<(before.count - suffix)] {
            guard let r = drawable.canvasBounds(in: old) else { return [canvas] }
            rects.append(r.intersection(canvas))
        }
        for drawable in after[prefix..<(after.count - suffix)] {
            guard let r = drawable.canvasBounds(in: new) else { return [canvas] }
            rects.append(r.intersection(canvas))
        }
        return DamageRegion.coalesce(rects.filter { !$0.isEmpty }, maximumCount: maximumRectangles)
    }
}

/// One top-level drawable of a frame: a range of its commands.
private struct Drawable {
    let commands: ArraySlice<DrawCommand>

    /// The top-level drawables of a list, in order; an unbalanced tail forms one drawable.
    static func split(_ list: DrawList) -> [Drawable] {
        var result: [Drawable] = []
        var start = 0, depth = 0
        for (index, command) in list.commands.enumerated() {
            switch command {
            case .beginGroup: depth += 1
            case .endGroup: depth -= 1
            case .quad, .beginMask: break
            }
            if depth <= 0 {
                result.append(Drawable(commands: list.commands[start...index]))
                start = index + 1
                depth = 0
            }
        }
        if start < list.commands.count { result.append(Drawable(commands: list.commands[start...])) }
        return result
    }

    /// Whether two drawables paint the same pixels: equal commands and equal clip chains.
    static func same(_ a: Drawable, in listA: DrawList, _ b: Drawable, in listB: DrawList) -> Bool {
        guard a.commands.count == b.commands.count else { return false }
        for (x, y) in zip(a.commands, b.commands) {
            guard x == y else { return false }
            guard listA.clipChain(from: clipIndex(of: x)).elementsEqual(listB.clipChain(from: clipIndex(of: y))) else {
                return false
            }
        }
        return true
    }

    /// The index of the innermost clip a command is clipped by.
    private static func clipIndex(of command: DrawCommand) -> Int32? {
        switch command {
        case .quad(let quad): quad.clipIndex
        case .beginGroup(let group): group.clipIndex
        case .beginMask, .endGroup: nil
        }
    }

    /// The canvas pixels the drawable can touch, or nil when it cannot be bounded (a point
    /// behind the eye). A group is bounded by its composited rect (its content cannot leave it)
    /// grown by its shadow; a quad by its rect grown by its blur; both cut by their clips.
    func canvasBounds(in list: DrawList) -> PixelRect? {
        guard let first = commands.first else { return .empty }
        switch first {
        case .quad(let quad):
            let outset = CGFloat(max(0, quad.blurSigma) * 3)
            guard let r = Self.project(quad.rect.insetBy(dx: -outset, dy: -outset), quad.transform) else { return nil }
            return Self.clipped(r, by: quad.clipIndex, in: list)
        case .beginGroup(let group):
            var local = group.rect
            if let shadow = group.shadow, group.pixelWidth > 0, group.pixelHeight > 0 {
                // The shadow is offset and blurred in the group's pixels; grow the local rect by as much.
                let sx = group.rect.width / CGFloat(group.pixelWidth), sy = group.rect.height / CGFloat(group.pixelHeight)
                let blur = CGFloat(max(0, shadow.sigma) * 3)
                let shadowRect = group.rect.offsetBy(dx: CGFloat(shadow.offsetX) * sx, dy: CGFloat(shadow.offsetY) * sy)
                    .insetBy(dx: -blur * sx, dy: -blur * sy)
                local = local.union(shadowRect)
            }
            guard let r = Self.project(local, group.transform) else { return nil }
            return Self.clipped(r, by: group.clipIndex, in: list)
        case .beginMask, .endGroup:
            return .empty
        }
    }

    /// The bounding box of a rectangle's projected corners, grown by one pixel for antialiasing.
    private static func project(_ rect: CGRect, _ m: Matrix4) -> CGRect? {
        var box = CGRect.null
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)] {
            let p = m.transformHomogeneous(x: Double(x), y: Double(y))
            guard p.w > 1e-9 else { return nil }
            box = box.union(CGRect(x: p.x / p.w, y: p.y / p.w, width: 0, height: 0))
        }
        return box.insetBy(dx: -1, dy: -1)
    }

    /// `r` cut by the bounds of the clip chain starting at `index` (a clip whose projection
    /// cannot be bounded does not cut).
    private static func clipped(_ r: CGRect, by index: Int32?, in list: DrawList) -> PixelRect {
        var box = r
        for clip in list.clipChain(from: index) {
            if let clipBox = project(clip.rect, clip.transform) { box = box.intersection(clipBox) }
        }
        return PixelRect(enclosing: box)
    }
}

/// Reduces a set of damaged rectangles to a few.
public enum DamageRegion {
    /// Merges overlapping rectangles, then the pair whose union wastes the fewest pixels, until
    /// at most `maximumCount` remain.
    public static func coalesce(_ rects: [PixelRect], maximumCount: Int) -> [PixelRect] {
        var result: [PixelRect] = []
        for rect in rects { insert(rect, into: &result) }
        while result.count > maximumCount {
            var best = (i: 0, j: 1, waste: Int.max)
            for i in 0..<result.count {
                for j in (i + 1)..<result.count {
                    let u = result[i].union(result[j])
                    let waste = area(u) - area(result[i]) - area(result[j])
                    if waste < best.waste { best = (i, j, waste) }
                }
            }
            let merged = result[best.i].union(result[best.j])
            result.remove(at: best.j)
            result.remove(at: best.i)
            insert(merged, into: &result)
        }
        return result
    }

    /// Adds `rect`, absorbing every rectangle it overlaps (repeatedly, as the union grows).
    private static func insert(_ rect: PixelRect, into rects: inout [PixelRect]) {
        var merged = rect
        var changed = true
        while changed {
            changed = false
            if let index = rects.firstIndex(where: { !$0.intersection(merged).isEmpty }) {
                merged = merged.union(rects.remove(at: index))
                changed = true
            }
        }
        rects.append(merged)
    }

    private static func area(_ r: PixelRect) -> Int { r.width * r.height }
}
