@testable import AVFoundation
import Foundation
import MediaDecoding
import MediaTestSupport
import QuartzCoreSnapshotTesting
import QuartzCoreTesting
import XCTest

/// The barcode index read from a rendered image of the 320×240 clip drawn at its size at the top left.
private func index(in image: CGImage) -> Int {
    image.data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
        var index = 0
        for bit in 0..<BarcodeClip.bits {
            let x = bit * BarcodeClip.blockSize + BarcodeClip.blockSize / 2, y = BarcodeClip.blockSize / 2
            if bytes[y * image.bytesPerRow + x * 4] > 128 { index |= 1 << bit }
        }
        return index
    }
}

/// `AVPlayerLayer` drawn by `CARenderer` and `QuartzCoreTesting` on both renderers: the frame at
/// an exact seek, the same on every render; a paused video damages nothing.
final class AVPlayerLayerRenderingTests: XCTestCase {
    private func pausedLayer(atFrame frame: Int) throws -> (AVPlayerLayer, AVPlayer) {
        let player = AVPlayer(url: ClipFixtures.barcode30)
        let layer = AVPlayerLayer(player: player)
        layer.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let done = Locked<Bool?>(nil)
        player.seek(to: CMTime(value: Int64(frame) * 10 + 5, timescale: 300), toleranceBefore: .zero, toleranceAfter: .zero) { ok in
            done.update { $0 = ok }
        }
        waitUntil { done.current != nil }
        XCTAssertEqual(done.current, true)
        return (layer, player)
    }

    func testPausedPlayerAfterAnExactSeekRendersTheSameFrameThroughCARendererOnBothRenderers() throws {
        let (layer, player) = try pausedLayer(atFrame: 47)
        CATransaction.flush()
        for cpu in [false, true] {
            let renderer = cpu ? try CARenderer(cpuPixelWidth: 320, pixelHeight: 240) : try CARenderer(pixelWidth: 320, pixelHeight: 240)
            renderer.layer = layer
            renderer.tracksDamage = true
            let t0 = CACurrentMediaTime()
            try renderer.renderFrame(atTime: t0)
            let first = try renderer.makeImage()
            XCTAssertEqual(index(in: first), 47, cpu ? "CPU" : "GLES")
            try renderer.renderFrame(atTime: t0 + 1)
            XCTAssertTrue(renderer.lastDamage.isEmpty, "a paused video damages nothing: \(renderer.lastDamage)")
            let second = try renderer.makeImage()
            XCTAssertEqual(first.data, second.data)
        }
        withExtendedLifetime(player) {}
    }

    func testQuartzCoreTestingRendersTheSeekedFrameOnEveryRun() throws {
        let (layer, player) = try pausedLayer(atFrame: 23)
        let gles = try renderImage(of: layer, renderer: .gles)
        let cpu = try renderImage(of: layer, renderer: .cpu)
        XCTAssertEqual(index(in: gles), 23)
        XCTAssertEqual(index(in: cpu), 23)
        XCTAssertEqual(try renderImage(of: layer, renderer: .cpu).data, cpu.data)
        let comparison = ImageComparison(reference: gles, actual: cpu, tolerance: ImageTolerance(precision: 1, maximumChannelDifference: 2))
        XCTAssertTrue(comparison.matches, "GLES and CPU differ by more than 2 levels")
        withExtendedLifetime(player) {}
    }

    /// The snapshot strategies (`Snapshotting<CALayer, CGImage>.image`) render the seeked frame
    /// on both renderers, the same image on every run: a video layer can be snapshot-tested.
    func testSnapshotStrategiesRenderTheSeekedFrameOnBothRenderers() throws {
        let (layer, player) = try pausedLayer(atFrame: 61)
        func snapshot(_ renderer: SnapshotRenderer) -> CGImage? {
            var image: CGImage?
            Snapshotting<CALayer, CGImage>.image(renderer: renderer).snapshot(layer).run { image = $0 }
            return image
        }
        let gles = try XCTUnwrap(snapshot(.gles)), cpu = try XCTUnwrap(snapshot(.cpu))
        XCTAssertEqual(index(in: gles), 61)
        XCTAssertEqual(index(in: cpu), 61)
        XCTAssertEqual(try XCTUnwrap(snapshot(.cpu)).data, cpu.data)
        XCTAssertEqual(try XCTUnwrap(snapshot(.gles)).data, gles.data)
        withExtendedLifetime(player) {}
    }

    func testPlayingVideoDamagesOnlyItsLayer() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let player = AVPlayer(url: ClipFixtures.barcode30)
        let layer = AVPlayerLayer(player: player)
        layer.frame = CGRect(x: 40, y: 30, width: 160, height: 120)
        root.addSublayer(layer)
        CATransaction.flush()
        player.play()
        waitUntil { player.timeControlStatus == .playing }
        let renderer = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        renderer.layer = root
        renderer.tracksDamage = true
        try renderer.renderFrame(atTime: CACurrentMediaTime())
        usleep(150_000)
        try renderer.renderFrame(atTime: CACurrentMediaTime())
        let damage = renderer.lastDamage
        XCTAssertFalse(damage.isEmpty)
        for rect in damage {
            XCTAssertGreaterThanOrEqual(rect.x, 39); XCTAssertGreaterThanOrEqual(rect.y, 29)
            XCTAssertLessThanOrEqual(rect.x + rect.width, 201); XCTAssertLessThanOrEqual(rect.y + rect.height, 151)
        }
    }
}

/// A video layer among many moving siblings (the flattener's sublayer runs, which draw a layer
/// that only moved from its last frame's quads) still shows each new frame.
final class AVPlayerLayerAmongSiblingsTests: XCTestCase {
    func testPlayingVideoAmongMovingSiblingsShowsNewFrames() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 300)
        let player = AVPlayer(url: ClipFixtures.barcode30)
        let video = AVPlayerLayer(player: player)
        video.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        video.videoGravity = .resize
        root.addSublayer(video)
        var cards: [CALayer] = []
        for i in 0..<40 {
            let card = CALayer()
            card.frame = CGRect(x: CGFloat(i % 10) * 30, y: 250, width: 20, height: 20)
            card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(card)
            cards.append(card)
        }
        CATransaction.flush()
        waitUntil { player.currentItem?.status == .readyToPlay }
        player.play()
        waitUntil { player.timeControlStatus == .playing }
        let renderer = try CARenderer(cpuPixelWidth: 320, pixelHeight: 300)
        renderer.layer = root
        var indices: [Int] = []
        for step in 0..<4 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for card in cards { card.position.x += 1 }
            CATransaction.commit()
            CATransaction.flush()
            try renderer.renderFrame(atTime: CACurrentMediaTime())
            indices.append(index(in: try renderer.makeImage()))
            if step < 3 { usleep(120_000) }
        }
        XCTAssertEqual(indices, indices.sorted(), "\(indices)")
        XCTAssertGreaterThan(indices.last! - indices.first!, 6, "\(indices)")
    }
}
