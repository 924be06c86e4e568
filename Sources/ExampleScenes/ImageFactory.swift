import QuartzCore

/// Procedural images for the example scenes, so that they need no files on disk.
public enum ImageFactory {
    /// An image whose pixel at (x, y) is `color(x, y)`, given as straight-alpha RGBA in 0...1.
    public static func make(width: Int, height: Int,
                            color: (Int, Int) -> (r: Double, g: Double, b: Double, a: Double)) -> CGImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                let a = max(0, min(1, c.a))
                let i = (y * width + x) * 4
                bytes[i] = UInt8((max(0, min(1, c.r)) * a * 255).rounded())
                bytes[i + 1] = UInt8((max(0, min(1, c.g)) * a * 255).rounded())
                bytes[i + 2] = UInt8((max(0, min(1, c.b)) * a * 255).rounded())
                bytes[i + 3] = UInt8((a * 255).rounded())
            }
        }
        // The dimensions and byte count are consistent by construction.
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: Data(bytes))!
    }

    /// A radial gradient disc: opaque white at the centre fading to transparent at the edge
    /// (the sprite of benchmark scene S4).
    public static func radialDisc(size: Int) -> CGImage {
        let r = Double(size) / 2
        return make(width: size, height: size) { x, y in
            let d = ((Double(x) + 0.5 - r) * (Double(x) + 0.5 - r) + (Double(y) + 0.5 - r) * (Double(y) + 0.5 - r)).squareRoot()
            return (1, 1, 1, max(0, 1 - d / r))
        }
    }

    /// A sprite sheet of 2x2 cells, each a different colour with a white square in its middle:
    /// red (top left), green (top right), blue (bottom left), yellow (bottom right).
    public static func spriteSheet(cell: Int) -> CGImage {
        let colors: [(Double, Double, Double)] = [(0.9, 0.1, 0.1), (0.1, 0.8, 0.2), (0.1, 0.3, 0.9), (0.95, 0.85, 0.1)]
        return make(width: cell * 2, height: cell * 2) { x, y in
            let index = (y / cell) * 2 + x / cell
            let cx = x % cell, cy = y % cell
            let inner = cx >= cell / 4 && cx < cell * 3 / 4 && cy >= cell / 4 && cy < cell * 3 / 4
            if inner { return (1, 1, 1, 1) }
            let c = colors[index]
            return (c.0, c.1, c.2, 1)
        }
    }

    /// A button image for nine-slice stretching: a 3 px dark border, a light fill, and rounded
    /// corners of radius `size / 4`.
    public static func button(size: Int) -> CGImage {
        let radius = Double(size) / 4
        return make(width: size, height: size) { x, y in
            let px = Double(x) + 0.5, py = Double(y) + 0.5, s = Double(size)
            let qx = max(radius - px, 0, px - (s - radius)), qy = max(radius - py, 0, py - (s - radius))
            let outside = (qx * qx + qy * qy).squareRoot() - radius
            let edge = min(px, py, s - px, s - py)
            if outside > 0 { return (0, 0, 0, 0) }
            if edge < 3 || outside > -3 { return (0.15, 0.2, 0.35, 1) }
            return (0.75, 0.82, 0.95, 1)
        }
    }
}
