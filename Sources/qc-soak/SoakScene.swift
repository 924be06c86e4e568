import Foundation
import QuartzCore

/// The kiosk scene of the soak: a 640x480 screen of 200 small layers with shadows turning
/// under animations, a text layer whose string changes every frame, a shape layer whose path
/// changes every frame, and a layer whose `contents` is replaced by a new image every 10
/// frames. Everything a frame rasterizes for the text, the path and the image is new, so any
/// cache that keeps what is no longer on screen grows until its budget stops it.
final class SoakScene {
    /// The screen size in points (and pixels, at scale 1).
    static let size = CGSize(width: 640, height: 480)
    /// The animated layers with shadows.
    static let animatedLayerCount = 200
    /// Every how many frames `contents` gets a new image.
    static let contentsPeriod = 10

    /// The root layer (the screen).
    let root = CALayer()
    private let text = CATextLayer()
    private let shape = CAShapeLayer()
    private let picture = CALayer()

    /// Builds the scene and commits it; its animations start at `time`.
    init(time: CFTimeInterval) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(origin: .zero, size: Self.size)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        addAnimatedLayers(time: time)
        text.frame = CGRect(x: 20, y: 400, width: 360, height: 48)
        text.fontSize = 28
        text.foregroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
        root.addSublayer(text)
        shape.frame = CGRect(x: 420, y: 300, width: 160, height: 160)
        shape.fillColor = CGColor(red: 0.9, green: 0.4, blue: 0.1, alpha: 1)
        shape.strokeColor = CGColor(red: 0.3, green: 0.1, blue: 0, alpha: 1)
        shape.lineWidth = 3
        root.addSublayer(shape)
        picture.frame = CGRect(x: 420, y: 140, width: 160, height: 120)
        root.addSublayer(picture)
        update(frame: 0)
        CATransaction.commit()
    }

    /// 20 x 10 rounded squares, each turning or sliding under a repeating animation.
    private func addAnimatedLayers(time: CFTimeInterval) {
        for index in 0..<Self.animatedLayerCount {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
            layer.position = CGPoint(x: 20 + CGFloat(index % 20) * 20, y: 20 + CGFloat(index / 20) * 36)
            layer.cornerRadius = 4
            let hue = CGFloat(index) / CGFloat(Self.animatedLayerCount)
            layer.backgroundColor = CGColor(red: hue, green: 0.5, blue: 1 - hue, alpha: 1)
            layer.shadowOpacity = 0.5
            layer.shadowRadius = 3
            layer.shadowOffset = CGSize(width: 0, height: 3)
            let animation: CABasicAnimation
            if index.isMultiple(of: 2) {
                animation = CABasicAnimation(keyPath: "transform.rotation.z")
                animation.fromValue = 0.0
                animation.toValue = 2 * Double.pi
            } else {
                animation = CABasicAnimation(keyPath: "position.y")
                animation.fromValue = Double(layer.position.y) - 6
                animation.toValue = Double(layer.position.y) + 6
                animation.autoreverses = true
            }
            animation.duration = 1 + Double(index % 7) * 0.25
            animation.repeatCount = .infinity
            animation.beginTime = time
            layer.add(animation, forKey: "soak")
            root.addSublayer(layer)
        }
    }

    /// Changes the text and the path (every frame) and the image (every `contentsPeriod`
    /// frames) for frame `frame`, and commits.
    func update(frame: Int) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        text.string = "Frame \(frame) · \(frame % 1000) ms"
        shape.path = Self.star(points: 5 + frame % 4, turn: CGFloat(frame) * 0.05, in: shape.bounds)
        if frame.isMultiple(of: Self.contentsPeriod) {
            picture.contents = Self.image(seed: frame / Self.contentsPeriod)
        }
        CATransaction.commit()
    }

    /// A star of `points` points turned by `turn` radians, filling `rect`.
    static func star(points: Int, turn: CGFloat, in rect: CGRect) -> CGPath {
        let path = CGMutablePath()
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let outer = min(rect.width, rect.height) / 2 - 4, inner = outer * 0.45
        for k in 0..<(2 * points) {
            let radius = k.isMultiple(of: 2) ? outer : inner
            let angle = turn + CGFloat(k) * .pi / CGFloat(points)
            let point = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }

    /// A new 160x120 picture: bands whose colours follow `seed`.
    static func image(seed: Int) -> CGImage {
        let width = 160, height = 120
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                bytes[i] = UInt8(truncatingIfNeeded: x + seed * 37)
                bytes[i + 1] = UInt8(truncatingIfNeeded: y * 2 + seed * 11)
                bytes[i + 2] = UInt8(truncatingIfNeeded: (x ^ y) + seed)
            }
        }
        // Opaque RGBA8 rows of `width` pixels: consistent by construction.
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: Data(bytes))!
    }
}
