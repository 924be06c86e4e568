import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// A band notes which pixels still hold the clear colour (`ClearedRows`) only up to its last
/// general quad, the only kind that reads them (a translucent one-colour interior stored over the
/// clear colour without reading the pixels): sprites before a general quad are still noted, so
/// its interior blends over them; sprites after it, and bands without one, note nothing.
final class CPUBandClearedRowsTests: XCTestCase {
    private static let canvas = (width: 90, height: 70)
    private static let clear = packPixel(SIMD4<Float>(0.1, 0.2, 0.3, 1))

    private static func list(_ layers: [(Quad, TextureBinding?)]) -> PreparedQuadList {
        var list = PreparedQuadList()
        [PreparedClip]().withUnsafeBufferPointer { clips in
            for (quad, binding) in layers {
                list.append(quad, texture: binding, clips: clips, canvasWidth: canvas.width, canvasHeight: canvas.height)
            }
        }
        return list
    }

    /// `list` painted by bands that clear the canvas, and over a canvas filled with the clear
    /// colour beforehand by bands that do not (which keep no cleared rows at all).
    private static func paintBothWays(_ list: PreparedQuadList, threads: Int) -> (cleared: [UInt32], filled: [UInt32]) {
        let region = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let cleared = PixelBuffer(width: canvas.width, height: canvas.height)
        BandPainter(threadCount: threads).paint(list, clips: [], into: cleared, region: region, clear: clear)
        let filled = PixelBuffer(width: canvas.width, height: canvas.height)
        for offset in 0..<canvas.width * canvas.height { filled.pixels[offset] = clear }
        BandPainter(threadCount: threads).paint(list, clips: [], into: filled, region: region, clear: nil)
        func pixels(_ buffer: PixelBuffer) -> [UInt32] { Array(UnsafeBufferPointer(start: buffer.pixels, count: canvas.width * canvas.height)) }
        return (pixels(cleared), pixels(filled))
    }

    func testSpritesBeforeAGeneralQuadAreNotedAndAfterItChangeNothing() {
        func sprite(_ x: Double, _ y: Double) -> (Quad, TextureBinding?) {
            let quad = SpriteFixtures.sprite(SpriteFixtures.placed(x: x, y: y, scaleX: 1.5, scaleY: 1.5), opacity: 1)
            return (quad, SpriteFixtures.binding(quad))
        }
        // A translucent card of one colour, square-cornered and hard-edged: its interior is the
        // shortcut's, stored over the clear colour where the rows still hold it.
        let card = Quad(transform: .identity, rect: CGRect(x: 8, y: 6, width: 70, height: 50),
                        fillColor: PremultipliedColor(red: 0.3, green: 0.1, blue: 0.2, alpha: 0.5), antialiasedEdges: 0)
        let layers = [sprite(10, 8), sprite(40, 30), (card, nil), sprite(30, 20), sprite(60, 45)]
        let list = Self.list(layers)
        XCTAssertEqual(list.sprites.count, 4)
        XCTAssertEqual(list.quads.count, 1)
        for threads in [1, 2, 4] {
            let (cleared, filled) = Self.paintBothWays(list, threads: threads)
            XCTAssertEqual(zip(cleared, filled).filter { $0 != $1 }.count, 0, "\(threads) threads: pixels that differ")
        }
        // Sprites alone: no band keeps cleared rows, and the pixels are the same.
        let sprites = Self.list([sprite(10, 8), sprite(40, 30), sprite(30, 20)])
        let (cleared, filled) = Self.paintBothWays(sprites, threads: 2)
        XCTAssertEqual(zip(cleared, filled).filter { $0 != $1 }.count, 0, "sprites alone: pixels that differ")
    }
}
