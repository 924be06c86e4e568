import CompositorCore
import Dispatch
@_spi(RenderTables) import QuartzCoreModel

/// The join of a sublayer run's parts (`recordInParts`) for a part that drew every one of its
/// sublayers, none with clips of its own, and whose sublayers' cache records write their
/// entries alone (`RecordAlone`: S2's and S3's moved cards, frame after
/// frame): on the calling thread its commands are moved to the frame's list in one block and the
/// run's starts written; the cache records, which read each sublayer's entry (cold at 100,000
/// cards), are then written by the parts at once (`recordJoinedAlone`). Animated sublayers
/// drawn moved (S1-anim's) are recorded so too. The frame and the
/// entries are those of `join(_:of:ids:looked:missed:moved:in:contextSerial:cache:)`.
extension FrameFlattener {
    /// Where a part joined alone put its sublayers' commands.
    struct JoinedAlonePart: Sendable {
        /// The sublayers of the run the part drew.
        var range: Range<Int>
        /// Where each sublayer's commands ended in the part's list, and what became of it.
        var ends: [FlattenedRunPart.End]
        /// The index in the frame's commands of the part's first command.
        var commandOffset: Int
        /// The frame's clip count when the part was joined (every sublayer's clip start).
        var clip: Int
        /// The index in the run's `commandStarts` of the part's first sublayer, and in its
        /// `flattened`: the blocks `appendJoinedAlone` set aside, which `recordJoinedAlone` writes.
        var firstStart: Int, firstFlattened: Int
        /// The part's own list of commands, its payloads moved to the frame's, freed by the
        /// thread that records the part.
        var leftovers: JoinedAloneLeftovers
    }

    /// Whether the cache record of a sublayer writes its entry alone
    /// (`FlattenedSubtreeCache.recordAlone`): when the entry stores nothing and the sublayer is
    /// not stored now, which it is when drawn under its last key with nothing changing with time.
    enum RecordAlone: UInt8, Sendable {
        /// The entry stores commands (dropped by the record), or there is none.
        case never
        /// The key changed: whatever the sublayer's drawing, nothing is stored.
        case always
        /// The key is the last one: alone when the drawing changes with time.
        case unlessStatic

        /// The answer for the sublayer whose entry is `entry`, drawn under `key`.
        init(_ entry: FlattenedSubtreeCache.Entry, key: SubtreeKey) {
            self = entry.commands != nil ? .never : entry.key != key ? .always : .unlessStatic
        }

        /// Whether a sublayer that became `outcome` in a part records alone.
        func allows(_ outcome: FlattenedRunPart.Outcome) -> Bool {
            switch self {
            case .never: false
            case .always: outcome != .leftToJoin
            case .unlessStatic: outcome != .leftToJoin && !outcome.isStatic
            }
        }
    }

    /// Moves the commands of `part` (`joinsAlone`) to the end of the frame's list and sets aside
    /// the run's starts and flattened sublayers for them, as `join` writes them; the part's
    /// commands are left without payloads and taken from it. The starts, the flattened
    /// sublayers and the cache records are written, and the part's list freed, by
    /// `recordJoinedAlone` on the records' threads: here they cost about 40 instructions a
    /// sublayer (S1-anim's joining thread: 78 a sublayer before, 36 after).
    mutating func appendJoinedAlone(_ part: inout FlattenedRunPart, to run: SublayerRun) -> JoinedAlonePart {
        let offset = commands.count, count = part.commands.count
        commands.append(contentsOf: repeatElement(DrawCommand.endGroup, count: count))
        if count > 0 {
            commands.withUnsafeMutableBufferPointer { frame in
                part.commands.withUnsafeMutableBufferPointer { own in
                    // Swapped with the commands without a payload just appended: no retain here,
                    // no release when the part is freed. (`moveUpdate` and `initialize(repeating:)`
                    // went through the enum's copy and destroy, about 40 instructions a command.)
                    let target = frame.baseAddress! + offset, source = own.baseAddress!
                    for i in 0..<count { swap(&target[i], &source[i]) }
                }
            }
        }
        // Appended as blocks, written through their buffers by the records' threads: an append
        // a sublayer checked the run's array for uniqueness each time (40 instructions a
        // sublayer).
        let sublayers = part.ends.count, first = run.commandStarts.count, firstFlattened = run.flattened.count
        run.commandStarts.append(contentsOf: repeatElement(0, count: sublayers))
        run.clipStarts.append(contentsOf: repeatElement(clips.count, count: sublayers))
        run.flattened.append(contentsOf: repeatElement(0, count: sublayers))
        let leftovers = JoinedAloneLeftovers(taking: &part.commands)
        return JoinedAlonePart(range: part.range, ends: part.ends, commandOffset: offset, clip: clips.count,
                               firstStart: first, firstFlattened: firstFlattened, leftovers: leftovers)
    }

    /// Writes the run's starts and flattened sublayers (in the blocks `appendJoinedAlone` set
    /// aside) and the cache records of the sublayers of the parts `joined`, a part on each
    /// thread, as `join` writes and records them (`FlattenedSubtreeCache.recordAlone`), frees
    /// the parts' lists, and counts the records in the cache.
    func recordJoinedAlone(_ joined: [JoinedAlonePart], looked: [LookedUpSublayer], moved: [LastDrawing?],
                           cache: FlattenedSubtreeCache, run: SublayerRun) {
        guard !joined.isEmpty else { return }
        // The run's lists are held for writing while the threads write their parts' blocks.
        run.commandStarts.withUnsafeMutableBufferPointer { starts in
            run.flattened.withUnsafeMutableBufferPointer { flattened in
                let records = JoinedAloneRecords(joined: joined, looked: looked, moved: moved, cache: cache,
                                                 starts: starts, flattened: flattened)
                if joined.count == 1 {
                    records.record(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: joined.count) { records.record($0) }
                }
            }
        }
        cache.noteFlattened(joined.reduce(0) { $0 + $1.range.count })
    }
}

/// The list of commands of a part joined alone once its commands were moved to the frame's
/// (`FrameFlattener.appendJoinedAlone`): commands without payloads, whose destruction is still
/// a call a command (about 20 instructions a sublayer). It is freed by the thread that records
/// the part (`FrameFlattener.recordJoinedAlone`), not by the one that joins the parts.
///
/// Unchecked Sendable: the list is taken by the joining thread and then freed by one record
/// thread, which the joining thread waits for.
final class JoinedAloneLeftovers: @unchecked Sendable {
    private var commands: [DrawCommand] = []

    /// Takes `commands`, leaving it empty.
    init(taking commands: inout [DrawCommand]) {
        swap(&self.commands, &commands)
    }

    /// Frees the list taken.
    func free() {
        commands = []
    }
}

/// What the threads of `FrameFlattener.recordJoinedAlone` share.
///
/// Unchecked Sendable: the cache and the entries are not safe to share, but each thread writes
/// the entries of its own part's sublayers only (`FlattenedSubtreeCache.recordAlone` writes the
/// entry alone) and its own part's block of the run's lists, and the caller waits for every
/// part before it uses the cache and the lists again.
private struct JoinedAloneRecords: @unchecked Sendable {
    let joined: [FrameFlattener.JoinedAlonePart]
    let looked: [LookedUpSublayer]
    let moved: [FrameFlattener.LastDrawing?]
    let cache: FlattenedSubtreeCache
    /// The run's `commandStarts`, held for writing by the caller.
    let starts: UnsafeMutableBufferPointer<Int>
    /// The run's `flattened`, held for writing by the caller.
    let flattened: UnsafeMutableBufferPointer<Int>

    /// Writes the starts and flattened sublayers of part `p`, records its sublayers and frees
    /// its list.
    func record(_ p: Int) {
        let part = joined[p]
        part.leftovers.free()
        var start = 0
        for (k, end) in part.ends.enumerated() {
            let index = part.range.lowerBound + k
            starts[part.firstStart + k] = part.commandOffset + start
            flattened[part.firstFlattened + k] = index
            // `joinsAlone`: every sublayer has an entry and a key (`RecordAlone.allows` said yes).
            if let key = looked[index].key {
                looked[index].entry.withEntry { entry in
                    guard let entry else { return }
                    let keepsMemo = end.outcome == .movedWithTime && (index >= moved.count || moved[index]?.memo == nil)
                    cache.recordAlone(entry, key: key, moved: end.outcome.isMoved, command: part.commandOffset + start,
                                      count: end.command - start, clip: part.clip, keepsMemo: keepsMemo)
                }
            }
            start = end.command
        }
    }
}
