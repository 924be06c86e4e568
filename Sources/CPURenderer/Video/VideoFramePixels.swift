import CompositorCore

extension PixelBuffer {
    /// The frame's pixels converted to opaque RGBA8 by its `YCbCrConversion`, chroma taken from
    /// the 2×2 block each pixel lies in (as the GLES conversion pass takes it), eight pixels at a
    /// time.
    convenience init(videoFrame frame: VideoFrameImage) {
        self.init(width: frame.width, height: frame.height)
        let c = frame.conversion.coefficients
        // Coefficients scaled to bytes, so a pixel is one multiply-add per term.
        let r = c[0] * 255, g = c[1] * 255, b = c[2] * 255
        let luma = frame.planes[0]
        let width = frame.width
        var ys = SIMD8<Float>(), cbs = SIMD8<Float>(), crs = SIMD8<Float>()
        for row in 0..<frame.height {
            let yRow = luma.baseAddress + row * luma.bytesPerRow
            let chromaRow = row / 2
            let out = pixels + row * self.width
            var x = 0
            while x < width {
                let count = min(8, width - x)
                for i in 0..<8 {
                    let px = x + min(i, count - 1)
                    ys[i] = Float(yRow.load(fromByteOffset: px, as: UInt8.self))
                    switch frame.layout {
                    case .i420:
                        let cb = frame.planes[1], cr = frame.planes[2]
                        cbs[i] = Float(cb.baseAddress.load(fromByteOffset: chromaRow * cb.bytesPerRow + px / 2, as: UInt8.self))
                        crs[i] = Float(cr.baseAddress.load(fromByteOffset: chromaRow * cr.bytesPerRow + px / 2, as: UInt8.self))
                    case .nv12:
                        let uv = frame.planes[1]
                        let offset = chromaRow * uv.bytesPerRow + (px / 2) * 2
                        cbs[i] = Float(uv.baseAddress.load(fromByteOffset: offset, as: UInt8.self))
                        crs[i] = Float(uv.baseAddress.load(fromByteOffset: offset + 1, as: UInt8.self))
                    }
                }
                let red = Self.channel(r, ys, cbs, crs), green = Self.channel(g, ys, cbs, crs), blue = Self.channel(b, ys, cbs, crs)
                for i in 0..<count {
                    out[x + i] = 0xFF00_0000 | (blue[i] << 16) | (green[i] << 8) | red[i]
                }
                x += 8
            }
        }
    }

    /// One channel of eight pixels as rounded, clamped bytes.
    @inline(__always)
    private static func channel(_ k: SIMD4<Float>, _ y: SIMD8<Float>, _ cb: SIMD8<Float>, _ cr: SIMD8<Float>) -> SIMD8<UInt32> {
        var v = y * k.x + cb * k.y + cr * k.z + k.w
        v = v.rounded(.toNearestOrAwayFromZero)
        v = v.clamped(lowerBound: SIMD8(repeating: 0), upperBound: SIMD8(repeating: 255))
        return SIMD8<UInt32>(v)
    }
}
