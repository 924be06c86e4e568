import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGUSR1 turned into bytes on a pipe (the self-pipe pattern), so that
/// the output's poll loop handles them on its own thread whichever thread the kernel interrupts.
enum TerminationSignals {
    /// The pipe: created once, before the handler is installed; never closed. A global `let` of
    /// plain integers, so the async-signal handler reads it without locks or allocation.
    static let pipe = makeNonBlockingPipe()

    /// Installs the handler for SIGINT, SIGTERM (quit) and SIGUSR1 (log statistics).
    static func install() {
        _ = pipe
        for signal in [SIGINT, SIGTERM, SIGUSR1] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(TerminationSignals.pipe.write, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// Reads the signals received since the last call.
    static func drain() -> [Int32] {
        drainPipe(pipe.read).map { Int32($0) }
    }
}

/// A pipe whose ends are non-blocking and closed on exec (-1, -1 when the process is out of fds).
func makeNonBlockingPipe() -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard Glibc.pipe(&fds) == 0 else { return (-1, -1) }
    for fd in fds {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
}

/// Empties a non-blocking pipe; returns the bytes read.
func drainPipe(_ fd: Int32) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 64)
    var bytes: [UInt8] = []
    while true {
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return bytes }
        bytes += buffer.prefix(count)
    }
}
