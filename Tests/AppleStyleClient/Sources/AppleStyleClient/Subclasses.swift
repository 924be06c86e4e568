// Subclasses written as Apple code writes them: overridden properties and methods of CALayer and
// of an animation, compiled unchanged against `import QuartzCore`.
import QuartzCore

/// A gauge that draws its level as a bar and counts how often its bounds are set.
final class GaugeLayer: CALayer {
    /// Stored by key-value coding, so that `needsDisplay(forKey:)` and animations see it.
    var level: CGFloat {
        get {
            let value = self.value(forKey: "level")
            return (value as? CGFloat) ?? (value as? Double).map { CGFloat($0) } ?? 0
        }
        set { setValue(newValue, forKey: "level") }
    }
    var caption = ""
    var boundsChanges = 0
    var drawnLevels: [CGFloat] = []

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? GaugeLayer {
            caption = other.caption
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var bounds: CGRect {
        didSet { boundsChanges += 1 }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "cornerRadius" ? CGFloat(4) : super.defaultValue(forKey: key)
    }

    override class func defaultAction(forKey event: String) -> CAAction? {
        super.defaultAction(forKey: event)
    }

    override func action(forKey event: String) -> CAAction? {
        event == "hidden" ? NSNull() : super.action(forKey: event)
    }

    override func display() {
        super.display()
    }

    override func draw(in ctx: CGContext) {
        drawnLevels.append(level)
        ctx.setFillColor(CGColor(red: 0, green: 0.8, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
    }

    override func layoutSublayers() {
        super.layoutSublayers()
    }

    override func addSublayer(_ layer: CALayer) {
        super.addSublayer(layer)
    }

    override func add(_ anim: CAAnimation, forKey key: String?) {
        super.add(anim, forKey: key)
    }

    override func setNeedsDisplay() {
        super.setNeedsDisplay()
    }

    override func hitTest(_ p: CGPoint) -> CALayer? {
        super.hitTest(p)
    }

    override func contains(_ p: CGPoint) -> Bool {
        super.contains(p)
    }

    override func shouldArchiveValue(forKey key: String) -> Bool {
        key != "level" && super.shouldArchiveValue(forKey: key)
    }

    override func preferredFrameSize() -> CGSize {
        CGSize(width: 120, height: 20)
    }
}

/// A fade that carries a tag into the copy the layer keeps.
final class TaggedFade: CABasicAnimation {
    var tag = ""

    override init() {
        super.init()
        keyPath = "opacity"
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! TaggedFade
        copy.tag = tag
        return copy
    }
}
