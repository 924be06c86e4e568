import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer
import XCTest

/// The layers whose animations drive their display belong to the transactions of the thread that
/// commits them, and a frame builder draws with the driver it is handed when it is made.
final class DisplayDriverOwnershipTests: XCTestCase {
    /// A progress layer animating 0 → 1 over 1 s from media time 1000: at 1000.5 a builder
    /// handed the committing thread's driver draws the presentation value (50 red columns of
    /// 100); one handed a driver of its own, which watches nothing, draws the model's (100).
    func testABuilderRedrawsTheLayersOfTheDriverItIsHanded() throws {
        let layer = committedLayer(ProgressLayer(), size: CGSize(width: 100, height: 4))
        addHeldProgressAnimation(to: layer)

        func drawnColumns(_ builder: FrameBuilder) -> Int {
            let list = builder.drawList(of: layer, atTime: 1000.5, viewTransform: CATransform3DIdentity, pixelWidth: 100,
                                        pixelHeight: 4, clearColor: CGColor(red: 0, green: 0, blue: 0, alpha: 0))
            let image = list.commands.lazy.compactMap { command -> CGImage? in
                if case .quad(let quad) = command { return quad.texture?.image }
                return nil
            }.first
            return redColumns(image)
        }
        let budget = CacheBudget(byteLimit: 1 << 20)
        XCTAssertGreaterThan(DisplayAnimationDriver.ofCallingThread.watchedLayerCount, 0)
        XCTAssertEqual(drawnColumns(FrameBuilder(pictureBudget: budget)), 50, "the committing thread's driver")
        XCTAssertEqual(drawnColumns(FrameBuilder(pictureBudget: budget, displayDriver: DisplayAnimationDriver())), 100,
                       "a driver of its own")
    }
}
