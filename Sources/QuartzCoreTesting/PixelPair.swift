/// Walks two images of the same size pixel by pixel.
enum PixelPair {
    /// Calls `body` with each pixel's column, row and largest component difference (premultiplied, 0 to 255).
    static func forEach(_ a: CGImage, _ b: CGImage, _ body: (Int, Int, Int) -> Void) {
        a.data.withUnsafeBytes { pa in
            b.data.withUnsafeBytes { pb in
                for y in 0..<a.height {
                    let rowA = y * a.bytesPerRow, rowB = y * b.bytesPerRow
                    for x in 0..<a.width {
                        var largest = 0
                        for c in 0..<4 {
                            largest = max(largest, abs(Int(pa[rowA + x * 4 + c]) - Int(pb[rowB + x * 4 + c])))
                        }
                        body(x, y, largest)
                    }
                }
            }
        }
    }
}
