import Foundation
import CoreGraphics

/// The work of `DamageTracker`: compares two frames drawable by drawable, keeping its buffers
/// between frames so that a frame's comparison allocates nothing per drawable.
///
/// Commands are compared field by field first; clip chains only where a clip index differs or
/// the clips themselves changed, and then once per clip (memoised), not once per command.
struct FrameComparison: Sendable {
    /// Where each top-level drawable starts, plus the end of the last one.
    private var oldStarts: [Int] = [], newStarts: [Int] = []
    /// Per clip index of the new frame: 0 not yet known, 1 its chain equals the old frame's
    /// chain at the same index, 2 it differs.
    private var chainState: [UInt8] = []
    private var clipsIdentical = true
    private var path: [Int] = []
    private var rects: [PixelRect] = []
    /// For each of `rects`, the first drawable of the new frame drawn over the change: a
    /// backdrop quad at an earlier drawable does not see it (`UnchangedBackdrop`).
    private var rectOrigins: [Int] = []
    /// The backdrops the last comparison found unchanged.
    private(set) var unchangedBackdrops: [UnchangedBackdrop] = []

    /// The region that differs between two frames of the same canvas size. `oldWasLastNew`:
    /// `old` is the `new` of the previous call, whose drawables are known already.
    mutating func damage(from old: DrawList, to new: DrawList, maximumRectangles: Int,
                         oldWasLastNew: Bool = false) -> [PixelRect] {
        let canvas = PixelRect(x: 0, y: 0, width: new.pixelWidth, height: new.pixelHeight)
        if oldWasLastNew && newStarts.last == old.commands.count {
            swap(&oldStarts, &newStarts)
        } else {
            Self.split(old.commands, into: &oldStarts)
        }
        // A list that repeats the last one's nesting (`DrawListContinuity`) has its drawables.
        let changed = DrawListContinuity.changedRanges(from: old.continuity, to: new.continuity, count: new.commands.count)
            .flatMap { old.commands.count == new.commands.count
                && DrawListTree.nestAlike(old.commands, new.commands, differingOnlyIn: $0) ? $0 : nil }
        if changed != nil {
            newStarts = oldStarts
        } else {
            Self.split(new.commands, into: &newStarts)
        }
        clipsIdentical = old.clips == new.clips
        if !clipsIdentical {
            chainState.removeAll(keepingCapacity: true)
            chainState.append(contentsOf: repeatElement(0, count: new.clips.count))
        }
        rects.removeAll(keepingCapacity: true)
        rectOrigins.removeAll(keepingCapacity: true)
        unchangedBackdrops.removeAll(keepingCapacity: true)
        var prefix = 0, suffix = 0
        let oldCount = oldStarts.count - 1, newCount = newStarts.count - 1
        var bounded = true
        // Ranges the producer repeated unchanged need no comparison (`DrawListContinuity`).
        let unchanged = DrawListContinuity.unchangedRanges(from: old, to: new)
        var cursor = 0
        old.commands.withUnsafeBufferPointer { a in
            new.commands.withUnsafeBufferPointer { b in
                if let changed {
                    // Only the drawables holding a changed command can differ.
                    bounded = compareDrawables(holding: changed, a, in: old, b, in: new, canvas: canvas)
                } else if oldCount == newCount {
                    // Aligned frames (the common case: the same layers, some of them changed): pair
                    // drawables by position, so changes far apart do not damage everything between.
                    for k in 0..<newCount {
                        if isUnchanged(k, in: unchanged, cursor: &cursor) || same(k, a, in: old, k, b, in: new) { continue }
                        guard addBounds(of: k, starts: oldStarts, in: old, canvas: canvas, origin: k),
                              addBounds(of: k, starts: newStarts, in: new, canvas: canvas, origin: k) else { bounded = false; break }
                    }
                } else {
                    while prefix < oldCount, prefix < newCount, same(prefix, a, in: old, prefix, b, in: new) { prefix += 1 }
                    while suffix < oldCount - prefix, suffix < newCount - prefix,
                          same(oldCount - 1 - suffix, a, in: old, newCount - 1 - suffix, b, in: new) { suffix += 1 }
                    for k in prefix..<(oldCount - suffix) where bounded {
                        bounded = addBounds(of: k, starts: oldStarts, in: old, canvas: canvas, origin: prefix)
                    }
                    for k in prefix..<(newCount - suffix) where bounded {
                        bounded = addBounds(of: k, starts: newStarts, in: new, canvas: canvas, origin: prefix)
                    }
                }
            }
        }
        guard bounded else { return [canvas] }
        if new.mayReadBackdrop {
            findUnchangedBackdrops(old: old, new: new, aligned: changed != nil || oldCount == newCount, prefix: prefix, suffix: suffix)
        }
        return DamageRegion.coalesce(rects, maximumCount: maximumRectangles)
    }

    /// Adds the bounds of every drawable holding a command in `changed` (sorted, disjoint) that
    /// differs between the frames, which share their drawables' starts; false when one cannot
    /// be bounded.
    private mutating func compareDrawables(holding changed: [Range<Int>], _ a: UnsafeBufferPointer<DrawCommand>, in old: DrawList,
                                           _ b: UnsafeBufferPointer<DrawCommand>, in new: DrawList, canvas: PixelRect) -> Bool {
        let count = newStarts.count - 1
        var last = -1
        for range in changed {
            // The drawable holding the range's first command: the last one starting at or before it.
            var low = 0, high = count
            while low < high {
                let middle = (low + high + 1) / 2
                if newStarts[middle] <= range.lowerBound { low = middle } else { high = middle - 1 }
            }
            var k = max(low, last + 1)
            while k < count, newStarts[k] < range.upperBound {
                last = k
                if !same(k, a, in: old, k, b, in: new) {
                    guard addBounds(of: k, starts: oldStarts, in: old, canvas: canvas, origin: k),
                          addBounds(of: k, starts: newStarts, in: new, canvas: canvas, origin: k) else { return false }
                }
                k += 1
            }
        }
        return true
    }

    /// Whether drawable `k`, at the same commands in both frames, lies inside one of the
    /// sorted `ranges`; `cursor` moves through them as `k` grows.
    private func isUnchanged(_ k: Int, in ranges: [Range<Int>], cursor: inout Int) -> Bool {
        let start = newStarts[k], end = newStarts[k + 1]
        guard oldStarts[k] == start, oldStarts[k + 1] == end else { return false }
        while cursor < ranges.count, ranges[cursor].upperBound <= start { cursor += 1 }
        return cursor < ranges.count && ranges[cursor].lowerBound <= start && end <= ranges[cursor].upperBound
    }

    /// The start of each top-level drawable of `commands` and the end of the last; an
    /// unbalanced tail forms one drawable, a stray `.endGroup` one of its own.
    private static func split(_ commands: [DrawCommand], into starts: inout [Int]) {
        starts.removeAll(keepingCapacity: true)
        var depth = 0
        commands.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                if depth <= 0 { starts.append(index); depth = 0 }
                switch buffer[index] {
                case .beginGroup: depth += 1
                case .endGroup: depth -= 1
                case .quad, .beginMask: break
                }
            }
        }
        starts.append(commands.count)
    }

    /// Whether drawable `i` of `old` (commands `a`) paints the same pixels as drawable `j` of
    /// `new` (commands `b`). Commands whose bytes are identical (the same values, the same
    /// images and gradient storage) are equal without a field-by-field comparison or a copy;
    /// the others are compared as values, clip chains included.
    private mutating func same(_ i: Int, _ a: UnsafeBufferPointer<DrawCommand>, in old: DrawList,
                               _ j: Int, _ b: UnsafeBufferPointer<DrawCommand>, in new: DrawList) -> Bool {
        let a0 = oldStarts[i], b0 = newStarts[j], count = oldStarts[i + 1] - a0
        guard count == newStarts[j + 1] - b0 else { return false }
        guard count > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        let size = MemoryLayout<DrawCommand>.size
        for k in 0..<count {
            let x = pa + (a0 + k), y = pb + (b0 + k)
            if memcmp(x, y, size) == 0, clipsIdentical || !hasClip(x.pointee) { continue }
            if !sameCommand(x.pointee, old, y.pointee, new) { return false }
        }
        return true
    }

    /// Whether a command refers to a clip (bytes-identical commands then need their chains compared).
    @inline(__always)
    private func hasClip(_ command: DrawCommand) -> Bool {
        switch command {
        case .quad(let quad): quad.clipIndex != nil
        case .beginGroup(let group): group.clipIndex != nil
        case .beginMask, .endGroup: false
        }
    }

    @inline(__always)
    private mutating func sameCommand(_ x: DrawCommand, _ old: DrawList, _ y: DrawCommand, _ new: DrawList) -> Bool {
        switch x {
        case .quad(let a):
            guard case .quad(let b) = y, a == b else { return false }
            return sameClips(a.clipIndex, old, b.clipIndex, new)
        case .beginGroup(let a):
            guard case .beginGroup(let b) = y, a == b else { return false }
            return sameClips(a.clipIndex, old, b.clipIndex, new)
        case .beginMask:
            if case .beginMask = y { return true }
            return false
        case .endGroup:
            if case .endGroup = y { return true }
            return false
        }
    }

    /// Whether the clip chain at `a` in `old` equals the one at `b` in `new`.
    @inline(__always)
    private mutating func sameClips(_ a: Int32?, _ old: DrawList, _ b: Int32?, _ new: DrawList) -> Bool {
        if a == b {
            guard let index = a, !clipsIdentical else { return true }
            return sameChain(at: index, old.clips, new.clips)
        }
        return old.clipChain(from: a).elementsEqual(new.clipChain(from: b))
    }

    /// Whether the chain from `index` is the same in both frames, remembered for every clip walked.
    private mutating func sameChain(at index: Int32, _ old: [Clip], _ new: [Clip]) -> Bool {
        path.removeAll(keepingCapacity: true)
        var next: Int32? = index
        var result = true
        while let current = next {
            let k = Int(current)
            if k < 0 || (k >= new.count && k >= old.count) { break }
            if k < chainState.count, chainState[k] != 0 { result = chainState[k] == 1; break }
            guard k < old.count, k < new.count, old[k] == new[k] else { result = false; path.append(k); break }
            path.append(k)
            if path.count > new.count { break } // a loop of equal clips
            next = new[k].parentIndex
        }
        for k in path where k < chainState.count { chainState[k] = result ? 1 : 2 }
        return result
    }

    /// Records the canvas-level backdrop quads of `new` whose backdrop no change touches
    /// (`UnchangedBackdrop`): the quad's drawable is one both frames share (paired by position
    /// when `aligned`, else in the common `prefix` or `suffix` of equal drawables), and no
    /// damage rectangle of a drawable before it meets the pixels its filters read.
    private mutating func findUnchangedBackdrops(old: DrawList, new: DrawList, aligned: Bool, prefix: Int, suffix: Int) {
        let oldCount = oldStarts.count - 1, newCount = newStarts.count - 1
        for k in 0..<newCount where newStarts[k + 1] - newStarts[k] == 1 {
            guard case .quad(let quad) = new.commands[newStarts[k]], let backdrop = quad.backdrop else { continue }
            let previous: Int
            if aligned || k < prefix {
                previous = k
            } else if k >= newCount - suffix {
                previous = k - newCount + oldCount
            } else {
                continue
            }
            let source = backdrop.sourcePixels(of: quad, width: new.pixelWidth, height: new.pixelHeight)
            let touched = zip(rects, rectOrigins).contains { rect, origin in origin <= k && !rect.intersection(source).isEmpty }
            guard !touched, oldStarts[previous + 1] - oldStarts[previous] == 1 else { continue }
            unchangedBackdrops.append(UnchangedBackdrop(previousCommand: oldStarts[previous], command: newStarts[k]))
        }
    }

    /// Adds the canvas pixels drawable `k` can touch, changed under the new frame's drawable
    /// `origin` and those after it; false when they cannot be bounded.
    private mutating func addBounds(of k: Int, starts: [Int], in list: DrawList, canvas: PixelRect, origin: Int) -> Bool {
        guard starts[k] < starts[k + 1] else { return true }
        let bounds: CGRect?, clipIndex: Int32?
        switch list.commands[starts[k]] {
        case .quad(let quad): bounds = DamageBounds.of(quad); clipIndex = quad.clipIndex
        case .beginGroup(let group): bounds = DamageBounds.of(group); clipIndex = group.clipIndex
        case .beginMask, .endGroup: return true
        }
        guard let bounds else { return false }
        let r = DamageBounds.clipped(bounds, by: clipIndex, in: list).intersection(canvas)
        if !r.isEmpty {
            rects.append(r)
            rectOrigins.append(origin)
        }
        return true
    }
}
