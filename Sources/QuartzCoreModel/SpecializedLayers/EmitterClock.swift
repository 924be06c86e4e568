import CompositorCore
import Foundation

/// When each emitter layer started emitting: the layer's local time the first time any renderer
/// of the process drew it. A particle system's time is its layer's local time minus that
/// start, so it runs with the layer's `speed` and `timeOffset`, and every renderer shows the
/// same particles at the same media time.
package final class EmitterClock: Sendable {
    /// The clock shared by every renderer of the process.
    package static let shared = EmitterClock()

    /// Above this many recorded layers, those no longer in the rendered tree are forgotten.
    static let pruneThreshold = 256

    private let starts = ThreadLock([UInt64: CFTimeInterval]())

    /// The emission time of layer `id` at its local time `localTime`, recording `localTime` as
    /// the start when the layer is drawn for the first time. `liveIDs` tells which recorded
    /// layers still exist when the record grows past `pruneThreshold`.
    package func emissionTime(of id: UInt64, atLocalTime localTime: CFTimeInterval,
                      liveIDs: (UInt64) -> Bool) -> CFTimeInterval {
        starts.withLock { starts in
            if let start = starts[id] { return localTime - start }
            if starts.count >= Self.pruneThreshold { starts = starts.filter { liveIDs($0.key) } }
            starts[id] = localTime
            return 0
        }
    }

    /// Forgets when layer `id` started, so that it starts again the next time it is drawn.
    func reset(_ id: UInt64) {
        _ = starts.withLock { $0.removeValue(forKey: id) }
    }
}
