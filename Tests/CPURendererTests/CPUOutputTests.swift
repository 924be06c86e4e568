import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Damage-limited frames, caller-owned framebuffers, and bad sizes.
final class CPUOutputTests: XCTestCase {
    typealias S = CPUTestSupport

    func testDamageRedrawsOnlyTheDamagedPixels() throws {
        let renderer = try CPURenderer(pixelWidth: 64, pixelHeight: 64, threadCount: 2)
        let rect = CGRect(x: 0, y: 0, width: 64, height: 64)
        _ = try renderer.render(DrawList(pixelWidth: 64, pixelHeight: 64, commands: [.quad(Quad(transform: .identity, rect: rect, fillColor: S.red))]))
        let blue = DrawList(pixelWidth: 64, pixelHeight: 64, commands: [.quad(Quad(transform: .identity, rect: rect, fillColor: S.blue))])
        _ = try renderer.render(blue, damage: PixelRect(x: 10, y: 20, width: 5, height: 7))
        let image = try renderer.readPixels()
        XCTAssertPixel(S.pixel(image, 10, 20), [0, 0, 255, 255])
        XCTAssertPixel(S.pixel(image, 14, 26), [0, 0, 255, 255])
        XCTAssertPixel(S.pixel(image, 15, 26), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 14, 27), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 9, 20), [255, 0, 0, 255])
        // Damage beyond the canvas is clamped; a list of another size is drawn whole.
        _ = try renderer.render(blue, damage: PixelRect(x: 60, y: 60, width: 100, height: 100))
        XCTAssertPixel(S.pixel(try renderer.readPixels(), 63, 63), [0, 0, 255, 255])
        _ = try renderer.render(DrawList(pixelWidth: 32, pixelHeight: 32, clearColor: S.green), damage: .empty)
        XCTAssertEqual(try renderer.readPixels().width, 32)
        XCTAssertPixel(S.pixel(try renderer.readPixels(), 20, 20), [0, 255, 0, 255])
    }

    func testFramebufferReceivesXRGBAndARGBWords() throws {
        let renderer = try CPURenderer(pixelWidth: 16, pixelHeight: 8, threadCount: 2)
        let bytesPerRow = 20 * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * 8, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 7, count: bytesPerRow * 8)
        let color = PremultipliedColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let half = PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5)
        let list = DrawList(pixelWidth: 16, pixelHeight: 8, clearColor: color,
                            commands: [.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 4, height: 8), fillColor: half, isOpaque: false))])
        renderer.framebuffer = CPUFramebuffer(baseAddress: memory, bytesPerRow: bytesPerRow, pixelWidth: 16, pixelHeight: 8, format: .xrgb8888)
        _ = try renderer.render(list)
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        // XRGB8888, little-endian: B, G, R, X at (10, 3).
        let p = 3 * bytesPerRow + 10 * 4
        XCTAssertEqual([bytes[p], bytes[p + 1], bytes[p + 2], bytes[p + 3]], [153, 102, 51, 255])
        XCTAssertEqual(bytes[3 * bytesPerRow + 16 * 4], 7, "padding beyond the width is left alone")
        renderer.framebuffer?.format = .argb8888
        _ = try renderer.render(DrawList(pixelWidth: 16, pixelHeight: 8, commands: list.commands))
        XCTAssertEqual([bytes[0], bytes[1], bytes[2], bytes[3]], [0, 0, 128, 128], "premultiplied half red")
        XCTAssertEqual([bytes[p], bytes[p + 1], bytes[p + 2], bytes[p + 3]], [0, 0, 0, 0])
        renderer.framebuffer = CPUFramebuffer(baseAddress: memory, bytesPerRow: bytesPerRow, pixelWidth: 8, pixelHeight: 8, format: .argb8888)
        XCTAssertThrowsError(try renderer.render(list)) { error in
            XCTAssertEqual(error as? CPURendererError, .framebufferTooSmall(width: 16, height: 8))
        }
    }

    func testBadSizesThrow() {
        XCTAssertThrowsError(try CPURenderer(pixelWidth: 0, pixelHeight: 10))
        XCTAssertThrowsError(try CPURenderer(pixelWidth: 10, pixelHeight: -1))
    }
}
