import ExampleScenes
import QuartzCore
import XCTest

/// Renders every example scene and compares it with the golden PNG committed under
/// Tests/RenderingTests/Golden. Set QC_UPDATE_GOLDEN=1 to rewrite the goldens (then look at them).
///
/// Tolerance: at most 0.5% of pixels may differ by more than 2/255 in any channel, and none by
/// more than 16/255 outside those (antialiased edges vary slightly between GL drivers).
final class GoldenImageTests: XCTestCase {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Scene renders and the media times to render them at.
    static let cases: [(scene: ExampleScene, time: CFTimeInterval)] =
        ExampleScene.all.filter { $0.name != "ship" }.map { ($0, 0) }
        + [(.shipPath, 0), (.shipPath, 1.5), (.shipPath, 3), (.shipPath, 4.5)]

    /// Emitters start emitting when first drawn: these scenes are drawn at their time, then
    /// shown this many seconds later (the fire after 2 s of sparks).
    static let settlingTimes: [String: CFTimeInterval] = ["fire": 2]

    func testExampleScenesMatchGoldenImages() throws {
        let update = ProcessInfo.processInfo.environment["QC_UPDATE_GOLDEN"] == "1"
        for (scene, time) in Self.cases {
            let settling = Self.settlingTimes[scene.name].map { [time, time + $0] } ?? [time]
            let image = try SceneRenderer.render(scene, times: settling)
            let name = time == 0 && scene.name != "ship" ? scene.name : "\(scene.name)-t\(time)"
            let url = Self.goldenDirectory.appendingPathComponent("\(name).png")
            if update {
                try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
                try image.writePNG(to: url)
                continue
            }
            let golden = try CGImage(contentsOfPNGFile: url)
            try compare(image, golden, name: name)
        }
    }

    private func compare(_ image: CGImage, _ golden: CGImage, name: String) throws {
        XCTAssertEqual(image.width, golden.width, name)
        XCTAssertEqual(image.height, golden.height, name)
        guard image.width == golden.width, image.height == golden.height else { return }
        var differing = 0, worst = 0
        let a = [UInt8](image.data), b = [UInt8](golden.data)
        for y in 0..<image.height {
            for x in 0..<image.width {
                var d = 0
                for c in 0..<4 {
                    d = max(d, abs(Int(a[y * image.bytesPerRow + x * 4 + c]) - Int(b[y * golden.bytesPerRow + x * 4 + c])))
                }
                if d > 2 { differing += 1 }
                worst = max(worst, d)
            }
        }
        let share = Double(differing) / Double(image.width * image.height)
        if share > 0.005 || worst > 16 {
            let diffURL = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png")
            try? image.writePNG(to: diffURL)
            XCTFail("\(name): \(differing) pixels (\(share * 100)%) differ by more than 2/255, worst \(worst)/255; actual image at \(diffURL.path)")
        }
    }
}
