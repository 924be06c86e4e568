import CompositorCore
import CoreGraphics
import CPURenderer
import GLESRenderer
import XCTest

/// A video frame drawn scaled or off the pixel grid: luma filtered linearly between its samples,
/// chroma read where the luma position lands in chroma texels by the frame's siting, on both
/// renderers; and the GLES renderer reads the planes directly, with no render target or RGB
/// texture of the frame.
final class VideoScaledSamplingTests: XCTestCase {
    static let width = 16, height = 4
    /// Luma rises by 8 a column from 60; Cb by 10 a chroma column from 100 (each clamped to its
    /// plane, as the renderers clamp at the edges); Cr is 100 in the upper chroma row and 140 in
    /// the lower.
    static func luma(_ x: Double) -> Double { 60 + 8 * min(max(x, 0), Double(width - 1)) }
    static func blueChroma(_ x: Double) -> Double { 100 + 10 * min(max(x, 0), Double(width / 2 - 1)) }

    private func rampFrame(layout: VideoFrameImage.Layout, siting: ChromaSiting, conversion: YCbCrConversion) -> VideoFrameImage {
        VideoTestFrames.make(layout: layout, width: Self.width, height: Self.height, siting: siting, conversion: conversion,
                             luma: { x, _ in UInt8(Self.luma(Double(x))) },
                             chroma: { x, y in (UInt8(Self.blueChroma(Double(x))), y == 0 ? 100 : 140) })
    }

    /// Draws `quad` on both renderers and checks, in rows 0 and 3 (Cr 100 and 140: rows are never
    /// scaled here), that pixel x shows the conversion of the ramps at luma position `lumaAt(x)`
    /// and at the chroma position the siting gives it, rounded, within 2 levels.
    private func assertRamps(_ quad: Quad, canvasWidth: Int, siting: ChromaSiting, conversion: YCbCrConversion, columns: [Int],
                             lumaAt: (Int) -> Double, _ name: String, gles: GLESRenderer, cpu: CPURenderer,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let list = DrawList(pixelWidth: canvasWidth, pixelHeight: Self.height, commands: [.quad(quad)])
        _ = try gles.render(list)
        _ = try cpu.render(list)
        let images = [("GLES", try gles.readPixels()), ("CPU", try cpu.readPixels())]
        let c = conversion.coefficients
        for x in columns {
            let l = lumaAt(x)
            let chroma = siting.isHorizontallyCosited ? l / 2 : l / 2 - 0.25
            for (y, cr) in [(0, 100.0), (3, 140.0)] {
                let s = SIMD4<Float>(Float(Self.luma(l)), Float(Self.blueChroma(chroma)), Float(cr), 1)
                let expected = c.map { Int(max(0, min(255, (($0 * s).sum() * 255).rounded()))) } + [255]
                for (renderer, image) in images {
                    let actual = VideoTestFrames.pixel(image, x, y)
                    let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
                    XCTAssertLessThanOrEqual(worst, 2, "\(name) \(renderer) at (\(x), \(y)): \(actual) vs \(expected)", file: file, line: line)
                }
            }
        }
    }

    /// The frame stretched to twice its width, filtered linearly: canvas pixel X's centre lies at
    /// luma position L = (X + 1/2) / 2 - 1/2, and at chroma position L / 2 co-sited or
    /// L / 2 - 1/4 halfway.
    func testAStretchedFrameReadsChromaWhereItsLumaPositionLands() throws {
        let gles = try GLESRenderer(pixelWidth: 32, pixelHeight: 4)
        let cpu = try CPURenderer(pixelWidth: 32, pixelHeight: 4, threadCount: 2)
        let conversion = YCbCrConversion(matrix: .bt709, isFullRange: false)
        for siting in [ChromaSiting.mpeg2, .centered] {
            for layout in [VideoFrameImage.Layout.i420, .nv12] {
                let frame = rampFrame(layout: layout, siting: siting, conversion: conversion)
                let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 4), texture: TextureSource(video: frame))
                try assertRamps(quad, canvasWidth: 32, siting: siting, conversion: conversion, columns: [3, 8, 9, 14, 21, 28],
                                lumaAt: { (Double($0) + 0.5) / 2 - 0.5 }, "\(siting) \(layout)", gles: gles, cpu: cpu)
            }
        }
    }

    /// Filtered linearly, a frame drawn on whole pixels shows each luma texel at its pixel (the
    /// GLES renderer reads it nearest there: the same texel, one read), and one drawn half a pixel
    /// off blends neighbouring texels: canvas pixel X of a quad at x0 shows luma position X - x0.
    /// (Not beyond L = 11: there blue leaves the gamut, and the CPU renderer, which filters the
    /// converted and clamped frame, differs from the clamped conversion.)
    func testLinearFilteringOnAndOffThePixelGrid() throws {
        let gles = try GLESRenderer(pixelWidth: 32, pixelHeight: 4)
        let cpu = try CPURenderer(pixelWidth: 32, pixelHeight: 4, threadCount: 2)
        let conversion = YCbCrConversion(matrix: .bt601, isFullRange: false)
        for siting in [ChromaSiting.mpeg2, .centered] {
            for x0 in [8.0, 8.5] {
                let frame = rampFrame(layout: .i420, siting: siting, conversion: conversion)
                let quad = Quad(transform: .identity, rect: CGRect(x: x0, y: 0, width: 16, height: 4), texture: TextureSource(video: frame),
                                antialiasedEdges: 0)
                try assertRamps(quad, canvasWidth: 32, siting: siting, conversion: conversion, columns: [10, 13, 16, 19],
                                lumaAt: { Double($0) - x0 }, "\(siting) x0 \(x0)", gles: gles, cpu: cpu)
            }
        }
    }

    /// The GLES renderer draws a frame from its planes: the first frame adds their textures (three
    /// for I420, two for NV12) and no framebuffer, and a second frame of the stream adds nothing.
    func testGLESDrawsAFrameFromItsPlanesWithNoIntermediateTarget() throws {
        for (layout, planes) in [(VideoFrameImage.Layout.i420, 3), (.nv12, 2)] {
            let gles = try GLESRenderer(pixelWidth: 16, pixelHeight: 4)
            func list(_ frame: VideoFrameImage) -> DrawList {
                let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 16, height: 4), texture: TextureSource(video: frame))
                return DrawList(pixelWidth: 16, pixelHeight: 4, commands: [.quad(quad)])
            }
            let conversion = YCbCrConversion(matrix: .bt601, isFullRange: false)
            _ = try gles.render(DrawList(pixelWidth: 16, pixelHeight: 4, commands: []))
            let before = gles.liveObjects
            XCTAssertEqual(try gles.render(list(rampFrame(layout: layout, siting: .mpeg2, conversion: conversion))).textureUploads, 1)
            XCTAssertEqual(gles.liveObjects.textures, before.textures + planes, "\(layout)")
            XCTAssertEqual(gles.liveObjects.framebuffers, before.framebuffers, "\(layout)")
            XCTAssertEqual(try gles.render(list(rampFrame(layout: layout, siting: .mpeg2, conversion: conversion))).textureUploads, 1)
            XCTAssertEqual(gles.liveObjects.textures, before.textures + planes, "\(layout)")
        }
    }
}
