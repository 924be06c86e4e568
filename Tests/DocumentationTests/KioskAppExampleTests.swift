import Foundation
import QuartzCore
import QuartzCoreDisplay
import XCTest

/// The app of the QuartzCoreDisplay catalog's Writing a Kiosk App article, built and run
/// offscreen as written: the code between the markers below must be the article's, line for
/// line (the first test checks), so the article cannot drift from code that compiles and runs.
/// (XCTest on Linux cannot call main-actor test methods; it runs them on the main thread, so
/// each test assumes the main actor.)
final class KioskAppExampleTests: XCTestCase {
    @MainActor
    private static func makeHelloKiosk() -> (app: CAKioskApplication, panel: CALayer, label: CATextLayer) {
        // BEGIN article: app
        let greetings = ["Hello, kiosk!", "Bonjour !", "¡Hola!"]
        let colors = [CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1),
                      CGColor(red: 0.9, green: 0.4, blue: 0.1, alpha: 1),
                      CGColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)]

        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)

        // A rounded panel in the middle of the display, with a line of text across it.
        let panel = CALayer()
        panel.bounds = CGRect(x: 0, y: 0, width: 560, height: 160)
        panel.position = CGPoint(x: 640, y: 360)
        panel.cornerRadius = 24
        panel.backgroundColor = colors[0]
        root.addSublayer(panel)

        let label = CATextLayer()
        label.frame = CGRect(x: 0, y: 50, width: 560, height: 60)
        label.string = greetings[0]
        label.font = "DejaVu Sans" as CFString
        label.fontSize = 48
        label.alignmentMode = .center
        label.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        panel.addSublayer(label)

        // Shows the next greeting; the panel's colour changes with an implicit animation.
        func showNextGreeting() {
            let current = greetings.firstIndex(of: label.string as? String ?? "") ?? 0
            let next = (current + 1) % greetings.count
            label.string = greetings[next]
            panel.backgroundColor = colors[next]
        }

        let app = CAKioskApplication(rootLayer: root)
        // Called with the content's size when it changes: a display of another size was attached.
        app.layoutHandler = { size in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            panel.position = CGPoint(x: size.width / 2, y: size.height / 2)
            CATransaction.commit()
        }
        app.eventHandler = { event, hitLayer in
            switch event.kind {
            case .key(CAKeyCode.escape, true):
                kill(getpid(), SIGTERM) // the output restores the console, then the process ends
            case .key(CAKeyCode.enter, true), .key(CAKeyCode.space, true):
                showNextGreeting()
            case .pointerButton(CAKeyCode.leftButton, true), .touch(_, .began):
                if hitLayer === panel || hitLayer === label { showNextGreeting() }
            default:
                break
            }
        }
        // END article: app
        return (app, panel, label)
    }

    @MainActor
    private static func renderOffscreen(_ app: CAKioskApplication) throws {
        // BEGIN article: offscreen
        let enter: [(time: CFTimeInterval, event: CARawInputEvent)] = [
            (0.5, .key(code: CAKeyCode.enter, isDown: true, time: 0)),
            (0.51, .key(code: CAKeyCode.enter, isDown: false, time: 0)),
        ]
        try app.runOffscreen(size: CGSize(width: 1280, height: 720), frameTimes: [0.2, 1.0], input: enter) { index, _, image in
            try image.writePNG(to: URL(fileURLWithPath: "kiosk-\(index).png"))
        }
        // END article: offscreen
    }

    /// The Swift blocks of the article that follow its imports (the app) or render offscreen.
    private static func articleBlocks() throws -> [[String]] {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/QuartzCoreDisplay/QuartzCoreDisplay.docc/WritingAKioskApp.md")
        var blocks: [[String]] = [], current: [String]?
        for line in try String(contentsOf: article, encoding: .utf8).components(separatedBy: "\n") {
            if line == "```swift" { current = [] } else if line == "```", let block = current {
                blocks.append(block)
                current = nil
            } else { current?.append(line) }
        }
        return blocks
    }

    /// The lines of this file between `// BEGIN article: NAME` and its END, less their indent.
    private static func testedLines(_ name: String) throws -> [String] {
        let lines = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(separatedBy: "\n")
        let begin = try XCTUnwrap(lines.firstIndex(of: "        // BEGIN article: \(name)"))
        let end = try XCTUnwrap(lines.firstIndex(of: "        // END article: \(name)"))
        return lines[(begin + 1)..<end].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }
    }

    func testTheCodeHereIsTheArticlesCode() throws {
        let blocks = try Self.articleBlocks()
        let imports = ["import Foundation", "import QuartzCore", "import QuartzCoreDisplay", ""]
        let app = try XCTUnwrap(blocks.first { Array($0.prefix(4)) == imports }, "the article's app block")
        XCTAssertEqual(Array(app.dropFirst(4)), try Self.testedLines("app"))
        let offscreen = try XCTUnwrap(blocks.first { $0.contains { $0.contains("runOffscreen") } }, "the article's offscreen block")
        XCTAssertEqual(offscreen, try Self.testedLines("offscreen"))
        XCTAssertTrue(blocks.contains(["app.run(configuration: CADisplayOutput.Configuration())"]))
    }

    /// At 1280 x 720 the panel spans x 360...920, y 280...440: blue with white text at 0.2 s;
    /// Enter at 0.5 s shows "Bonjour !" and turns the panel orange in a 0.25 s animation.
    func testEnterShowsTheNextGreeting() throws {
        try MainActor.assumeIsolated { try Self.checkEnterShowsTheNextGreeting() }
    }

    @MainActor
    private static func checkEnterShowsTheNextGreeting() throws {
        let (app, panel, label) = makeHelloKiosk()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hello-kiosk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory.path), "into \(directory.path)")
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            try? FileManager.default.removeItem(at: directory)
        }
        try renderOffscreen(app)
        XCTAssertEqual(panel.position, CGPoint(x: 640, y: 360))
        XCTAssertEqual(label.string as? String, "Bonjour !")
        let before = try CGImage.load(contentsOf: directory.appendingPathComponent("kiosk-0.png"))
        let after = try CGImage.load(contentsOf: directory.appendingPathComponent("kiosk-1.png"))
        func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
            let p = image.premultipliedPixel(x: x, y: y)!
            return [Int(p.r), Int(p.g), Int(p.b)]
        }
        // Components such as 0.5 × 255 = 127.5 sit halfway between two levels: which one a GPU
        // writes is its own choice (llvmpipe rounds up, NVIDIA down), so one level either way is allowed.
        func assertColour(_ got: [Int], _ want: [Int], _ message: String, line: UInt = #line) {
            XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "\(message): \(got), expected \(want)", line: line)
        }
        assertColour(pixel(before, 380, 300), [51, 128, 230], "blue panel")
        assertColour(pixel(before, 340, 300), [26, 26, 31], "background left of the panel")
        // Offscreen runs in real time: where the first frame is slow (a loaded machine), the
        // frame at 1.0 s may come right after Enter, while the colour is still on its way from
        // blue to orange; a frame a second later shows where it ends.
        let turning = pixel(after, 380, 300)
        XCTAssertTrue((50...231).contains(turning[0]) && (101...129).contains(turning[1]) && (25...231).contains(turning[2]),
                      "between blue and orange: \(turning)")
        assertColour(pixel(after, 640, 450), [26, 26, 31], "background below the panel")
        let renderer = try CARenderer(pixelWidth: 1280, pixelHeight: 720)
        renderer.layer = app.screenLayer
        try renderer.renderFrame(atTime: CACurrentMediaTime() + 1)
        assertColour(pixel(try renderer.makeImage(), 380, 300), [230, 102, 26], "orange once the animation is over")
        // The text: white pixels in the label's band (y 330...390) of the panel, in both frames.
        for image in [before, after] {
            let white = (330..<390).flatMap { y in (360..<920).map { (x: $0, y: y) } }
                .filter { pixel(image, $0.x, $0.y).allSatisfy { $0 > 220 } }.count
            XCTAssertGreaterThan(white, 200, "white text on the panel")
        }
    }
}
