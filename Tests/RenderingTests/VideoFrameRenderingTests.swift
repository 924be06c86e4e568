import CompositorCore
import CoreGraphics
import CPURenderer
import GLESRenderer
import XCTest

/// Video frames as quad textures: the GLES conversion pass and the CPU conversion give the
/// pixels `YCbCrConversion` defines, within 2 levels, for both matrices, both ranges and both
/// plane layouts.
final class VideoFrameRenderingTests: XCTestCase {
    /// 75% colour bars (ITU-R BT.801's Y'CbCr values for BT.601 limited range), eight bars of 8
    /// pixels in a 64×16 frame.
    static let bars: [(y: UInt8, cb: UInt8, cr: UInt8)] = [
        (180, 128, 128), (162, 44, 142), (131, 156, 44), (112, 72, 58),
        (84, 184, 198), (65, 100, 212), (35, 212, 114), (16, 128, 128),
    ]

    private func barFrame(layout: VideoFrameImage.Layout, conversion: YCbCrConversion, stride: Int = 80) -> VideoFrameImage {
        VideoTestFrames.make(layout: layout, width: 64, height: 16, stride: stride, conversion: conversion,
                             luma: { x, _ in Self.bars[x / 8].y }, chroma: { x, _ in (Self.bars[x / 4].cb, Self.bars[x / 4].cr) })
    }

    private func list(_ frame: VideoFrameImage) -> DrawList {
        let texture = TextureSource(video: frame, minificationFilter: .nearest, magnificationFilter: .nearest)
        let quad = Quad(transform: Matrix4.identity, rect: CGRect(x: 0, y: 0, width: 64, height: 16), texture: texture)
        return DrawList(pixelWidth: 64, pixelHeight: 16, clearColor: .clear, commands: [.quad(quad)])
    }

    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] { VideoTestFrames.pixel(image, x, y) }

    func testReferenceConversionsOfKnownColours() {
        let limited601 = YCbCrConversion(matrix: .bt601, isFullRange: false)
        XCTAssertTrue(limited601.rgb(y: 235, cb: 128, cr: 128) == (255, 255, 255))
        XCTAssertTrue(limited601.rgb(y: 16, cb: 128, cr: 128) == (0, 0, 0))
        // 75% red of BT.601 limited range (Y' 65, Cb 100, Cr 212) is R' 0.75.
        let red = limited601.rgb(y: 65, cb: 100, cr: 212)
        XCTAssertEqual(Int(red.r), 191, accuracy: 1); XCTAssertEqual(Int(red.g), 0, accuracy: 1); XCTAssertEqual(Int(red.b), 0, accuracy: 1)
        // 100% red in BT.709 limited range: Y' 63, Cb 102, Cr 240.
        let red709 = YCbCrConversion(matrix: .bt709, isFullRange: false).rgb(y: 63, cb: 102, cr: 240)
        XCTAssertEqual(Int(red709.r), 255, accuracy: 1); XCTAssertEqual(Int(red709.g), 0, accuracy: 1); XCTAssertEqual(Int(red709.b), 0, accuracy: 2)
        // Full range: Y' 255 is white, and BT.601's red is Y' 76, Cb 85, Cr 255.
        let full601 = YCbCrConversion(matrix: .bt601, isFullRange: true)
        XCTAssertTrue(full601.rgb(y: 255, cb: 128, cr: 128) == (255, 255, 255))
        let fullRed = full601.rgb(y: 76, cb: 85, cr: 255)
        XCTAssertEqual(Int(fullRed.r), 255, accuracy: 1); XCTAssertEqual(Int(fullRed.g), 0, accuracy: 1); XCTAssertEqual(Int(fullRed.b), 0, accuracy: 1)
        // The same samples differ between the matrices and between the ranges.
        XCTAssertNotEqual(limited601.rgb(y: 112, cb: 72, cr: 58).g, YCbCrConversion(matrix: .bt709, isFullRange: false).rgb(y: 112, cb: 72, cr: 58).g)
        XCTAssertNotEqual(limited601.rgb(y: 112, cb: 72, cr: 58).g, full601.rgb(y: 112, cb: 72, cr: 58).g)
    }

    func testGLESAndCPUAgreeWithTheReferenceOnColourBars() throws {
        let gles = try GLESRenderer(pixelWidth: 64, pixelHeight: 16)
        let cpu = try CPURenderer(pixelWidth: 64, pixelHeight: 16, threadCount: 2)
        for matrix in [YCbCrConversion.Matrix.bt601, .bt709] {
            for isFullRange in [false, true] {
                let conversion = YCbCrConversion(matrix: matrix, isFullRange: isFullRange)
                for layout in [VideoFrameImage.Layout.i420, .nv12] {
                    let frame = barFrame(layout: layout, conversion: conversion)
                    let glStats = try gles.render(list(frame))
                    XCTAssertEqual(glStats.textureUploads, 1)
                    let glImage = try gles.readPixels()
                    _ = try cpu.render(list(frame))
                    let cpuImage = try cpu.readPixels()
                    for (i, bar) in Self.bars.enumerated() {
                        let expected = conversion.rgb(y: bar.y, cb: bar.cb, cr: bar.cr)
                        let reference = [Int(expected.r), Int(expected.g), Int(expected.b), 255]
                        for y in [1, 8, 14] {
                            let name = "\(matrix) full \(isFullRange) \(layout) bar \(i)"
                            XCTAssertPixelNear(pixel(glImage, i * 8 + 3, y), reference, name + " GLES")
                            XCTAssertPixelNear(pixel(cpuImage, i * 8 + 4, y), reference, name + " CPU")
                        }
                    }
                }
            }
        }
    }

    /// A 16×4 frame of mid luma whose Cb rises by 20 a chroma column (40...180) and whose Cr is
    /// 100 in the upper chroma row and 140 in the lower.
    private func rampFrame(layout: VideoFrameImage.Layout, siting: ChromaSiting, conversion: YCbCrConversion) -> VideoFrameImage {
        VideoTestFrames.make(layout: layout, width: 16, height: 4, siting: siting, conversion: conversion,
                             luma: { _, _ in 126 }, chroma: { x, y in (UInt8(40 + 20 * x), y == 0 ? 100 : 140) })
    }

    /// Chroma is upsampled bilinearly from where the siting places it: with MPEG-2's siting,
    /// pixel 4 takes chroma column 2 and pixel 5 halfway between columns 2 and 3; centred, pixel
    /// 4 takes 3/4 of column 2 and 1/4 of column 1, pixel 5 3/4 of column 2 and 1/4 of column 3.
    /// Vertically halfway, rows 1 and 2 take 1/4 and 3/4 of the lower chroma row; co-sited,
    /// row 1 takes half of each and row 2 the lower row. Both renderers, both layouts.
    func testChromaIsUpsampledFromWhereTheSitingPlacesIt() throws {
        let gles = try GLESRenderer(pixelWidth: 16, pixelHeight: 4)
        let cpu = try CPURenderer(pixelWidth: 16, pixelHeight: 4, threadCount: 2)
        let conversion = YCbCrConversion(matrix: .bt601, isFullRange: false)
        // (siting, Cb at pixels 4 and 5, Cr at rows 0...3)
        let cases: [(ChromaSiting, [UInt8], [UInt8])] = [
            (.mpeg2, [80, 90], [100, 110, 130, 140]),
            (.centered, [75, 85], [100, 110, 130, 140]),
            (.cosited, [80, 90], [100, 120, 140, 140]),
        ]
        for (siting, cbs, crs) in cases {
            for layout in [VideoFrameImage.Layout.i420, .nv12] {
                let frame = rampFrame(layout: layout, siting: siting, conversion: conversion)
                let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 16, height: 4),
                                texture: TextureSource(video: frame, minificationFilter: .nearest, magnificationFilter: .nearest))
                let list = DrawList(pixelWidth: 16, pixelHeight: 4, commands: [.quad(quad)])
                _ = try gles.render(list)
                _ = try cpu.render(list)
                let images = [("GLES", try gles.readPixels()), ("CPU", try cpu.readPixels())]
                for (x, cb) in zip([4, 5], cbs) {
                    for (y, cr) in crs.enumerated() {
                        let expected = conversion.rgb(y: 126, cb: cb, cr: cr)
                        for (name, image) in images {
                            XCTAssertPixelNear(pixel(image, x, y), [Int(expected.r), Int(expected.g), Int(expected.b), 255],
                                               "\(siting) \(layout) \(name) at (\(x), \(y))")
                        }
                    }
                }
            }
        }
    }

    func testTheSameFrameObjectUploadsOnce() throws {
        let gles = try GLESRenderer(pixelWidth: 64, pixelHeight: 16)
        let frame = barFrame(layout: .nv12, conversion: YCbCrConversion(matrix: .bt709, isFullRange: false))
        XCTAssertEqual(try gles.render(list(frame)).textureUploads, 1)
        XCTAssertEqual(try gles.render(list(frame)).textureUploads, 0)
        let next = barFrame(layout: .nv12, conversion: YCbCrConversion(matrix: .bt709, isFullRange: false))
        XCTAssertEqual(try gles.render(list(next)).textureUploads, 1)
        let before = gles.liveObjects
        for _ in 0..<20 { _ = try gles.render(list(barFrame(layout: .nv12, conversion: frame.conversion))) }
        XCTAssertEqual(gles.liveObjects.textures, before.textures)
        XCTAssertEqual(gles.liveObjects.framebuffers, before.framebuffers)
    }

    private func XCTAssertPixelNear(_ actual: [Int], _ expected: [Int], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, 2, "\(message): \(actual) vs \(expected)", file: file, line: line)
    }
}
