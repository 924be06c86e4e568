@testable import CPURenderer
import CPURendererKernels
import RendererTestSupport
import XCTest

/// The region kernel (`qc_sprite_paint_region_avx2`) paints a row's last run of fewer than eight
/// pixels with whole-register loads and stores where the eight columns lie before its column
/// limit (a band's right edge), blending the pixels past the span back as they were: only the
/// region's pixels change, and those as the rows kernel (masked loads and stores) paints them.
final class CPUSpriteRegionTailTests: XCTestCase {
    func testPixelsPastEachSpanKeepTheirBytes() throws {
        try XCTSkipUnless(processorRunsWideSpriteKernel, "this processor has no AVX2: the kernels do not run")
        let width = 64, height = 12, texture = 16
        var generator = SeededGenerator(seed: 131)
        // Every texel opaque but one in four half transparent: no pixel of the sprite is left as it was.
        let texels = (0..<texture * texture).map { i -> UInt32 in
            let alpha: UInt32 = i % 4 == 0 ? 0x80 : 0xFF
            return alpha << 24 | (UInt32(i) % alpha) << 16 | (UInt32(i * 7) % alpha) << 8 | UInt32(i * 13) % alpha
        }
        var checked = 0, painted = 0
        texels.withUnsafeBufferPointer { texels in
            let level = QCSpriteLevel(pixels: texels.baseAddress, width: Int32(texture), height: Int32(texture))
            // The whole canvas maps onto the texture; local coordinates are canvas ones.
            var sprite = QCSprite()
            sprite.h11 = 1; sprite.h22 = 1
            sprite.uPerUnit = 1 / Float(width); sprite.uUpper = 1
            sprite.vPerUnit = 1 / Float(height); sprite.vUpper = 1
            sprite.first = level; sprite.next = level
            sprite.redBlueScale = 0xC000_C000; sprite.greenAlphaScale = 0xC000_C000; sprite.scales = true
            for index in 0..<400 {
                // Spans of 1 to 20 columns ending anywhere, some at the window's end, within windows
                // that end at or before the canvas's; the limit the canvas's end, the window's, or
                // (taken as the window's) before it.
                let x1 = index % 3 == 0 ? width : width - Int(generator.next() % 20)
                let limit = [x1, width, x1 - 5][index % 3]
                let x0 = Int(generator.next() % 8)
                let first = x0 + Int(generator.next() % UInt64(x1 - x0))
                let last = index % 5 == 0 ? x1 - 1 : min(x1 - 1, first + Int(generator.next() % 20))
                var bounds = QCRowBounds()
                withUnsafeMutableBytes(of: &bounds.lowOffset) { $0.bindMemory(to: Double.self).update(repeating: -Double.greatestFiniteMagnitude) }
                withUnsafeMutableBytes(of: &bounds.highOffset) { $0.bindMemory(to: Double.self).update(repeating: Double.greatestFiniteMagnitude) }
                bounds.lowOffset.0 = Double(first) - 0.25; bounds.highOffset.0 = Double(last) + 0.25
                bounds.firstCentre = 1.5; bounds.lastCentre = Double(height) - 1.5
                let background = (0..<width * height).map { _ in UInt32(truncatingIfNeeded: generator.next()) }
                var region = background, rows = background
                region.withUnsafeMutableBufferPointer {
                    qc_sprite_paint_region_avx2(&sprite, &bounds, 0, Int32(height), Int32(x0), Int32(x1), Int32(limit), $0.baseAddress!,
                                                Int32(width))
                }
                let spans = (0..<height).flatMap { y -> [Int32] in
                    y >= 1 && y < height - 1 ? [Int32(first), Int32(last + 1)] : [0, 0]
                }
                rows.withUnsafeMutableBufferPointer { pixels in
                    spans.withUnsafeBufferPointer {
                        qc_sprite_paint_rows_avx2(&sprite, 0, Int32(height), $0.baseAddress!, pixels.baseAddress!, Int32(width))
                    }
                }
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * width + x, inside = y >= 1 && y < height - 1 && x >= first && x <= last
                        if !inside, region[i] != background[i] {
                            return XCTFail("case \(index), columns \(first)...\(last) of \(x0)..<\(x1): pixel (\(x), \(y)) outside changed")
                        }
                        if region[i] != rows[i] {
                            return XCTFail(String(format: "case %d: pixel (%d, %d) is %08X by the region kernel, %08X by the rows kernel",
                                                  index, x, y, region[i], rows[i]))
                        }
                        if inside, region[i] != background[i] { painted += 1 }
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(painted, 20000, "the spans' pixels are painted")
        XCTAssertEqual(checked, 400 * width * height)
    }
}
