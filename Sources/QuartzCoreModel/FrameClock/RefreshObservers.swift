import CompositorCore
import Foundation

/// The observers of one frame clock, safe to change from any thread while the clock ticks.
final class RefreshObservers: Sendable {
    private struct Registry {
        var nextToken: UInt64 = 0
        var observers: [UInt64: @Sendable (CFTimeInterval) -> Void] = [:]
    }
    private let registry = ThreadLock(Registry())

    /// Adds an observer; returns its token and whether it is the first one.
    func add(_ observer: @escaping @Sendable (CFTimeInterval) -> Void) -> (token: CADisplayLinkSourceToken, isFirst: Bool) {
        registry.withLock { r in
            r.nextToken += 1
            r.observers[r.nextToken] = observer
            return (CADisplayLinkSourceToken(rawValue: r.nextToken), r.observers.count == 1)
        }
    }

    /// Removes an observer; returns whether none remain.
    @discardableResult
    func remove(_ token: CADisplayLinkSourceToken) -> Bool {
        registry.withLock { r in
            r.observers[token.rawValue] = nil
            return r.observers.isEmpty
        }
    }

    /// Whether there are no observers.
    var isEmpty: Bool { registry.withLock { $0.observers.isEmpty } }

    /// Calls every observer with `timestamp`, outside the lock (an observer may remove itself).
    func notify(_ timestamp: CFTimeInterval) {
        let current = registry.withLock { r in r.observers.sorted { $0.key < $1.key }.map(\.value) }
        for observer in current { observer(timestamp) }
    }
}
