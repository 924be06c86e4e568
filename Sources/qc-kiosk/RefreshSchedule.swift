import QuartzCore

/// When a display of a given refresh rate would take the next frame: frames are drawn for
/// refreshes one period apart, and a frame that takes longer than its period makes the
/// display skip the refreshes that pass meanwhile (a dropped frame each).
struct RefreshSchedule {
    /// Seconds between two refreshes.
    let period: CFTimeInterval
    /// The refresh the next frame is drawn for.
    private(set) var nextRefresh: CFTimeInterval
    /// Refreshes that passed while a frame was still being drawn.
    private(set) var missedRefreshes = 0

    /// A schedule whose first refresh is at `start`; a period that is not positive and finite is 1/60 s.
    init(start: CFTimeInterval, period: CFTimeInterval) {
        self.period = period > 0 && period.isFinite ? period : 1.0 / 60
        nextRefresh = start
    }

    /// The frame for `nextRefresh` finished at `now`: moves to the first refresh after `now`
    /// and counts the ones skipped (none when it finished within its period).
    mutating func frameFinished(at now: CFTimeInterval) {
        nextRefresh += period
        guard now > nextRefresh else { return }
        let skipped = Int(((now - nextRefresh) / period).rounded(.down)) + 1
        missedRefreshes += skipped
        nextRefresh += Double(skipped) * period
    }
}
