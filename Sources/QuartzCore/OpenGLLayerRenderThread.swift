import CompositorCore
import Foundation
import QuartzCoreModel

/// The dedicated serial thread of one `CAOpenGLLayer`: every GL call of the layer, its own and
/// its subclass's, happens on it, with the layer's private context current.
///
/// Requests coalesce: while a draw runs, a newer request replaces any that waits, so a slow
/// layer skips frames instead of queueing them. The thread keeps the last image drawn without
/// error; the renderer shows it as the layer's content.
final class OpenGLLayerRenderThread: OpenGLLayerFrames {
    private struct Queue {
        var pending: OpenGLDrawRequest?
        var submitted: UInt64 = 0
        var completed: UInt64 = 0
        var waiters: [(ticket: UInt64, semaphore: DispatchSemaphore)] = []
        var isStarted = false
        var isStopped = false
    }

    /// What the thread has produced.
    private struct Output {
        var image: CGImage?
        var draws = 0
        var failures = 0
    }

    let layerID: UInt64
    private let layer: WeakOpenGLLayer
    private let queue = ThreadLock(Queue())
    private let output = ThreadLock(Output())
    private let wake = DispatchSemaphore(value: 0)

    init(layer: CAOpenGLLayer) {
        layerID = layer.renderTreeID
        self.layer = WeakOpenGLLayer(layer)
    }

    /// The last image drawn without error (premultiplied RGBA8, row 0 at the layer's top), or nil.
    var image: CGImage? { output.withLock { $0.image } }
    /// How many times the layer's `draw(in:forLayerTime:displayTime:)` has been called.
    var drawCount: Int { output.withLock { $0.draws } }
    /// How many draws failed (no context, lost context, a GL error) and kept the previous image.
    var failureCount: Int { output.withLock { $0.failures } }

    /// Queues `request` (replacing one not yet started) and returns its ticket for `wait(for:timeout:)`.
    @discardableResult
    func submit(_ request: OpenGLDrawRequest) -> UInt64 {
        let (ticket, start) = queue.withLock { q -> (UInt64, Bool) in
            guard !q.isStopped else { return (q.submitted, false) }
            q.pending = request
            q.submitted += 1
            let start = !q.isStarted
            q.isStarted = true
            return (q.submitted, start)
        }
        if start { startThread() }
        wake.signal()
        return ticket
    }

    /// Waits until the request of `ticket` (or a newer one that replaced it) is done, or `timeout`
    /// seconds; whether it was.
    func wait(for ticket: UInt64, timeout: TimeInterval) -> Bool {
        let semaphore = DispatchSemaphore(value: 0)
        let done = queue.withLock { q -> Bool in
            if q.completed >= ticket || q.isStopped { return true }
            q.waiters.append((ticket, semaphore))
            return false
        }
        return done || semaphore.wait(timeout: .now() + timeout) == .success
    }

    /// Waits until every request submitted so far is done, or `timeout` seconds; whether they were.
    func waitUntilIdle(timeout: TimeInterval) -> Bool {
        wait(for: queue.withLock { $0.submitted }, timeout: timeout)
    }

    /// Ends the thread after the draw in progress; its GL context is destroyed on it.
    func stop() {
        let waiters = queue.withLock { q -> [DispatchSemaphore] in
            q.isStopped = true
            q.pending = nil
            defer { q.waiters.removeAll() }
            return q.waiters.map(\.semaphore)
        }
        waiters.forEach { $0.signal() }
        wake.signal()
    }

    private func startThread() {
        let thread = Thread { [self] in run() }
        thread.name = "CAOpenGLLayer \(layerID) render"
        thread.start()
    }

    /// The thread's loop: the drawer, and the GL context it owns, never leave this thread.
    private func run() {
        let drawer = OpenGLLayerDrawer(layer: layer, layerID: layerID)
        while true {
            wake.wait()
            let (request, ticket, stopped) = queue.withLock { q in
                defer { q.pending = nil }
                return (q.pending, q.submitted, q.isStopped)
            }
            if stopped { return }
            guard let request else { continue }
            let outcome = drawer.draw(request)
            output.withLock { o in
                if outcome.drew { o.draws += 1 }
                if let image = outcome.image { o.image = image }
                if outcome.failed { o.failures += 1 }
            }
            let ready = queue.withLock { q -> [DispatchSemaphore] in
                q.completed = max(q.completed, ticket)
                let (done, waiting) = (q.waiters.filter { $0.ticket <= ticket }, q.waiters.filter { $0.ticket > ticket })
                q.waiters = waiting
                return done.map(\.semaphore)
            }
            ready.forEach { $0.signal() }
        }
    }
}

/// A weak reference to a GL layer that its render thread holds.
///
/// `@unchecked Sendable` because the contract of `CAOpenGLLayer` is that `copyGLESContext()`,
/// `canDraw(in:forLayerTime:displayTime:)` and `draw(in:forLayerTime:displayTime:)` are called
/// on the layer's render thread, never on the main thread: what they read must be safe to read
/// there, as with Apple's asynchronous GL layers.
final class WeakOpenGLLayer: @unchecked Sendable {
    weak var layer: CAOpenGLLayer?
    init(_ layer: CAOpenGLLayer) { self.layer = layer }
}
