import Foundation
import QuartzCore
import QuartzCoreDisplay
import XCTest

/// The app of the QuartzCoreDisplay catalog's Writing a Kiosk App article, built as written (in
/// a function) and run offscreen instead of on a display: keep the two the same. (XCTest on
/// Linux cannot call main-actor test methods; it runs them on the main thread, so each test
/// assumes the main actor.)
final class KioskAppExampleTests: XCTestCase {
    @MainActor
    private static func makeHelloKiosk() -> (app: CAKioskApplication, button: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)

        let idle = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        let pressed = CGColor(red: 0.9, green: 0.4, blue: 0.1, alpha: 1)
        let button = CALayer()
        button.bounds = CGRect(x: 0, y: 0, width: 320, height: 120)
        button.cornerRadius = 24
        button.position = CGPoint(x: 640, y: 360)
        button.backgroundColor = idle
        root.addSublayer(button)

        func toggle() {
            button.backgroundColor = button.backgroundColor == idle ? pressed : idle
        }

        let app = CAKioskApplication(rootLayer: root)
        // Called with the content's size when it changes: a display of another size was attached.
        app.layoutHandler = { size in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            button.position = CGPoint(x: size.width / 2, y: size.height / 2)
            CATransaction.commit()
        }
        app.eventHandler = { event, hitLayer in
            switch event.kind {
            case .key(CAKeyCode.escape, true):
                kill(getpid(), SIGTERM) // the output restores the console, then the process ends
            case .key(CAKeyCode.enter, true):
                toggle()
            case .pointerButton(CAKeyCode.leftButton, true), .touch(_, .began):
                if hitLayer === button { toggle() }
            default:
                break
            }
        }
        return (app, button)
    }

    /// On a 640 x 360 panel the layout handler centres the button at (320, 180); Enter at 0.2 s
    /// starts a 0.25 s implicit colour animation that has ended by the frame at 0.8 s.
    func testButtonIsCentredAndEnterChangesItsColour() throws {
        try MainActor.assumeIsolated { try Self.checkButtonIsCentredAndEnterChangesItsColour() }
    }

    @MainActor
    private static func checkButtonIsCentredAndEnterChangesItsColour() throws {
        let (app, button) = makeHelloKiosk()
        var frames: [CGImage] = []
        let enter: [(time: CFTimeInterval, event: CARawInputEvent)] = [
            (0.2, .key(code: CAKeyCode.enter, isDown: true, time: CACurrentMediaTime())),
            (0.21, .key(code: CAKeyCode.enter, isDown: false, time: CACurrentMediaTime())),
        ]
        try app.runOffscreen(size: CGSize(width: 640, height: 360), frameTimes: [0.1, 0.8], input: enter) { _, _, image in
            frames.append(image)
        }
        XCTAssertEqual(button.position, CGPoint(x: 320, y: 180))
        XCTAssertEqual(frames.count, 2)
        func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
            let p = image.premultipliedPixel(x: x, y: y)!
            return [Int(p.r), Int(p.g), Int(p.b)]
        }
        // Components such as 0.5 × 255 = 127.5 sit halfway between two levels: which one a GPU
        // writes is its own choice (llvmpipe rounds up, NVIDIA down), so one level either way is allowed.
        func assertColour(_ got: [Int], _ want: [Int], _ message: String, line: UInt = #line) {
            XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "\(message): \(got), expected \(want)", line: line)
        }
        // Inside the button (x 160...480, y 120...240) and outside it.
        assertColour(pixel(frames[0], 320, 180), [51, 128, 230], "idle blue")
        assertColour(pixel(frames[0], 170, 130), [51, 128, 230], "idle blue near the top-left corner")
        assertColour(pixel(frames[0], 150, 180), [26, 26, 31], "background left of the button")
        assertColour(pixel(frames[1], 320, 180), [230, 102, 26], "pressed orange after Enter")
        assertColour(pixel(frames[1], 320, 250), [26, 26, 31], "background below the button")
    }
}
