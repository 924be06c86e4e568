@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
import XCTest

/// A custom property whose class returns true from needsDisplay(forKey:) redraws every frame from
/// the presentation value while it animates (a pie-chart style progress layer).
final class DisplayAnimationTests: XCTestCase {
    func testModelChangeRedrawsOnce() throws {
        let layer = committedLayer(ProgressLayer(), size: CGSize(width: 100, height: 4))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.progress = 0.3
        CATransaction.commit()
        XCTAssertEqual(redColumns(layer.contents as? CGImage), 30)
    }

    func testFramesAtThreeTimesDrawThePresentationValue() throws {
        let renderTree = RenderTreeStore()
        let layer = committedLayer(ProgressLayer(), size: CGSize(width: 100, height: 4))
        addHeldProgressAnimation(to: layer)
        XCTAssertEqual(redColumns(layer.contents as? CGImage), 100, "the model value is drawn once")

        let driver = DisplayAnimationDriver.ofCallingThread
        XCTAssertGreaterThan(driver.watchedLayerCount, 0)
        var widths: [Int] = []
        for t in [1000.25, 1000.5, 1000.75] {
            let frame = driver.layersForFrame(renderTree.snapshot().layers, at: t)
            widths.append(redColumns(frame[layer.layerID]?.state.contents))
        }
        XCTAssertEqual(widths, [25, 50, 75], "linear timing: progress = t - 1000")
        XCTAssertEqual(redColumns(layer.contents as? CGImage), 100, "the model layer's contents are untouched")

        // After the end the presentation value equals the model value: the model contents show.
        let after = driver.layersForFrame(renderTree.snapshot().layers, at: 1002)
        XCTAssertTrue(after[layer.layerID]?.state.contents === layer.contents as? CGImage)
    }

    func testAnimationsOfOtherKeysDoNotRedraw() throws {
        let layer = committedLayer(ProgressLayer(), size: CGSize(width: 10, height: 4))
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        CATransaction.flush()
        XCTAssertTrue(layer.displayDrivingKeys().isEmpty)
    }
}
