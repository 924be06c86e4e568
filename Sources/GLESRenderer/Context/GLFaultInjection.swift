import Foundation

#if DEBUG
/// Failures that tests inject into the GL path (debug builds only; release builds compile the
/// seam out). `GLError.check` consults it, so a test can make any named check fail as though
/// `glGetError` had reported `code`, and see the frame abandoned and the next one recover.
/// Guarded by a lock: the renderer's thread and the test's thread may differ.
final class GLFaultInjection: @unchecked Sendable {
    /// The process's injection point.
    static let shared = GLFaultInjection()

    private let lock = NSLock()
    private var pending: [(name: String?, code: UInt32)] = []

    /// Makes the next `GLError.check` whose call name contains `name` (any check when nil) throw
    /// `GLError.call(name, code: code, log: "")`, once.
    func failNextCheck(named name: String? = nil, code: UInt32) {
        lock.withLock { pending.append((name, code)) }
    }

    /// Forgets every failure not yet injected.
    func reset() {
        lock.withLock { pending.removeAll() }
    }

    /// The code of the injected failure armed for the check `call`, consumed; nil when none.
    func takeFailure(for call: String) -> UInt32? {
        lock.withLock {
            guard let index = pending.firstIndex(where: { $0.name.map(call.contains) ?? true }) else { return nil }
            return pending.remove(at: index).code
        }
    }
}
#endif
