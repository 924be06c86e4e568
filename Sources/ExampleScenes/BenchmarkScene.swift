import QuartzCore

/// The standard benchmark scenes of shared/bench/SCENES.md: a 1920x1080 canvas cleared to
/// (0.1, 0.1, 0.12), N layers in a grid, each changed every frame.
public final class BenchmarkScene {
    /// The scenes SCENES.md defines.
    public enum Kind: String, CaseIterable, Sendable {
        /// Rounded cards with a border, rotating about z.
        case s1 = "S1"
        /// S1 with shadows.
        case s2 = "S2"
        /// S1 spinning about y under perspective.
        case s3 = "S3"
        /// Sprites sharing one radial-gradient image, moving along x.
        case s4 = "S4"
        /// Rounded clipping parents holding four rotating children each.
        case s5 = "S5"
        /// S1's cards animated Apple's way: each card has its own `CABasicAnimation`s (a turn
        /// about z and a slide along x, repeating forever), added once; no frame changes a layer.
        case s1Animated = "S1-anim"

        /// The scenes of SCENES.md, measured unless others are asked for.
        public static let standard: [Kind] = [.s1, .s2, .s3, .s4, .s5]
    }

    /// The canvas size in pixels.
    public static let canvas = CGSize(width: 1920, height: 1080)
    /// The clear colour of every scene.
    public static let clearColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)

    /// The scene.
    public let kind: Kind
    /// The number of layers (for S5, every layer counts: parents and children).
    public let count: Int
    /// The root layer (bounds = canvas, transparent).
    public let root = CALayer()
    private var animated: [(layer: CALayer, index: Int)] = []
    /// The number of layers `update(time:)` changes every frame (every layer but S5's parents);
    /// for S1-anim, the layers its running animations move.
    public var changedLayerCount: Int { animated.count }
    private let cell: CGFloat
    /// The media time at which the scene's time 0 falls: its frame of time `t` is drawn at
    /// `timeOrigin + t`. 0 but for S1-anim, whose animations begin when they are committed.
    public private(set) var timeOrigin: CFTimeInterval = 0

    /// Builds scene `kind` with `count` layers and commits it.
    public init(kind: Kind, count: Int) {
        self.kind = kind
        self.count = count
        let n = kind == .s5 ? count / 5 : count
        let columns = Int((Double(max(n, 1)) * 16 / 9).squareRoot().rounded(.up))
        cell = Self.canvas.width / CGFloat(columns)
        root.frame = CGRect(origin: .zero, size: Self.canvas)
        let sprite = kind == .s4 ? ImageFactory.radialDisc(size: 256) : nil
        for k in 0..<n {
            let center = CGPoint(x: (CGFloat(k % columns) + 0.5) * cell, y: (CGFloat(k / columns) + 0.5) * cell)
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 0.8 * cell, height: 0.8 * cell)
            layer.position = center
            switch kind {
            case .s1, .s2, .s3, .s1Animated:
                styleCard(layer, index: k, of: n)
                if kind == .s2 {
                    layer.shadowOpacity = 0.5
                    layer.shadowRadius = 6
                    layer.shadowOffset = CGSize(width: 0, height: 4)
                    layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                }
                animated.append((layer, k))
            case .s4:
                layer.contents = sprite
                layer.contentsGravity = .resize
                layer.opacity = 0.85
                animated.append((layer, k))
            case .s5:
                layer.bounds = CGRect(x: 0, y: 0, width: cell, height: cell)
                layer.cornerRadius = 0.2 * cell
                layer.masksToBounds = true
                layer.backgroundColor = Self.color(index: k, of: n, alpha: 0.35)
                for c in 0..<4 {
                    let child = CALayer()
                    child.bounds = CGRect(x: 0, y: 0, width: cell / 2, height: cell / 2)
                    // Children sit on the parent's corners so they overflow its rounded clip.
                    child.position = CGPoint(x: c % 2 == 0 ? cell * 0.2 : cell * 0.8, y: c < 2 ? cell * 0.2 : cell * 0.8)
                    styleCard(child, index: k * 4 + c, of: n * 4)
                    layer.addSublayer(child)
                    animated.append((child, k * 4 + c))
                }
            }
            root.addSublayer(layer)
        }
        if kind == .s1Animated { addRunningAnimations() } else { update(time: 0) }
    }

    /// Gives each card of S1-anim a turn about z (one every 4 s, from S1's angle at time 0, as S1
    /// turns) and a slide of a tenth of a cell along x and back (2 s), both linear and repeating
    /// forever, and commits them. Their clocks start at the commit.
    private func addRunningAnimations() {
        CATransaction.begin()
        let total = Double(max(animated.count, 1))
        for (layer, k) in animated {
            let phase = 2 * Double.pi * Double(k) / total
            layer.transform = CATransform3DMakeRotation(CGFloat(phase), 0, 0, 1)
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = phase
            turn.toValue = phase + 2 * Double.pi
            turn.duration = 4
            turn.repeatCount = .infinity
            layer.add(turn, forKey: "turn")
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.byValue = 0.1 * cell
            slide.duration = 1
            slide.autoreverses = true
            slide.repeatCount = .infinity
            slide.timeOffset = Double(k) / total
            layer.add(slide, forKey: "slide")
        }
        CATransaction.commit()
        // The layers were made in the thread's implicit transaction, which holds the commit above
        // until it is flushed: flushed now, so that the clocks start before the scene's time 0
        // rather than at the first frame's flush (later by however long the caller takes).
        CATransaction.flush()
        timeOrigin = CACurrentMediaTime()
    }

    /// Sets every layer's per-frame change for time `t` (seconds) and commits, with actions off.
    /// S1-anim changes nothing: its animations move it.
    ///
    /// - Parameter stride: changes only every `stride`-th animated layer (100: the 1% of
    ///   layers the damage-tracking figures animate); the others keep their last state.
    public func update(time t: Double, stride: Int = 1) {
        guard kind != .s1Animated else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let total = Double(max(animated.count, 1))
        let stride = max(1, stride)
        for (position, (layer, k)) in animated.enumerated() where position % stride == 0 {
            let angle = 2 * Double.pi * (t * 0.25 + Double(k) / total)
            switch kind {
            case .s1, .s2, .s5, .s1Animated:
                layer.transform = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
            case .s3:
                var perspective = CATransform3DIdentity
                perspective.m34 = -1.0 / 800
                layer.transform = CATransform3DConcat(CATransform3DMakeRotation(CGFloat(angle), 0, 1, 0), perspective)
            case .s4:
                let dx = 20 * sin(2 * Double.pi * (t + Double(k) / total))
                layer.transform = CATransform3DMakeTranslation(CGFloat(dx), 0, 0)
            }
        }
        CATransaction.commit()
    }

    private func styleCard(_ layer: CALayer, index k: Int, of n: Int) {
        layer.backgroundColor = Self.color(index: k, of: n, alpha: 1)
        layer.cornerRadius = 0.15 * layer.bounds.width
        layer.borderWidth = 2
        layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
    }

    /// Colour of layer k: HSV hue (k × 0.618034) mod 1, saturation 0.6, value 0.9.
    static func color(index k: Int, of n: Int, alpha: CGFloat) -> CGColor {
        let h = (Double(k) * 0.618034).truncatingRemainder(dividingBy: 1) * 6
        let s = 0.6, v = 0.9
        let c = v * s, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), m = v - c
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        return CGColor(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }
}
