import CompositorCore
import CoreGraphics
import CPURenderer
import GLESRenderer
import XCTest

/// A video frame drawn scaled: luma filtered linearly between its samples, chroma read where the
/// luma position lands in chroma texels by the frame's siting, on both renderers; and the GLES
/// renderer reads the planes directly, with no render target or RGB texture of the frame.
final class VideoScaledSamplingTests: XCTestCase {
    /// The planes' memory, kept by the frame (read-only once made).
    private final class Planes: @unchecked Sendable {
        let pointers: [UnsafeMutableRawPointer]
        init(_ bytes: [[UInt8]]) {
            pointers = bytes.map { plane in
                let p = UnsafeMutableRawPointer.allocate(byteCount: plane.count, alignment: 16)
                p.copyMemory(from: plane, byteCount: plane.count)
                return p
            }
        }
        deinit { pointers.forEach { $0.deallocate() } }
    }

    static let width = 16, height = 4
    /// Luma rises by 8 a column from 60; Cb by 10 a chroma column from 100; Cr is 100 in the
    /// upper chroma row and 140 in the lower.
    static func luma(_ x: Double) -> Double { 60 + 8 * min(max(x, 0), Double(width - 1)) }
    static func blueChroma(_ x: Double) -> Double { 100 + 10 * min(max(x, 0), Double(width / 2 - 1)) }

    private func rampFrame(layout: VideoFrameImage.Layout, siting: ChromaSiting, conversion: YCbCrConversion) -> VideoFrameImage {
        let w = Self.width, h = Self.height, cw = w / 2, ch = h / 2
        var luma = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { luma[y * w + x] = UInt8(Self.luma(Double(x))) } }
        var cb = [UInt8](repeating: 0, count: cw * ch), cr = cb, uv = [UInt8](repeating: 0, count: 2 * cw * ch)
        for y in 0..<ch {
            for x in 0..<cw {
                cb[y * cw + x] = UInt8(Self.blueChroma(Double(x))); cr[y * cw + x] = y == 0 ? 100 : 140
                uv[y * 2 * cw + 2 * x] = cb[y * cw + x]; uv[y * 2 * cw + 2 * x + 1] = cr[y * cw + x]
            }
        }
        let storage = Planes(layout == .i420 ? [luma, cb, cr] : [luma, uv])
        let planes = storage.pointers.indices.map { i in
            VideoFrameImage.Plane(baseAddress: storage.pointers[i], bytesPerRow: i == 0 ? w : (layout == .nv12 ? 2 * cw : cw),
                                  width: i == 0 ? w : cw, height: i == 0 ? h : ch)
        }
        return VideoFrameImage(layout: layout, width: w, height: h, planes: planes, conversion: conversion,
                               chromaSiting: siting, storage: storage)
    }

    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        image.data.withUnsafeBytes { (b: UnsafeRawBufferPointer) in (0..<4).map { Int(b[y * image.bytesPerRow + x * 4 + $0]) } }
    }

    /// The frame stretched to twice its width, filtered linearly: canvas pixel X's centre lies at
    /// luma position L = (X + 1/2) / 2 - 1/2, where luma is 60 + 8 L, and at chroma position
    /// L / 2 co-sited or L / 2 - 1/4 halfway, where Cb is 100 + 10 times it (each clamped to its
    /// plane). Rows are not scaled: row 0 takes the upper Cr row, row 3 the lower. The expected
    /// colour is the conversion of those samples, rounded; both renderers within 2 levels.
    func testAStretchedFrameReadsChromaWhereItsLumaPositionLands() throws {
        let gles = try GLESRenderer(pixelWidth: 32, pixelHeight: 4)
        let cpu = try CPURenderer(pixelWidth: 32, pixelHeight: 4, threadCount: 2)
        let conversion = YCbCrConversion(matrix: .bt709, isFullRange: false)
        let c = conversion.coefficients
        for siting in [ChromaSiting.mpeg2, .centered] {
            for layout in [VideoFrameImage.Layout.i420, .nv12] {
                let frame = rampFrame(layout: layout, siting: siting, conversion: conversion)
                let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 4), texture: TextureSource(video: frame))
                let list = DrawList(pixelWidth: 32, pixelHeight: 4, commands: [.quad(quad)])
                _ = try gles.render(list)
                _ = try cpu.render(list)
                let images = [("GLES", try gles.readPixels()), ("CPU", try cpu.readPixels())]
                for x in [3, 8, 9, 14, 21, 28] {
                    let l = (Double(x) + 0.5) / 2 - 0.5
                    let chroma = siting.isHorizontallyCosited ? l / 2 : l / 2 - 0.25
                    for (y, cr) in [(0, 100.0), (3, 140.0)] {
                        let s = SIMD4<Float>(Float(Self.luma(l)), Float(Self.blueChroma(chroma)), Float(cr), 1)
                        let expected = c.map { Int(max(0, min(255, ((($0 * s).sum()) * 255).rounded()))) } + [255]
                        for (name, image) in images {
                            let actual = pixel(image, x, y)
                            let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
                            XCTAssertLessThanOrEqual(worst, 2, "\(siting) \(layout) \(name) at (\(x), \(y)): \(actual) vs \(expected)")
                        }
                    }
                }
            }
        }
    }

    /// Filtered linearly, a frame drawn on whole pixels shows each luma texel at its pixel (the
    /// GLES renderer reads it nearest there: the same texel, one read), and one drawn half a pixel
    /// off blends neighbouring texels: at canvas pixel X of a quad at x0, luma position
    /// L = X + 1/2 - x0 - 1/2 (60 + 8 L) and chroma where L lands by the siting, on both renderers.
    func testLinearFilteringOnAndOffThePixelGrid() throws {
        let gles = try GLESRenderer(pixelWidth: 32, pixelHeight: 4)
        let cpu = try CPURenderer(pixelWidth: 32, pixelHeight: 4, threadCount: 2)
        let conversion = YCbCrConversion(matrix: .bt601, isFullRange: false)
        let c = conversion.coefficients
        for siting in [ChromaSiting.mpeg2, .centered] {
            for x0 in [8.0, 8.5] {
                let frame = rampFrame(layout: .i420, siting: siting, conversion: conversion)
                let quad = Quad(transform: .identity, rect: CGRect(x: x0, y: 0, width: 16, height: 4), texture: TextureSource(video: frame),
                                antialiasedEdges: 0)
                let list = DrawList(pixelWidth: 32, pixelHeight: 4, commands: [.quad(quad)])
                _ = try gles.render(list)
                _ = try cpu.render(list)
                let images = [("GLES", try gles.readPixels()), ("CPU", try cpu.readPixels())]
                // (Not beyond L = 11: there blue leaves the gamut, and the CPU renderer, which
                // filters the converted and clamped frame, differs from the clamped conversion.)
                for x in [10, 13, 16, 19] {
                    let l = Double(x) - x0
                    let chroma = siting.isHorizontallyCosited ? l / 2 : l / 2 - 0.25
                    for (y, cr) in [(0, 100.0), (3, 140.0)] {
                        let s = SIMD4<Float>(Float(Self.luma(l)), Float(Self.blueChroma(chroma)), Float(cr), 1)
                        let expected = c.map { Int(max(0, min(255, ((($0 * s).sum()) * 255).rounded()))) } + [255]
                        for (name, image) in images {
                            let actual = pixel(image, x, y)
                            let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
                            XCTAssertLessThanOrEqual(worst, 2, "\(siting) x0 \(x0) \(name) at (\(x), \(y)): \(actual) vs \(expected)")
                        }
                    }
                }
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
