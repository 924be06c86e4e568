import CoreGraphics
import Foundation

/// Tightly packed RGBA8 pixels prepared for upload: repacked, padded with a gutter, or scaled down.
struct ImagePixels {
    var width: Int
    var height: Int
    var bytes: [UInt8]

    /// The image's pixels, rows tightly packed.
    init(_ image: CGImage) {
        width = image.width; height = image.height
        let rowBytes = image.width * 4
        var bytes = [UInt8](repeating: 0, count: rowBytes * image.height)
        image.data.withUnsafeBytes { source in
            bytes.withUnsafeMutableBytes { destination in
                for row in 0..<image.height {
                    (destination.baseAddress! + row * rowBytes)
                        .copyMemory(from: source.baseAddress! + row * image.bytesPerRow, byteCount: rowBytes)
                }
            }
        }
        self.bytes = bytes
    }

    private init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width; self.height = height; self.bytes = bytes
    }

    /// These pixels surrounded by `gutter` pixels on every side that repeat the nearest edge
    /// pixel, so that bilinear filtering at the image's edge never reads a neighbour in an atlas.
    func padded(gutter: Int) -> ImagePixels {
        let outWidth = width + 2 * gutter, outHeight = height + 2 * gutter
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        for y in 0..<outHeight {
            let sourceY = min(max(y - gutter, 0), height - 1)
            for x in 0..<outWidth {
                let sourceX = min(max(x - gutter, 0), width - 1)
                let from = (sourceY * width + sourceX) * 4, to = (y * outWidth + x) * 4
                out[to] = bytes[from]; out[to + 1] = bytes[from + 1]
                out[to + 2] = bytes[from + 2]; out[to + 3] = bytes[from + 3]
            }
        }
        return ImagePixels(width: outWidth, height: outHeight, bytes: out)
    }

    /// These pixels scaled down to fit in `maximum` x `maximum`, keeping the aspect ratio; each
    /// output pixel is the average of the source pixels it covers.
    func scaledToFit(_ maximum: Int) -> ImagePixels {
        let scale = min(Double(maximum) / Double(width), Double(maximum) / Double(height), 1)
        guard scale < 1 else { return self }
        let outWidth = max(1, min(maximum, Int((Double(width) * scale).rounded(.down))))
        let outHeight = max(1, min(maximum, Int((Double(height) * scale).rounded(.down))))
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        for y in 0..<outHeight {
            let y0 = y * height / outHeight, y1 = max(y0 + 1, (y + 1) * height / outHeight)
            for x in 0..<outWidth {
                let x0 = x * width / outWidth, x1 = max(x0 + 1, (x + 1) * width / outWidth)
                var sum = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    for sx in x0..<x1 {
                        let i = (sy * width + sx) * 4
                        sum.0 += Int(bytes[i]); sum.1 += Int(bytes[i + 1]); sum.2 += Int(bytes[i + 2]); sum.3 += Int(bytes[i + 3])
                    }
                }
                let count = (y1 - y0) * (x1 - x0), o = (y * outWidth + x) * 4
                out[o] = UInt8(sum.0 / count); out[o + 1] = UInt8(sum.1 / count)
                out[o + 2] = UInt8(sum.2 / count); out[o + 3] = UInt8(sum.3 / count)
            }
        }
        return ImagePixels(width: outWidth, height: outHeight, bytes: out)
    }
}
