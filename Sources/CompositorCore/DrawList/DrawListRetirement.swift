import Dispatch

/// Frees the trees a `DrawListTreeCache` replaces, on a thread of its own, when they are long.
///
/// Replacing the last frame's tree drops the last reference to the last frame's commands: every
/// quad and group is a box (`DrawCommand`'s cases are indirect), and freeing them costs about
/// 420 instructions a moved sprite (S4), on the renderer's thread before it can prepare the new
/// frame. Handed to the retirement queue, they are freed on another core while the renderer
/// works and the app changes its layers for the next frame. Nothing reads a retired tree, so
/// only memory waits for it: a retirement first waits for the one before to finish, so at most
/// one retired tree is alive at a time.
package final class DrawListRetirement: Sendable {
    /// The fewest commands a tree must have to be freed on the queue; shorter ones are freed
    /// where they are replaced (a dispatch costs more than freeing a few hundred commands).
    package static let minimumCommands = 2048

    /// The queue shared by every cache.
    static let shared = DrawListRetirement()

    private let queue = DispatchQueue(label: "OpenQuartzCore.DrawListRetirement", qos: .userInitiated)
    private let pending = DispatchGroup()

    /// Creates a retirement queue of its own (for an owner that waits for its own retirements
    /// only: `waitUntilFreed()`).
    package init() {}

    /// Frees what `box` holds (a tree) on the queue. The caller keeps no other reference to it,
    /// so the queue's is the last.
    package func retire<Value: Sendable>(_ box: ThreadLock<Value?>) {
        pending.wait()
        queue.async(group: pending) { box.withLock { $0 = nil } }
    }

    /// Waits until every tree retired so far is freed.
    package func waitUntilFreed() {
        pending.wait()
    }
}
