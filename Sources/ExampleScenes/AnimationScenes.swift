import QuartzCore

extension ExampleScene {
    /// The path of the book's ship (Listing 8.3): a cubic Bézier from (0, 150) through control
    /// points (75, 0) and (225, 300) to (300, 150), offset into the scene.
    public static func shipBezierPath() -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 50, y: 175))
        path.addCurve(to: CGPoint(x: 350, y: 175), control1: CGPoint(x: 125, y: 25), control2: CGPoint(x: 275, y: 325))
        return path
    }

    /// The book's keyframe path animation (Listings 8.3/8.4): a "ship" follows a Bézier curve
    /// over 4 seconds with rotationMode auto, so it turns with the curve's tangent. Render it at
    /// several times (`--time`) to see it move.
    public static let shipPath = ExampleScene(
        name: "ship", summary: "Listing 8.4: a layer follows a Bézier path with rotationMode auto",
        size: CGSize(width: 400, height: 350)
    ) { root in
        let track = CALayer()
        track.frame = root.bounds
        root.addSublayer(track)
        // The track: dots sampled along the curve.
        for i in 0...24 {
            let t = CGFloat(i) / 24, u = 1 - t
            let x = u * u * u * 50 + 3 * u * u * t * 125 + 3 * u * t * t * 275 + t * t * t * 350
            let y = u * u * u * 175 + 3 * u * u * t * 25 + 3 * u * t * t * 325 + t * t * t * 175
            let dot = CALayer()
            dot.frame = CGRect(x: x - 2, y: y - 2, width: 4, height: 4)
            dot.cornerRadius = 2
            dot.backgroundColor = Palette.gray
            track.addSublayer(dot)
        }
        let ship = CALayer()
        ship.bounds = CGRect(x: 0, y: 0, width: 48, height: 24)
        ship.position = CGPoint(x: 50, y: 175)
        ship.backgroundColor = Palette.blue
        ship.cornerRadius = 6
        let bow = CALayer()
        bow.frame = CGRect(x: 36, y: 4, width: 12, height: 16)
        bow.backgroundColor = Palette.red
        ship.addSublayer(bow)
        root.addSublayer(ship)
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = shipBezierPath()
        animation.duration = 4
        animation.rotationMode = .rotateAuto
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        // Scene time 0 is media time 0, so frames rendered with `--time t` are reproducible.
        animation.beginTime = 1e-9
        ship.add(animation, forKey: "follow")
    }
}
