import Foundation

/// The frames being flattened right now from a snapshot of a large render tree, which a commit
/// waits for, a while, before it writes the render trees.
///
/// A renderer's frame flattens a snapshot of its store's table: a copy that shares the table's
/// storage (`RenderTreeStore.frameSnapshot()`). A commit that writes the table while a frame
/// still holds that copy makes the table copy itself whole (every entry retained: about 300
/// instructions an entry), and makes every changed layer's state box anew instead of filling it
/// again (about 470 instructions a layer more, and about 330 to free the old box when the frame
/// lets go): with S1's 100,000 layers all changed, the commit's writes cost more than twice as
/// much. Waiting for the frame to let go costs the app less, and often nothing: its updates
/// before the commit overlap the flattening. The copy on write is still what keeps a snapshot
/// consistent; waiting only avoids paying for it.
///
/// A frame is counted only when its snapshot holds at least `smallestWaitedTable` layers (a
/// smaller table is copied in less time than a wait takes). A commit never waits for a frame
/// flattened on its own thread, never while it holds `LayerTreeLock` (the flattening may need
/// it), and never longer than `longestWait` (the flattening may wait for something the
/// committing thread holds, such as `CATransaction.lock()`).
package final class FlatteningFrames: @unchecked Sendable {
    /// The frames of every renderer of the process.
    package static let shared = FlatteningFrames()

    /// The fewest layers of a snapshot whose frame commits wait for.
    package static var smallestWaitedTable: Int { 4096 }

    /// The longest a commit waits for the frames: longer than flattening 100,000 layers takes
    /// on a slow machine (about 35 ms on 2 cores), short enough that a commit whose wait could
    /// never end loses three frames at 60 Hz, not the app.
    package static var longestWait: TimeInterval { 0.05 }

    /// Guards `threads` and wakes the commits waiting for it to empty.
    private let condition = NSCondition()
    /// The threads flattening a counted frame, once for each (their `pthread_self()`).
    private var threads: [UInt] = []

    /// Creates an empty set of frames (the process has one: `shared`).
    init() {}

    /// Counts a frame flattening on the calling thread from a snapshot of `layerCount` layers
    /// until `endFrame()`; returns whether it counted it (a smaller snapshot is not counted).
    package func beginFrame(layerCount: Int) -> Bool {
        guard layerCount >= Self.smallestWaitedTable else { return false }
        condition.lock()
        threads.append(Self.callingThread)
        condition.unlock()
        return true
    }

    /// Ends the calling thread's counted frame, once it has let go of its snapshot, and wakes
    /// the commits waiting for it.
    package func endFrame() {
        condition.lock()
        if let index = threads.lastIndex(of: Self.callingThread) { threads.remove(at: index) }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until no other thread flattens a counted frame, or `timeout` seconds have passed;
    /// returns whether none does. A thread that flattens one itself does not wait for the others.
    @discardableResult
    package func waitForOtherThreads(timeout: TimeInterval = FlatteningFrames.longestWait) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        // Most commits find no frame: they take the lock and go.
        guard !threads.isEmpty else { return true }
        let thread = Self.callingThread
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !threads.isEmpty {
            if threads.contains(thread) || !condition.wait(until: deadline) { return threads.isEmpty }
        }
        return true
    }

    /// Whether any thread flattens a counted frame (for tests).
    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return threads.isEmpty
    }

    private static var callingThread: UInt { UInt(pthread_self()) }  // pthread_t is UInt on Linux
}
