import CPURendererKernels
import CompositorCore

extension PixelBuffer {
    /// The frame's pixels converted to opaque RGBA8 by its `YCbCrConversion`, chroma upsampled
    /// bilinearly from where its `chromaSiting` places the samples (as the GLES conversion pass
    /// does): a row at a time, the two chroma rows around it blended by `qc_chroma_row_blend`,
    /// then converted by the C kernel `qc_ycbcr420_row_to_rgba`.
    convenience init(videoFrame frame: VideoFrameImage) {
        self.init(width: frame.width, height: frame.height)
        let c = frame.conversion.coefficients
        // The red, green and blue rows scaled to bytes (a channel is one multiply-add per term),
        // as the kernel reads them: twelve floats in a row.
        var coefficients = (c[0] * 255, c[1] * 255, c[2] * 255)
        let luma = frame.planes[0], chroma = frame.planes[1]
        let siting = frame.chromaSiting
        // The chroma row a luma row takes, Cb then Cr: kept while consecutive rows take the same.
        var blended = [Float](repeating: 0, count: 2 * chroma.width)
        var blendedRows: (Int, Int, Float)?
        withUnsafeBytes(of: &coefficients) { bytes in
            let k = bytes.assumingMemoryBound(to: Float.self)
            blended.withUnsafeMutableBufferPointer { chromaRow in
                let cb = chromaRow.baseAddress!, cr = cb + chroma.width
                for row in 0..<frame.height {
                    let rows = siting.rows(for: row, count: chroma.height)
                    if blendedRows.map({ $0 != rows }) ?? true {
                        blend(frame, rows: rows, into: cb, cr)
                        blendedRows = rows
                    }
                    let yRow = (luma.baseAddress + row * luma.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    qc_ycbcr420_row_to_rgba(yRow, cb, cr, Int32(chroma.width), siting.isHorizontallyCosited ? 1 : 0,
                                            Int32(frame.width), k.baseAddress, pixels + row * self.width)
                }
            }
        }
    }

    /// Writes the Cb and Cr samples between the frame's chroma rows `rows.upper` and
    /// `rows.lower` (weighted `rows.weight`) into `cb` and `cr`.
    private func blend(_ frame: VideoFrameImage, rows: (upper: Int, lower: Int, weight: Float),
                       into cb: UnsafeMutablePointer<Float>, _ cr: UnsafeMutablePointer<Float>) {
        func row(_ plane: VideoFrameImage.Plane, _ index: Int) -> UnsafePointer<UInt8> {
            (plane.baseAddress + index * plane.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        }
        let count = Int32(frame.planes[1].width)
        switch frame.layout {
        case .i420:
            let b = frame.planes[1], r = frame.planes[2]
            qc_chroma_row_blend(row(b, rows.upper), row(b, rows.lower), 1, count, rows.weight, cb)
            qc_chroma_row_blend(row(r, rows.upper), row(r, rows.lower), 1, count, rows.weight, cr)
        case .nv12:
            let both = frame.planes[1]
            qc_chroma_row_blend(row(both, rows.upper), row(both, rows.lower), 2, count, rows.weight, cb)
            qc_chroma_row_blend(row(both, rows.upper) + 1, row(both, rows.lower) + 1, 2, count, rows.weight, cr)
        }
    }
}
