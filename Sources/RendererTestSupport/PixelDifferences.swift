import CoreGraphics
import Foundation

/// How far two renderings of the same size apart are: the tests that cut what a frame draws
/// (shadow rings, covered pieces) assert that the pixels stay the same.
public enum PixelDifferences {
    /// The pixels of `b` that differ from `a`'s, and the largest difference of a channel (0 to
    /// 255). Both images must have the same size and row length.
    public static func between(_ a: CGImage, _ b: CGImage) -> (pixels: Int, largest: Int) {
        guard a.data != b.data else { return (0, 0) }
        var pixels = 0, largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = a.data.startIndex + y * a.bytesPerRow + x * 4
                let worst = (0..<4).map { abs(Int(a.data[i + $0]) - Int(b.data[i + $0])) }.max() ?? 0
                if worst > 0 { pixels += 1; largest = max(largest, worst) }
            }
        }
        return (pixels, largest)
    }
}
