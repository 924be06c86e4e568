import QuartzCore

/// The Kiosk Menu's animated background, standing in for the guide's Quartz Composer
/// composition: three soft radial glows drifting slowly over deep blue, forever.
final class KioskMenuBackground {
    /// The background layer, filling the root.
    let layer = CAGradientLayer()
    private var glows: [CAGradientLayer] = []

    init() {
        layer.name = "background"
        layer.colors = [CGColor(red: 0.01, green: 0.02, blue: 0.10, alpha: 1), CGColor(red: 0.03, green: 0.05, blue: 0.22, alpha: 1)]
        layer.startPoint = CGPoint(x: 0.5, y: 0)
        layer.endPoint = CGPoint(x: 0.5, y: 1)
        let colours: [(CGFloat, CGFloat, CGFloat)] = [(0.20, 0.35, 0.90), (0.65, 0.20, 0.75), (0.10, 0.60, 0.65)]
        for (index, colour) in colours.enumerated() {
            let glow = CAGradientLayer()
            glow.name = "glow\(index)"
            glow.type = .radial
            glow.colors = [CGColor(red: colour.0, green: colour.1, blue: colour.2, alpha: 0.55),
                           CGColor(red: colour.0, green: colour.1, blue: colour.2, alpha: 0)]
            glow.startPoint = CGPoint(x: 0.5, y: 0.5)
            glow.endPoint = CGPoint(x: 1, y: 1)
            glows.append(glow)
            layer.addSublayer(glow)
        }
    }

    /// Fills a root of `size` and restarts the drifts across it.
    func layout(for size: CGSize) {
        layer.frame = CGRect(origin: .zero, size: size)
        let diameter = max(size.width, size.height) * 0.7
        for (index, glow) in glows.enumerated() {
            glow.removeAnimation(forKey: "drift")
            glow.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
            let fraction = CGFloat(index + 1) / CGFloat(glows.count + 1)
            let high = index.isMultiple(of: 2)
            let start = CGPoint(x: size.width * fraction, y: size.height * (high ? 0.25 : 0.75))
            glow.position = start
            let drift = CABasicAnimation(keyPath: "position")
            drift.fromValue = start
            drift.toValue = CGPoint(x: size.width * (1 - fraction), y: size.height * (high ? 0.75 : 0.25))
            drift.duration = 6 + 2 * Double(index)
            drift.autoreverses = true
            drift.repeatCount = .greatestFiniteMagnitude
            drift.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            glow.add(drift, forKey: "drift")
        }
    }
}
