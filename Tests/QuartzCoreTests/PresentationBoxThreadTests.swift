import Foundation
import Synchronization
import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// Two renderers on their own threads make the presentation of the same committed layer at
/// once, while a third thread lets the kept box go (as a commit does when the animations end):
/// each renderer gets the value of its own time, and a box it still holds never changes under
/// it. Run under ThreadSanitizer by `scripts/sanitize.sh`, which checks the slot's hand-over.
final class PresentationBoxThreadTests: XCTestCase {
    private static let frames = 20_000

    func testTwoRenderersAndACommitShareOneCommittedBox() throws {
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 10
        slide.toValue = 110
        slide.duration = 1
        let animations = [try CompiledAnimation(slide, presentationValue: nil, modelValue: nil)]
        var model = LayerState()
        model.position = CGPoint(x: 0, y: 7)
        let committed = LayerStateBox(model)

        let failures = Mutex<[String]>([])
        // The first few failures are enough to read; all of them would be thousands of lines.
        let note: @Sendable (String) -> Void = { failure in failures.withLock { if $0.count < 8 { $0.append(failure) } } }
        let done = DispatchGroup()
        for renderer in 0..<2 {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                // Each renderer fills again only the boxes made for its own frames.
                let owner = PresentationBoxOwner()
                var held: (box: LayerStateBox, x: CGFloat)?
                for frame in 0..<Self.frames {
                    // Each renderer draws at times of its own half of the animation's second.
                    let time = 0.5 * Double(renderer) + Double(frame) / Double(4 * Self.frames)
                    let box = committed.presentation(animatedBy: animations, localTime: time, owner: owner)
                    let expected = 10 + 100 * time
                    if abs(box.value.position.x - expected) > 1e-9 || box.value.position.y != 7 {
                        note("renderer \(renderer), frame \(frame): \(box.value.position)")
                    }
                    if let previous = held, previous.box.value.position.x != previous.x {
                        note("renderer \(renderer): a held box changed at frame \(frame)")
                    }
                    held = (box, box.value.position.x)
                }
            }
            thread.start()
        }
        done.enter()
        let committer = Thread {
            defer { done.leave() }
            for _ in 0..<Self.frames / 4 {
                committed.releasePresentation()
                usleep(50)
            }
        }
        committer.start()
        XCTAssertEqual(done.wait(timeout: .now() + 120), .success)

        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertEqual(committed.value.position, CGPoint(x: 0, y: 7), "the model state is not touched")
    }
}
