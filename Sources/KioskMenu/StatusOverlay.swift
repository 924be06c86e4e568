import Foundation
import QuartzCore

/// A small translucent panel in the top-left corner showing how the compositor keeps up:
/// frames per second, the median time to render a frame, and the share of the screen redrawn.
public final class StatusOverlay {
    /// The panel; add it above the demo's content.
    public let layer = CALayer()
    /// The panel's text.
    public let textLayer = CATextLayer()

    /// The figures the panel shows.
    public struct Figures: Equatable, Sendable {
        /// Frames per second.
        public var framesPerSecond: Double
        /// The median time to render one frame, in seconds.
        public var frameTime: Double
        /// The share of the screen redrawn per frame, 0 to 1 (nil: not known).
        public var redrawnFraction: Double?
        /// Video frames passed over unseen (nil: no video shown).
        public var droppedFrames: Int?

        /// Creates figures.
        public init(framesPerSecond: Double, frameTime: Double, redrawnFraction: Double?, droppedFrames: Int? = nil) {
            self.framesPerSecond = framesPerSecond
            self.frameTime = frameTime
            self.redrawnFraction = redrawnFraction
            self.droppedFrames = droppedFrames
        }

        /// The panel's text: `60.0 fps · 9.8 ms/frame · 34% redrawn`.
        public var text: String {
            let redrawn = redrawnFraction.map { String(format: " · %.0f%% redrawn", $0 * 100) } ?? ""
            let dropped = droppedFrames.map { " · \($0) dropped" } ?? ""
            return String(format: "%.1f fps · %.1f ms/frame", framesPerSecond, frameTime * 1000) + redrawn + dropped
        }
    }

    /// Creates a hidden panel.
    public init() {
        layer.name = "statusOverlay"
        layer.anchorPoint = .zero
        layer.position = CGPoint(x: 24, y: 24)
        layer.bounds = CGRect(x: 0, y: 0, width: 460, height: 44)
        layer.cornerRadius = 10
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.6)
        layer.borderWidth = 1
        layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.25)
        layer.isHidden = true
        textLayer.name = "statusText"
        textLayer.frame = CGRect(x: 14, y: 10, width: 432, height: 28)
        textLayer.font = "DejaVu Sans Mono, monospace" as CFString
        textLayer.fontSize = 18
        textLayer.foregroundColor = CGColor(red: 0.6, green: 1, blue: 0.6, alpha: 1)
        textLayer.string = "measuring…"
        textLayer.contentsScale = 1
        layer.addSublayer(textLayer)
    }

    /// Whether the panel is shown.
    public var isVisible: Bool {
        get { !layer.isHidden }
        set {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.isHidden = !newValue
            CATransaction.commit()
        }
    }

    /// Shows or hides the panel.
    public func toggle() { isVisible.toggle() }

    /// Shows `figures` (without a cross-fade: the text changes several times a second).
    public func show(_ figures: Figures) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        textLayer.string = figures.text
        CATransaction.commit()
    }
}
