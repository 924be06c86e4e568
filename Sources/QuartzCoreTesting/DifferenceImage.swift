/// Draws the picture of where two images differ (see `ImageComparison.differenceImage()`).
enum DifferenceImage {
    static func make(reference: CGImage, actual: CGImage, tolerance: ImageTolerance) -> CGImage {
        let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let colour: (UInt8, UInt8, UInt8)
                if let r = reference.premultipliedPixel(x: x, y: y), let a = actual.premultipliedPixel(x: x, y: y) {
                    let difference = max(absDiff(r.r, a.r), absDiff(r.g, a.g), absDiff(r.b, a.b), absDiff(r.a, a.a))
                    if difference > tolerance.maximumChannelDifference {
                        colour = (255, 0, 0)
                    } else if difference > 0 {
                        colour = (255, 220, 0)
                    } else {
                        colour = faded(r)
                    }
                } else {
                    colour = (0, 64, 255)
                }
                let i = (y * width + x) * 4
                pixels[i] = colour.0; pixels[i + 1] = colour.1; pixels[i + 2] = colour.2; pixels[i + 3] = 255
            }
        }
        // The size is positive and `pixels` holds every row, so the image always exists.
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: Data(pixels))!
    }

    private static func absDiff(_ a: UInt8, _ b: UInt8) -> Int { abs(Int(a) - Int(b)) }

    /// A matching pixel, as light grey over white: its luminance kept at a quarter of its contrast.
    private static func faded(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> (UInt8, UInt8, UInt8) {
        // Premultiplied over white: colour + (255 - alpha).
        let over = { (c: UInt8) in Double(c) + Double(255 - p.a) }
        let luma = 0.2126 * over(p.r) + 0.7152 * over(p.g) + 0.0722 * over(p.b)
        let grey = UInt8(min(255, (191 + luma / 4).rounded()))
        return (grey, grey, grey)
    }
}
