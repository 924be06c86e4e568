/// The time a frame spends in each phase on the rendering thread, for the statistics log
/// (`Options.logsStatistics`): on a GPU, `finish` is the wait for the GPU, the rest the CPU's work
/// (`submit` includes the driver's work for the draw calls on this thread).
struct FramePhases: CustomStringConvertible {
    /// A phase, in the order a frame runs them.
    enum Phase: Int, CaseIterable {
        case encode, upload, submit, finish
    }

    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private var seconds: [Double] = Array(repeating: 0, count: Phase.allCases.count)

    init() { last = clock.now }

    /// Ends `phase` now (it began when the phase before ended, or at creation).
    mutating func mark(_ phase: Phase) {
        let now = clock.now
        let elapsed = now - last
        seconds[phase.rawValue] = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        last = now
    }

    var description: String {
        let ms = seconds.map { (($0 * 1e5).rounded() / 100) }
        return "ms encode \(ms[0]), upload \(ms[1]), draw calls \(ms[2]), glFinish \(ms[3])"
    }
}
