import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// A long run of sublayers flattened in parts on several threads (`FrameFlattener+RunParts`)
/// must give the frame that flattening them one after another gives: the same commands and clips,
/// the same sublayer run for the next frame, the same subtrees stored in the cache (the next
/// frames, which reuse them, equal too), and the frame that a renderer reusing nothing draws.
final class FlatteningPartsTests: XCTestCase {
    /// 1,600 sublayers under a root with a rounded clip: most are leaves that draw alone (cards,
    /// sprites, sprites with a rounded clip of their own, translucent sprites over a background,
    /// which need an opacity group, shadows, hidden and transparent ones, animated ones), mixed
    /// with some that do not (a clipping layer with a sublayer, a masked layer, a gradient layer,
    /// a shadow path), which the join flattens at their place.
    private struct Scene {
        static let count = 1600
        let root = CALayer()
        var sublayers: [CALayer] = []
        /// How many sublayers draw alone.
        private(set) var drawingAlone = 0

        init() {
            let sprite = CGImage(width: 4, height: 4, bytesPerRow: 16,
                                 data: Data((0..<64).map { UInt8(truncatingIfNeeded: $0 * 37) | 0x80 }))!
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
            root.masksToBounds = true
            root.cornerRadius = 24
            for k in 0..<Self.count {
                let layer: CALayer = k % 101 == 5 ? CAGradientLayer() : CALayer()
                layer.frame = CGRect(x: CGFloat(k % 40) * 10, y: CGFloat(k / 40) * 7.5, width: 9, height: 6.5)
                layer.backgroundColor = CGColor(red: CGFloat(k % 7) / 7, green: 0.5, blue: CGFloat(k % 3) / 3, alpha: 1)
                var alone = true
                if k % 97 == 0 {
                    layer.masksToBounds = true
                    let inner = CALayer()
                    inner.frame = CGRect(x: 2, y: 2, width: 20, height: 2)
                    inner.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                    layer.addSublayer(inner)
                    alone = false
                } else if k % 89 == 7 {
                    let mask = CALayer()
                    mask.frame = CGRect(x: 1, y: 1, width: 5, height: 4)
                    mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                    layer.mask = mask
                    alone = false
                } else if k % 101 == 5 {
                    alone = false
                } else if k % 83 == 3 {
                    layer.shadowOpacity = 0.5
                    layer.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 9, height: 6), transform: nil)
                    alone = false
                } else if k % 7 == 0 {
                    layer.contents = sprite
                    layer.masksToBounds = true
                    layer.cornerRadius = 3
                } else if k % 5 == 0 {
                    layer.contents = sprite
                    layer.opacity = 0.5
                } else if k % 11 == 1 {
                    layer.isHidden = true
                } else if k % 13 == 2 {
                    layer.opacity = 0
                } else if k % 17 == 4 {
                    let fade = CABasicAnimation(keyPath: "opacity")
                    fade.fromValue = 0.2
                    fade.toValue = 1
                    fade.duration = 100
                    layer.add(fade, forKey: "fade")
                } else if k % 19 == 6 {
                    layer.shadowOpacity = 0.5
                    layer.shadowRadius = 2
                } else {
                    layer.cornerRadius = 2
                    layer.borderWidth = 1
                    layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
                }
                if alone { drawingAlone += 1 }
                sublayers.append(layer)
                root.addSublayer(layer)
            }
        }
    }

    private var scene: Scene!
    /// Flattens long runs in three parts, `serial` on one thread, `whole` reuses nothing.
    private var parallel: CARenderer!
    private var serial: CARenderer!
    private var whole: CARenderer!
    private var time: CFTimeInterval = 0

    override func setUpWithError() throws {
        scene = Scene()
        CATransaction.flush()
        time = CACurrentMediaTime()
        parallel = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        serial = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        whole = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        parallel.frames.maximumFlatteningParts = 3
        serial.frames.maximumFlatteningParts = 1
        whole.reusesUnchangedSubtrees = false
        for renderer in [parallel, serial, whole] { renderer?.layer = scene.root }
    }

    /// Draws the next frame with each renderer and compares them; returns how many sublayers
    /// the parallel renderer flattened in parts.
    @discardableResult
    private func assertNextFramesEqual(file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        time += 1.0 / 60
        let inParts = try parallel.drawList(atTime: time)
        let oneByOne = try serial.drawList(atTime: time)
        let reference = try whole.drawList(atTime: time)
        for (other, name) in [(oneByOne, "serial"), (reference, "whole")] {
            ReuseComparison.assertSameFrame(inParts, other, name: name, file: file, line: line)
        }
        XCTAssertEqual(inParts.continuity?.unchangedRanges, oneByOne.continuity?.unchangedRanges, "unchanged ranges",
                       file: file, line: line)
        XCTAssertTrue(parallel.lastFrameSubtrees == serial.lastFrameSubtrees,
                      "reused and flattened: \(parallel.lastFrameSubtrees) against \(serial.lastFrameSubtrees)",
                      file: file, line: line)
        let run = try XCTUnwrap(parallel.frames.subtreeCache.run(of: scene.root.layerID), file: file, line: line)
        let serialRun = try XCTUnwrap(serial.frames.subtreeCache.run(of: scene.root.layerID), file: file, line: line)
        XCTAssertEqual(run.frame, serialRun.frame, "run frame", file: file, line: line)
        XCTAssertEqual(run.commandStarts, serialRun.commandStarts, "run command starts", file: file, line: line)
        XCTAssertEqual(run.clipStarts, serialRun.clipStarts, "run clip starts", file: file, line: line)
        XCTAssertEqual(run.flattened, serialRun.flattened, "run flattened", file: file, line: line)
        XCTAssertEqual(serial.frames.lastFrameSublayersFlattenedInParts, 0, file: file, line: line)
        return parallel.frames.lastFrameSublayersFlattenedInParts
    }

    /// Moves the sublayers for which `moves` is true by a point, without implicit animations.
    private func move(where moves: (Int) -> Bool) {
        ReuseComparison.commitWithoutActions {
            for (k, layer) in scene.sublayers.enumerated() where moves(k) {
                layer.position.x += 1
            }
        }
    }

    func testFirstFrameFlattensEverySublayerThatDrawsAloneInParts() throws {
        XCTAssertEqual(try assertNextFramesEqual(), scene.drawingAlone)
        XCTAssertLessThan(scene.drawingAlone, Scene.count, "the run mixes sublayers that draw alone and others")
        // The second frame flattens them again (to store them), the third reuses them.
        XCTAssertEqual(try assertNextFramesEqual(), scene.drawingAlone)
        XCTAssertEqual(try assertNextFramesEqual(), 0)
        XCTAssertEqual(try assertNextFramesEqual(), 0)
    }

    func testEverySublayerMovingEveryFrame() throws {
        for _ in 0..<4 {
            move { _ in true }
            XCTAssertEqual(try assertNextFramesEqual(), scene.drawingAlone)
        }
    }

    func testMostSublayersMovingAmongStoredOnes() throws {
        for _ in 0..<3 { try assertNextFramesEqual() }
        // Four fifths moved: the others are drawn from the cache between the parts' sublayers.
        move { $0 % 5 != 2 }
        let inParts = try assertNextFramesEqual()
        XCTAssertGreaterThan(inParts, Scene.count / 2)
        XCTAssertLessThan(inParts, scene.drawingAlone)
        // The next frame flattens them again to store them; then a few moved: the run recorded
        // from the parts is repeated around them.
        XCTAssertEqual(try assertNextFramesEqual(), inParts)
        move { $0 % 200 == 3 }
        XCTAssertEqual(try assertNextFramesEqual(), 0)
        XCTAssertEqual(try assertNextFramesEqual(), 0)
        // The list changed: recorded again, in parts.
        ReuseComparison.commitWithoutActions {
            scene.sublayers[10].removeFromSuperlayer()
            scene.root.insertSublayer(scene.sublayers[10], at: 700)
        }
        move { _ in true }
        XCTAssertEqual(try assertNextFramesEqual(), scene.drawingAlone)
        XCTAssertEqual(try assertNextFramesEqual(), scene.drawingAlone)
    }
}
