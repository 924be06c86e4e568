import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One wait of the output's thread: `poll(2)` over the descriptors its parts read (the DRM
/// card, libinput, the seat, kernel uevents, signals, the wake pipe), then each readable one's
/// handler, in the order given. (The output's counterpart of wlroots' event loop.)
enum PollLoop {
    /// A descriptor to watch and what to do when it is readable.
    struct Source {
        /// The descriptor; nil or negative is not watched.
        let fd: Int32?
        /// Reads what is pending on it.
        let handle: () -> Void
    }

    /// Waits up to `timeout` milliseconds (negative: without limit) for any of `sources` to be
    /// readable and runs their handlers; returns false when none was (timed out, or a signal
    /// interrupted the wait).
    @discardableResult
    static func wait(on sources: [Source], timeout: Int32) -> Bool {
        let watched = sources.filter { ($0.fd ?? -1) >= 0 }
        var fds = watched.map { pollfd(fd: $0.fd!, events: Int16(POLLIN), revents: 0) }
        guard Glibc.poll(&fds, nfds_t(fds.count), timeout) > 0 else { return false }
        for (index, fd) in fds.enumerated() where fd.revents != 0 {
            watched[index].handle()
        }
        return true
    }
}
