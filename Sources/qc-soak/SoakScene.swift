import Foundation
import QuartzCore

/// The kiosk scene of the soak: by default a 640x480 screen of 200 small layers with shadows
/// turning under animations, a text layer whose string changes every frame, a shape layer
/// whose path changes every frame, and a layer whose `contents` is replaced by a new image
/// every 10 frames. Everything a frame rasterizes for the text, the path and the image is new,
/// so any cache that keeps what is no longer on screen grows until its budget stops it.
///
/// More layers are laid out on a finer grid (3 times as many columns and rows for 1,000), and
/// a smaller screen scales everything down, so the same scene fits any size.
final class SoakScene {
    /// The screen size in points (and pixels, at scale 1) unless told.
    static let defaultSize = CGSize(width: 640, height: 480)
    /// The animated layers with shadows unless told.
    static let defaultLayerCount = 200
    /// Every how many frames `contents` gets a new image unless told.
    static let defaultContentsPeriod = 10

    /// The screen size in points.
    let size: CGSize
    /// Every how many frames `contents` gets a new image.
    let contentsPeriod: Int

    /// The root layer (the screen).
    let root = CALayer()
    private let text = CATextLayer()
    private let shape = CAShapeLayer()
    private let picture = CALayer()

    /// Builds the scene of `layerCount` animated layers on a screen of `size` points, whose
    /// picture changes every `contentsPeriod` frames, and commits it; its animations start at `time`.
    init(time: CFTimeInterval, size: CGSize = defaultSize, layerCount: Int = defaultLayerCount,
         contentsPeriod: Int = defaultContentsPeriod) {
        self.size = size
        self.contentsPeriod = max(1, contentsPeriod)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // Everything below is placed on the default 640x480 screen, then scaled to `size`.
        let fit = min(size.width / Self.defaultSize.width, size.height / Self.defaultSize.height)
        root.frame = CGRect(origin: .zero, size: size)
        if fit != 1 { root.sublayerTransform = CATransform3DMakeScale(fit, fit, 1) }
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        addAnimatedLayers(count: layerCount, time: time)
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

    /// `count` rounded squares, each turning or sliding under a repeating animation: 20 x 10
    /// for 200, on a grid `k` times finer each way for up to 200 k² (`k` = 3 for 1,000).
    private func addAnimatedLayers(count: Int, time: CFTimeInterval) {
        let k = max(1, CGFloat((Double(count) / Double(Self.defaultLayerCount)).squareRoot().rounded(.up)))
        let columns = Int(20 * k)
        for index in 0..<count {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 18 / k, height: 18 / k)
            layer.position = CGPoint(x: 20 + CGFloat(index % columns) * 20 / k, y: 20 + CGFloat(index / columns) * 36 / k)
            layer.cornerRadius = 4 / k
            let hue = CGFloat(index) / CGFloat(count)
            layer.backgroundColor = CGColor(red: hue, green: 0.5, blue: 1 - hue, alpha: 1)
            layer.shadowOpacity = 0.5
            layer.shadowRadius = 3 / k
            layer.shadowOffset = CGSize(width: 0, height: 3 / k)
            let animation: CABasicAnimation
            if index.isMultiple(of: 2) {
                animation = CABasicAnimation(keyPath: "transform.rotation.z")
                animation.fromValue = 0.0
                animation.toValue = 2 * Double.pi
            } else {
                animation = CABasicAnimation(keyPath: "position.y")
                animation.fromValue = Double(layer.position.y - 6 / k)
                animation.toValue = Double(layer.position.y + 6 / k)
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
        if frame.isMultiple(of: contentsPeriod) {
            picture.contents = Self.image(seed: frame / contentsPeriod)
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
