import Foundation

/// The thread of one player: it pumps the player's pipelines and advances its timeline every
/// few milliseconds (sooner when an API call signals it), and ends when the player is gone.
enum PlayerThread {
    /// The longest the thread sleeps between two steps.
    static let interval = 0.004

    static func start(for player: AVPlayer) {
        let thread = Thread { [weak player] in
            while true {
                guard let strong = player else { return }
                strong.step()
                strong.lock.lock()
                _ = strong.lock.wait(until: Date(timeIntervalSinceNow: interval))
                strong.lock.unlock()
            }
        }
        thread.name = "AVPlayer"
        thread.start()
    }
}
