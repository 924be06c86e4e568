import CompositorCore
import CoreGraphics
import CPURenderer
import XCTest

/// The canvas's band clear stores only the pixels an earlier frame may have painted
/// (`PaintedRows`): a sequence of frames on one renderer (moved drawables, damage of one and of
/// two rectangles, a new clear colour) gives, byte for byte, what each frame painted on a fresh
/// canvas gives (outside the damage, the previous frame's bytes).
final class CPUPaintedRowsTests: XCTestCase {
    typealias S = CPUTestSupport
    static let width = 96, height = 72

    /// Rows of small translucent and opaque squares, moved by `shift` columns and `drop` rows.
    private func list(shift: Int, drop: Int, clear: PremultipliedColor) -> DrawList {
        var commands: [DrawCommand] = []
        for k in 0..<12 {
            let x = Double(3 + (k % 4) * 22 + shift), y = Double(2 + (k / 4) * 23 + drop)
            let color = k % 3 == 0 ? S.red : PremultipliedColor(red: 0, green: 0.3, blue: 0.5, alpha: 0.6)
            commands.append(.quad(Quad(transform: .identity, rect: CGRect(x: x, y: y, width: 13.5, height: 11), fillColor: color)))
        }
        return DrawList(pixelWidth: Self.width, pixelHeight: Self.height, clearColor: clear, commands: commands)
    }

    private func bytes(_ image: CGImage) -> [UInt8] { Array(image.data) }

    func testFramesMatchFreshCanvases() throws {
        let renderer = try CPURenderer(pixelWidth: Self.width, pixelHeight: Self.height, threadCount: 2)
        let dark = PremultipliedColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        let whole = [PixelRect(x: 0, y: 0, width: Self.width, height: Self.height)]
        let frames: [(shift: Int, drop: Int, clear: PremultipliedColor, damage: [PixelRect])] = [
            (0, 0, dark, whole), (5, 0, dark, whole), (9, 3, dark, whole),
            (2, 1, dark, [PixelRect(x: 10, y: 8, width: 50, height: 40)]), (7, 6, dark, whole),
            (0, 0, dark, [PixelRect(x: 0, y: 0, width: 30, height: 30), PixelRect(x: 40, y: 40, width: 30, height: 30)]),
            (4, 2, dark, whole), (4, 2, S.green, whole), (1, 0, S.green, whole), (1, 0, dark, whole),
        ]
        var previous: [UInt8]?
        for (index, frame) in frames.enumerated() {
            let list = list(shift: frame.shift, drop: frame.drop, clear: frame.clear)
            _ = try renderer.render(list, damageRegion: frame.damage)
            let got = bytes(try renderer.readPixels())
            let fresh = bytes(try S.render(list).0)
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let inside = frame.damage.contains { $0.x <= x && x < $0.x + $0.width && $0.y <= y && y < $0.y + $0.height }
                    let expected = inside ? fresh : previous!
                    let at = (y * Self.width + x) * 4
                    guard got[at..<at + 4] == expected[at..<at + 4] else {
                        return XCTFail("frame \(index): pixel (\(x), \(y)) is \(Array(got[at..<at + 4])), not \(Array(expected[at..<at + 4]))")
                    }
                }
            }
            previous = got
        }
    }
}
