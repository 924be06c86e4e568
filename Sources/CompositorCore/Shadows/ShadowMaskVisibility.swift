/// Which texels of a shadow mask can change a pixel at a given shadow alpha.
///
/// A mask texel of byte value `b`, drawn with the alpha `a` (shadow colour alpha times opacity),
/// puts `a * b / 255` of coverage over a pixel; below half a byte (`a * b < 0.5`) the fragment
/// rounds to nothing in an 8-bit target and leaves the pixel as it was. A blurred shadow's outer
/// ring is all such texels: from about 2.7 standard deviations on, a black shadow at alpha 0.5 is
/// invisible. Drawing only the texels that can show keeps those fragments from being shaded
/// (a sixth to a fifth of a mask's area in the standard scene S2) with the same pixels.
public struct ShadowMaskVisibility: Sendable {
    /// For each threshold byte 1...255: the first column (row) holding a texel at least that
    /// large, and one past the last; `columns` (`rows`) and 0 where there is none.
    private let left: [UInt16], right: [UInt16], top: [UInt16], bottom: [UInt16]

    /// Texels of filtering margin kept around the visible ones: a bilinear sample half a texel
    /// beyond a visible texel still reads it.
    static let margin = 2

    /// The visibility of a mask of `columns` x `rows` alpha bytes, row by row.
    init(columns: Int, rows: Int, alpha: UnsafeBufferPointer<UInt8>) {
        var columnPeaks = [UInt8](repeating: 0, count: columns), rowPeaks = [UInt8](repeating: 0, count: rows)
        for row in 0..<rows {
            var rowPeak: UInt8 = 0
            for column in 0..<columns {
                let a = alpha[row * columns + column]
                columnPeaks[column] = max(columnPeaks[column], a)
                rowPeak = max(rowPeak, a)
            }
            rowPeaks[row] = rowPeak
        }
        (left, right) = Self.ends(of: columnPeaks)
        (top, bottom) = Self.ends(of: rowPeaks)
    }

    /// For each threshold, the first index whose peak reaches it and one past the last.
    private static func ends(of peaks: [UInt8]) -> ([UInt16], [UInt16]) {
        var first = [UInt16](repeating: UInt16(peaks.count), count: 256), last = [UInt16](repeating: 0, count: 256)
        var threshold = 1
        for (index, peak) in peaks.enumerated() {
            while threshold <= Int(peak) { first[threshold] = UInt16(index); threshold += 1 }
        }
        threshold = 1
        for (index, peak) in peaks.enumerated().reversed() {
            while threshold <= Int(peak) { last[threshold] = UInt16(index + 1); threshold += 1 }
        }
        return (first, last)
    }

    /// The texels (minimum column, minimum row, maximum column, maximum row, the maxima
    /// exclusive) that can change a pixel when the mask is drawn with `alpha`, grown by
    /// `margin` and kept inside `columns` x `rows`; nil when none can.
    public func texels(forAlpha alpha: Float, columns: Int, rows: Int) -> (Int, Int, Int, Int)? {
        guard alpha.isFinite, alpha > 0 else { return nil }
        // The smallest byte whose fragment rounds to at least one unit.
        let needed = (0.5 / min(alpha, 1)).rounded(.up)
        guard needed <= 255 else { return nil }
        let b = max(1, Int(needed))
        guard left[b] < right[b], top[b] < bottom[b] else { return nil }
        let m = Self.margin
        return (max(0, Int(left[b]) - m), max(0, Int(top[b]) - m),
                min(columns, Int(right[b]) + m), min(rows, Int(bottom[b]) + m))
    }
}
