import Foundation
import QuartzCore

/// The software cursor: an arrow with a white body and a black outline, hot spot at its tip.
enum CursorImage {
    /// The arrow's outline, in pixels from the hot spot.
    static let outline: [CGPoint] = [
        CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 17), CGPoint(x: 4.5, y: 13), CGPoint(x: 7.5, y: 20),
        CGPoint(x: 10, y: 19), CGPoint(x: 7, y: 12), CGPoint(x: 12.5, y: 12),
    ]
    static let width = 14, height = 22

    /// The arrow as a premultiplied RGBA image.
    static func make() -> CGImage? {
        var pixels = Data(count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let centre = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                guard contains(centre) else { continue }
                // Pixels within 1.2 px of the edge form the outline.
                let isEdge = !(contains(CGPoint(x: centre.x - 1.2, y: centre.y)) && contains(CGPoint(x: centre.x + 1.2, y: centre.y))
                    && contains(CGPoint(x: centre.x, y: centre.y - 1.2)) && contains(CGPoint(x: centre.x, y: centre.y + 1.2)))
                let value: UInt8 = isEdge ? 0 : 255
                let offset = (y * width + x) * 4
                pixels[offset] = value; pixels[offset + 1] = value; pixels[offset + 2] = value; pixels[offset + 3] = 255
            }
        }
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: pixels)
    }

    /// Even-odd point-in-polygon test against the outline.
    static func contains(_ p: CGPoint) -> Bool {
        var inside = false
        var j = outline.count - 1
        for i in outline.indices {
            let a = outline[i], b = outline[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    /// A layer showing the arrow with its anchor at the tip, hidden until the pointer moves.
    static func makeLayer() -> CALayer {
        let layer = CALayer()
        layer.name = "cursor"
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        layer.anchorPoint = .zero
        layer.contents = make()
        layer.isHidden = true
        layer.zPosition = 1000
        return layer
    }
}
