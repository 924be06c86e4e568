@testable import AVFoundation
import Foundation
import MediaDecoding
import XCTest

/// Waits on a condition without a run loop: the players run on threads of their own.
func waitUntil(_ timeout: Double = 20, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) {
    let end = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > end { XCTFail("condition not met in \(timeout) s", file: file, line: line); return }
        usleep(1000)
    }
}

/// The barcode index of the frame `player` shows at `hostTime`, or nil without a frame.
func shownIndex(_ player: AVPlayer, at hostTime: Double = CACurrentMediaTime()) -> Int? {
    player.videoFrame(forHostTime: hostTime).map(BarcodeClip.index(of:))
}

/// Collects the notifications of one name posted for any object, thread-safely.
final class NotificationRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [Notification] = []
    private var token: NSObjectProtocol?

    init(_ name: Notification.Name) {
        token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
            guard let self else { return }
            self.lock.withLock { self.received.append(note) }
        }
    }

    deinit { if let token { NotificationCenter.default.removeObserver(token) } }

    var notifications: [Notification] { lock.withLock { received } }

    func count(for object: AnyObject) -> Int { notifications.filter { ($0.object as AnyObject?) === object }.count }
}

/// A value shared with callbacks on the players' threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    var current: Value { lock.withLock { value } }
    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&value) } }
}
