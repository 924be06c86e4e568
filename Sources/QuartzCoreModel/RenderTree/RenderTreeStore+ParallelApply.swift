import Dispatch
import Foundation
import QuartzCoreModelSupport

/// A commit of many layers (a scene moving every sprite) writes them into the render tree in
/// parts, one a processor: each layer's copy and summary live in slots of their own, and a
/// commit lists each layer once (`TransactionCommitter.collect`), so the parts never write
/// the same slot. What needs the commit's order (the list of changed layers, the placements'
/// superlayers) is done after them, in that order: the tree is the one a serial apply makes.
extension RenderTreeStore {
    /// The fewest layers a commit writes in parts, and the fewest each part writes: below it,
    /// starting the threads costs about what they save.
    static let applyPartMinimum = 2048

    /// The most parts a commit is written in: one a processor.
    static let defaultMaximumApplyParts = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// How many parts a commit's walk over `count` layers is cut into: at most `maximum`, each
    /// of at least `applyPartMinimum` layers; 1 (the calling thread alone) for fewer.
    static func applyPartCount(for count: Int, maximum: Int = defaultMaximumApplyParts) -> Int {
        max(1, min(maximum, count / applyPartMinimum))
    }

    /// The layers part `part` of `partCount` nearly equal parts of `count` layers takes.
    @inline(__always)
    static func applyPartRange(_ part: Int, of partCount: Int, count: Int) -> Range<Int> {
        (count * part / partCount)..<(count * (part + 1) / partCount)
    }
}

extension RenderTreeStore.Contents {
    /// The model layers `layers` (each ID below `idBound`), written into the tree as the serial
    /// loop of `RenderTreeStore.apply(committing:idsBelow:)` writes them, in `partCount` parts
    /// at once; their placements in order, and the runs each part wrote (for `settle`). The
    /// caller holds `LayerTreeLock` and this store's lock.
    mutating func writeInParts(_ layers: [Unmanaged<CALayer>], idsBelow idBound: UInt64, partCount: Int,
                               generation: UInt64)
        -> (placements: [RenderTreeStore.Placement], runs: [RenderTreeStore.PlacementRun]) {
        // Room up to the bound the caller knows, not the largest ID of the layers: finding that
        // was a walk over every layer object on the committing thread.
        let largestID = max(idBound, 1) - 1
        let count = layers.count
        var summariesAdded = 0
        var runs = [RenderTreeStore.PlacementRun](repeating: .init(covering: 0..<0), count: partCount)
        let placements = [RenderTreeStore.Placement](unsafeUninitializedCapacity: count) { placements, written in
            self.layers.withDenseSlots(through: largestID) { layerSlots in
                summaries.withDenseSlots(through: largestID) { summarySlots in
                    var added = [(layers: Int, summaries: Int)](repeating: (0, 0), count: partCount)
                    added.withUnsafeMutableBufferPointer { added in
                        runs.withUnsafeMutableBufferPointer { runs in
                            superlayers.withDenseSlotsForReading { superlayerSlots in
                                let shared = ApplyParts(layers: layers, layerSlots: layerSlots, summarySlots: summarySlots,
                                                        superlayerSlots: superlayerSlots, placements: placements,
                                                        added: added, runs: runs, generation: generation)
                                DispatchQueue.concurrentPerform(iterations: partCount) { part in
                                    shared.write(RenderTreeStore.applyPartRange(part, of: partCount, count: count), part: part)
                                }
                            }
                        }
                    }
                    written = count
                    summariesAdded = added.reduce(0) { $0 + $1.summaries }
                    return ((), added.reduce(0) { $0 + $1.layers })
                }
                return ((), summariesAdded)
            }
        }
        // A commit this large has usually dropped the list (`expectChanges`): nothing to walk.
        if changedSinceFrame != nil {
            for placement in placements { noteChanged(placement.id) }
        }
        return (placements, runs)
    }
}

/// What the parts of `RenderTreeStore.Contents.writeInParts` share: the commit's layers, the
/// tables' slots and the placements' and the runs' storage, each element written by one part
/// only.
///
/// Unchecked Sendable: the pointers are the buffers of the store's tables and of the
/// placements, held by `writeInParts` (under the store's lock and `LayerTreeLock`) until every
/// part has returned; each part writes only the slots of its own layers (a commit lists a layer
/// once), the placements at its own indices, its own counter and run, and only reads the
/// superlayers' table, which nothing writes meanwhile.
private struct ApplyParts: @unchecked Sendable {
    let layers: [Unmanaged<CALayer>]
    let layerSlots: UnsafeMutableBufferPointer<RenderLayer?>
    let summarySlots: UnsafeMutableBufferPointer<RenderLayerSummary?>
    /// The slots of the store's superlayers' table, read for `Placement.wasUnderSuperlayer`.
    let superlayerSlots: UnsafeBufferPointer<UInt64?>
    let placements: UnsafeMutableBufferPointer<RenderTreeStore.Placement>
    let added: UnsafeMutableBufferPointer<(layers: Int, summaries: Int)>
    /// Each part's run of placements (`RenderTreeStore.PlacementRun`), at the part's index.
    let runs: UnsafeMutableBufferPointer<RenderTreeStore.PlacementRun>
    let generation: UInt64

    /// Writes the layers at `range` of the commit, as part `part`.
    func write(_ range: Range<Int>, part: Int) {
        let stateStorageOffset = MemoryLayout<RenderLayer>.offset(of: \.stateStorage) ?? 0
        var run = RenderTreeStore.PlacementRun(covering: range.lowerBound..<range.lowerBound)
        defer { runs[part] = run }
        for index in range {
            fetchAhead(from: index, in: range, stateStorageOffset: stateStorageOffset)
            layers[index]._withUnsafeGuaranteedRef { layer in
                let id = Int(layer.layerID)
                assert(id < layerSlots.count, "a layer's ID is below the bound the commit gave")
                let slot = layerSlots.baseAddress.unsafelyUnwrapped + id
                if slot.pointee == nil { added[part].layers += 1 }
                let summary = summarySlots.baseAddress.unsafelyUnwrapped + id
                let previous = summary.pointee
                var placement = RenderTreeStore.write(layer, into: &slot.pointee, previousSummary: previous,
                                                      generation: generation)
                placement.wasUnderSuperlayer = id < superlayerSlots.count
                    && superlayerSlots[id] == placement.superlayerID
                if previous == nil { added[part].summaries += 1 }
                summary.pointee = placement.summary(generation: generation)
                (placements.baseAddress.unsafelyUnwrapped + index).initialize(to: placement)
                run.append(placement, at: index)
            }
        }
    }

    /// Asks for what writing the layers a few places after `index` reads: the layer object
    /// `layerLookahead` places ahead, and for the layer `linesLookahead` ahead (whose object was
    /// asked for earlier) the lines of its model fields and of its committed copy's state box
    /// that a commit of a moved layer touches (see `LayerState`). At N = 100,000 each is a miss
    /// to memory, and a layer's write reads them one after another.
    ///
    /// The box's address is read from the slot's bytes without looking at whether the slot
    /// holds a layer: for an empty slot it may be anything, which a prefetch ignores.
    @inline(__always)
    private func fetchAhead(from index: Int, in range: Range<Int>, stateStorageOffset: Int) {
        if index &+ Self.layerLookahead < range.upperBound {
            qc_prefetchRangeForReading(layers[index &+ Self.layerLookahead].toOpaque(), ChangedLayerList.layerBytesRead)
        }
        guard index &+ Self.linesLookahead < range.upperBound else { return }
        layers[index &+ Self.linesLookahead]._withUnsafeGuaranteedRef { layer in
            let fields = UnsafeRawPointer(Unmanaged.passUnretained(layer.lockedFields).toOpaque())
            qc_prefetchRangeForReading(fields, LayerLockedFields.placementEnd)
            let slot = UnsafeRawPointer(layerSlots.baseAddress.unsafelyUnwrapped + Int(layer.layerID))
            let box = slot.load(fromByteOffset: stateStorageOffset, as: UnsafeRawPointer?.self)
            if let box { qc_prefetchRangeForReading(box, LayerStateBox.movedLayerCommitBytes) }
        }
    }

    /// How many layers ahead `fetchAhead` asks for a layer object.
    private static let layerLookahead = 8

    /// How many layers ahead `fetchAhead` asks for a layer's fields and state box.
    private static let linesLookahead = 4
}
