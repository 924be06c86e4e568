import CompositorCore
import CoreGraphics

/// Video frames made in memory for the rendering tests: planes filled from functions of the
/// sample position, kept alive by the frame.
enum VideoTestFrames {
    /// The planes' memory, kept by the frame (read-only once made).
    final class Planes: @unchecked Sendable {
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

    /// A `width`×`height` 4:2:0 frame whose luma at (x, y) is `luma(x, y)` and whose chroma at
    /// chroma sample (x, y) is `chroma(x, y)` (Cb, Cr); rows `stride` bytes apart (at least
    /// their samples: an NV12 chroma row is twice its width).
    static func make(layout: VideoFrameImage.Layout, width w: Int, height h: Int, stride: Int? = nil,
                     siting: ChromaSiting = .mpeg2, conversion: YCbCrConversion,
                     luma: (Int, Int) -> UInt8, chroma: (Int, Int) -> (cb: UInt8, cr: UInt8)) -> VideoFrameImage {
        let cw = (w + 1) / 2, ch = (h + 1) / 2
        let lumaStride = stride ?? w, chromaStride = stride ?? (layout == .nv12 ? 2 * cw : cw)
        var y = [UInt8](repeating: 0, count: lumaStride * h)
        var cb = [UInt8](repeating: 0, count: chromaStride * ch), cr = cb, uv = cb
        for row in 0..<h { for x in 0..<w { y[row * lumaStride + x] = luma(x, row) } }
        for row in 0..<ch {
            for x in 0..<cw {
                let c = chroma(x, row)
                cb[row * chromaStride + x] = c.cb; cr[row * chromaStride + x] = c.cr
                if 2 * x + 1 < chromaStride { uv[row * chromaStride + 2 * x] = c.cb; uv[row * chromaStride + 2 * x + 1] = c.cr }
            }
        }
        let storage = Planes(layout == .i420 ? [y, cb, cr] : [y, uv])
        let planes = storage.pointers.indices.map { i in
            VideoFrameImage.Plane(baseAddress: storage.pointers[i], bytesPerRow: i == 0 ? lumaStride : chromaStride,
                                  width: i == 0 ? w : cw, height: i == 0 ? h : ch)
        }
        return VideoFrameImage(layout: layout, width: w, height: h, planes: planes, conversion: conversion,
                               chromaSiting: siting, storage: storage)
    }

    /// The RGBA bytes of `image` at (x, y).
    static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        image.data.withUnsafeBytes { (b: UnsafeRawBufferPointer) in (0..<4).map { Int(b[y * image.bytesPerRow + x * 4 + $0]) } }
    }
}
