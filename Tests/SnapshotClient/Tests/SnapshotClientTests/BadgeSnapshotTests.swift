import XCTest
import QuartzCoreSnapshotTesting

/// Snapshot tests of a small layer tree, as an app would write them.
///
/// References live in `__Snapshots__` next to this file; `SNAPSHOT_CLIENT_SNAPSHOTS` points them
/// elsewhere (OpenQuartzCore's own test records and checks them in a temporary folder).
final class BadgeSnapshotTests: XCTestCase {
    private let snapshots = ProcessInfo.processInfo.environment["SNAPSHOT_CLIENT_SNAPSHOTS"]

    /// A 100 x 60 card with a rounded badge that slides from x 20 to 80 and fades to half opacity in one second.
    private func card() -> CALayer {
        let card = CALayer()
        card.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        card.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1)
        let badge = CALayer()
        badge.frame = CGRect(x: 10, y: 20, width: 20, height: 20)
        badge.cornerRadius = 6
        badge.backgroundColor = CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
        card.addSublayer(badge)

        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 20.0
        slide.toValue = 80.0
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0.5
        let group = CAAnimationGroup()
        group.animations = [slide, fade]
        group.duration = 1
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        badge.add(group, forKey: "enter")
        return card
    }

    /// `assertSnapshot` into `snapshots` when set: swift-snapshot-testing's pattern for another
    /// snapshot folder (`verifySnapshot` and `XCTFail`).
    private func assertCardSnapshot(_ layer: CALayer, as strategy: Snapshotting<CALayer, CGImage>, named name: String,
                                    file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
        if let failure = verifySnapshot(of: layer, as: strategy, named: name, snapshotDirectory: snapshots,
                                        file: file, testName: testName, line: line) {
            XCTFail(failure, file: file, line: line)
        }
    }

    func testCardAtRest() {
        for renderer in [SnapshotRenderer.gles, .cpu] {
            assertCardSnapshot(card(), as: .image(renderer: renderer), named: "\(renderer)")
        }
    }

    func testBadgeHalfWayThroughItsEntrance() {
        for renderer in [SnapshotRenderer.gles, .cpu] {
            assertCardSnapshot(card(), as: .image(renderer: renderer, at: 0.5), named: "\(renderer)")
        }
    }
}
