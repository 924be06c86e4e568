import Dispatch
@_spi(RenderTables) import QuartzCoreModel

/// Many sublayers sorted by depth (S3's cards turning in perspective): each one's depth is
/// found from its presentation state and its map to the superlayer, as `DepthSorter.item` finds
/// it, in parts on as many threads as the frame flattens runs in, each part writing the depths
/// of its own sublayers only, and sorting them (`DepthSorter.sortInRuns`); the parts' orders
/// are then merged on the calling thread: the order is `DepthSorter.byDepth(_:)`'s (depth then
/// index is a strict total order without NaN, and a part that meets NaN or too many runs leaves
/// the whole to `byDepth`). Nothing is allocated per sublayer.
extension FrameFlattener {
    /// The sublayers `ordered` (in paint order, more than `DepthSorter.planeTestLimit`) of the
    /// flattening layer `p` back to front by depth alone, as
    /// `DepthSorter.backToFront(_:)` orders so many: their paint order when
    /// `liesInPaintOrder(_:)` says the sort would keep it.
    func sortedByDepth(_ ordered: [UInt64], of p: PlacedLayer) -> [UInt64] {
        let count = ordered.count
        // Not filled first (four passes over 800 KB each at S3's 100,000): each part writes every
        // entry of its range before it is read (`evaluate`, `sortInRuns`).
        var depths = Self.unfilled(Double.self, count: count)
        var planeZs = Self.unfilled(CGFloat.self, count: count)
        // Each part's sublayers by depth (global indices), and whether the part could sort them.
        var order = Self.unfilled(Int.self, count: count), scratch = Self.unfilled(Int.self, count: count)
        var sorted = [Bool](repeating: false, count: 1)
        let context = p.sublayerContext(clip: nil)
        let partCount = partCount(for: count)
        let bounds = (0...partCount).map { count * $0 / partCount } // `range(ofPart:of:count:)`'s bounds
        if partCount > 1 { sorted = [Bool](repeating: false, count: partCount) }
        depths.withUnsafeMutableBufferPointer { depths in
            planeZs.withUnsafeMutableBufferPointer { planeZs in
                order.withUnsafeMutableBufferPointer { order in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        sorted.withUnsafeMutableBufferPointer { sorted in
                            let shared = DepthParts(ids: ordered, depths: depths, planeZs: planeZs, order: order,
                                                    scratch: scratch, sorted: sorted, context: context)
                            guard partCount > 1 else {
                                shared.evaluate(0..<count, by: self)
                                return
                            }
                            let seed = partSeed
                            DispatchQueue.concurrentPerform(iterations: partCount) { part in
                                shared.evaluate(bounds[part]..<bounds[part + 1], by: FrameFlattener(part: seed))
                                shared.sort(part, bounds[part]..<bounds[part + 1])
                            }
                        }
                    }
                }
            }
        }
        if CATransform3DIsAffine(p.state.sublayerTransform), Self.liesInPaintOrder(planeZs) { return ordered }
        guard partCount > 1, !sorted.contains(false) else { return Self.ids(ordered, at: DepthSorter.byDepth(depths)) }
        // The parts' orders merged between the two buffers (`DepthSorter.mergeRuns`).
        let inScratch = depths.withUnsafeBufferPointer { d in
            order.withUnsafeMutableBufferPointer { order in
                scratch.withUnsafeMutableBufferPointer { DepthSorter.mergeRuns(d, bounds: bounds, order: order, scratch: $0) }
            }
        }
        return Self.ids(ordered, at: inScratch ? scratch : order)
    }

    /// An array of `count` plain values as the allocator gives them, to be written before read.
    private static func unfilled<Value: BitwiseCopyable>(_: Value.Type, count: Int) -> [Value] {
        [Value](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// `order.map { ids[$0] }`, reading through the buffers (the arrays' subscripts check each
    /// index: 17 instructions a card at S3's 100,000).
    private static func ids(_ ids: [UInt64], at order: [Int]) -> [UInt64] {
        ids.withUnsafeBufferPointer { ids in
            order.withUnsafeBufferPointer { order in
                [UInt64](unsafeUninitializedCapacity: order.count) { result, initialized in
                    for k in order.indices { result[k] = ids[order[k]] }
                    initialized = order.count
                }
            }
        }
    }
}

/// What the parts of `FrameFlattener.sortedByDepth(_:of:)` share: the sublayers, their
/// superlayer's context, and the buffers each part writes its own sublayers' entries of.
///
/// Unchecked Sendable: the buffers are arrays `sortedByDepth` holds until every part has
/// returned, and each part writes only the entries of the indices it is given.
private struct DepthParts: @unchecked Sendable {
    let ids: [UInt64]
    /// The depth of each sublayer (`DepthSorter.depth(_:scene:)`, -∞ for one missing).
    let depths: UnsafeMutableBufferPointer<Double>
    /// Where each sublayer lies when it keeps its superlayer's plane (`FrameFlattener.planeZ(of:)`),
    /// NaN from the first of its part that leaves paint order on (`write`).
    let planeZs: UnsafeMutableBufferPointer<CGFloat>
    /// Each part's sublayers by depth, at their part's indices (`sort`).
    let order: UnsafeMutableBufferPointer<Int>
    /// Where each part merges its runs (`DepthSorter.sortInRuns`), at its indices.
    let scratch: UnsafeMutableBufferPointer<Int>
    /// Whether each part sorted its sublayers.
    let sorted: UnsafeMutableBufferPointer<Bool>
    let context: ParentContext

    /// Writes the entries of sublayer `index`, whose presentation state `box` holds, placed in
    /// `context` (the superlayer's, read once for the part); `plain` when the superlayer adds
    /// nothing to its sublayers' placement, so that `FrameFlattener.toSuperlayer` would be
    /// `LayerGeometry.toPosition(of:)`, whose depth `DepthSorter.depth(of:minimumW:)` finds
    /// without it (`minimumW`: `CATransform3D.minimumProjectedW`, read once for the part).
    ///
    /// `lastPlaneZ` is the plane z written for the part's last sublayer, NaN once they left
    /// paint order (a NaN or a smaller z: `FrameFlattener.liesInPaintOrder(_:)` is false then,
    /// whatever follows), after which each is written NaN without reading its transform.
    @inline(__always)
    private func write(_ index: Int, box: LayerStateBox, in context: ParentContext, plain: Bool, minimumW: CGFloat,
                       lastPlaneZ: inout CGFloat) {
        depths[index] = plain ? DepthSorter.depth(of: box, minimumW: minimumW)
            : DepthSorter.depth(box.value.bounds, scene: FrameFlattener.toSuperlayer(box, in: context))
        if !lastPlaneZ.isNaN {
            let z = FrameFlattener.planeZ(of: box)
            lastPlaneZ = z >= lastPlaneZ ? z : .nan
        }
        planeZs[index] = lastPlaneZ
    }

    /// Sorts the sublayers `range` of part `part` by depth into `order[range]`, once evaluated
    /// (`DepthSorter.sortInRuns`), and notes whether it could.
    func sort(_ part: Int, _ range: Range<Int>) {
        sorted[part] = DepthSorter.sortInRuns(UnsafeBufferPointer(depths), range, order: order, scratch: scratch)
    }

    /// Evaluates the sublayers `range` as `flattener` places them and writes their entries.
    func evaluate(_ range: Range<Int>, by flattener: FrameFlattener) {
        let layers = flattener.facts.layers
        // Read once: the context of `self` read in the loop is copied for each sublayer.
        let context = context
        // `FrameFlattener.toSuperlayer`'s test.
        let plain = !context.superlayerAddsGeometry || context.stateStorage == nil
        let minimumW = CATransform3D.minimumProjectedW
        var lastPlaneZ = -CGFloat.infinity
        for index in range {
            // Read where the table keeps it: a copy would retain and release its box and lists.
            let found: Void? = layers.withValue(ids[index]) { layer in
                guard layer.pointee.animations.isEmpty else {
                    // Evaluated again where it is placed (the presentation box is filled again).
                    write(index, box: flattener.presentationStorage(of: layer.pointee, parentTime: context.time).0,
                          in: context, plain: plain, minimumW: minimumW, lastPlaneZ: &lastPlaneZ)
                    return
                }
                // The committed state itself (`presentationStorage`'s answer), read in place and
                // not retained (the table holds the layer, the layer its box).
                Unmanaged.passUnretained(layer.pointee.stateStorage)._withUnsafeGuaranteedRef {
                    write(index, box: $0, in: context, plain: plain, minimumW: minimumW, lastPlaneZ: &lastPlaneZ)
                }
            }
            if found == nil {
                depths[index] = -.infinity
                planeZs[index] = .nan
                lastPlaneZ = .nan
            }
        }
    }
}
