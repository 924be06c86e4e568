import CPURendererKernels
import CompositorCore

extension PixelBuffer {
    /// The frame's pixels converted to opaque RGBA8 by its `YCbCrConversion`, chroma taken from
    /// the 2×2 block each pixel lies in (as the GLES conversion pass takes it): a row at a time
    /// by the C kernel `qc_ycbcr420_row_to_rgba`, which the compiler vectorises.
    convenience init(videoFrame frame: VideoFrameImage) {
        self.init(width: frame.width, height: frame.height)
        let c = frame.conversion.coefficients
        // The red, green and blue rows scaled to bytes (a channel is one multiply-add per term),
        // as the kernel reads them: twelve floats in a row.
        var coefficients = (c[0] * 255, c[1] * 255, c[2] * 255)
        let luma = frame.planes[0]
        withUnsafeBytes(of: &coefficients) { bytes in
            let k = bytes.assumingMemoryBound(to: Float.self)
            for row in 0..<frame.height {
                let chromaRow = row / 2
                let yRow = (luma.baseAddress + row * luma.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                let cb: UnsafeRawPointer, cr: UnsafeRawPointer, step: Int32
                switch frame.layout {
                case .i420:
                    cb = frame.planes[1].baseAddress + chromaRow * frame.planes[1].bytesPerRow
                    cr = frame.planes[2].baseAddress + chromaRow * frame.planes[2].bytesPerRow
                    step = 1
                case .nv12:
                    cb = frame.planes[1].baseAddress + chromaRow * frame.planes[1].bytesPerRow
                    cr = cb + 1
                    step = 2
                }
                qc_ycbcr420_row_to_rgba(yRow, cb.assumingMemoryBound(to: UInt8.self), cr.assumingMemoryBound(to: UInt8.self),
                                        step, Int32(frame.width), k.baseAddress, pixels + row * self.width)
            }
        }
    }
}
