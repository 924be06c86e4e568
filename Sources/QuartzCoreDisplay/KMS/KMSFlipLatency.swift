import Foundation
import QuartzCore

/// The average time from a flip's submission to its event, and when the next flip may be
/// submitted. Where flips complete faster than the mode's period (virtio-gpu has no vblank
/// interrupt: the event comes when the host has copied the frame), a frame is held until
/// `last flip + period - latency`, so the display and its display links still run at the
/// mode's rate. On real hardware the event comes at the vblank, the latency is most of a
/// period, and nothing is held.
struct KMSFlipLatency: Equatable {
    /// The average so far (0 before the first flip).
    private(set) var average: CFTimeInterval = 0

    /// Adds a flip that took `measured` seconds; a flip slower than a period counts as one period.
    mutating func record(_ measured: CFTimeInterval, refreshPeriod: CFTimeInterval) {
        let latency = min(measured, refreshPeriod)
        average = average == 0 ? latency : 0.8 * average + 0.2 * latency
    }

    /// The earliest time the next flip should be submitted after a flip at `lastFlip`.
    func earliestSubmission(lastFlip: CFTimeInterval?, refreshPeriod: CFTimeInterval) -> CFTimeInterval {
        (lastFlip ?? 0) + refreshPeriod - average
    }

    /// Whether a frame ready at `now` is held back (half a millisecond of tolerance).
    func holds(now: CFTimeInterval, lastFlip: CFTimeInterval?, refreshPeriod: CFTimeInterval) -> Bool {
        now < earliestSubmission(lastFlip: lastFlip, refreshPeriod: refreshPeriod) - 0.0005
    }
}
