import Foundation
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// When this process started, on the `CACurrentMediaTime()` clock (for time-to-first-frame).
public enum ProcessClock {
    /// The media time at which the process was created, from /proc/self/stat; nil where unreadable.
    public static func processStartMediaTime() -> CFTimeInterval? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name; starttime is field 22 overall, the 20th after ")".
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let startSinceBoot = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        var boot = timespec(), monotonic = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        let offset = (Double(boot.tv_sec) + Double(boot.tv_nsec) * 1e-9) - (Double(monotonic.tv_sec) + Double(monotonic.tv_nsec) * 1e-9)
        return startSinceBoot - offset
    }
}
