import CompositorCore
import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// When each emitter layer one renderer draws started emitting: the layer's local time the first
/// time that renderer drew it. A particle system's time is its layer's local time minus that
/// start, so it runs with the layer's `speed` and `timeOffset`. Each renderer has its own (its
/// `FrameBuilder`'s): an emitter starts in a renderer when that renderer first shows it, and two
/// renderers of one tree at different media times do not move each other's particles.
///
/// Starts are kept by layer ID and the emitter's `serial`: a later emitter given a freed layer's
/// ID has another serial, and starts afresh.
package final class EmitterClock: Sendable {
    /// Above this many recorded layers, those no longer in the rendered tree are forgotten.
    static let pruneThreshold = 256

    private struct Start {
        var serial: UInt64
        var localTime: CFTimeInterval
    }

    private let starts = ThreadLock([UInt64: Start]())

    /// A clock that has seen no emitter.
    package init() {}

    /// The emission time of layer `id` (an emitter numbered `serial`) at its local time
    /// `localTime`, recording `localTime` as the start when the emitter is drawn for the first
    /// time. `liveIDs` tells which recorded layers still exist when the record grows past
    /// `pruneThreshold`.
    func emissionTime(of id: UInt64, serial: UInt64, atLocalTime localTime: CFTimeInterval,
                      liveIDs: (UInt64) -> Bool) -> CFTimeInterval {
        starts.withLock { starts in
            if let start = starts[id], start.serial == serial { return localTime - start.localTime }
            if starts.count >= Self.pruneThreshold { starts = starts.filter { liveIDs($0.key) } }
            starts[id] = Start(serial: serial, localTime: localTime)
            return 0
        }
    }
}
