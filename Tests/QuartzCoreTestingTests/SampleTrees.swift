import QuartzCoreTesting

/// Layer trees for the tests: each call builds a fresh tree, with its animations not yet committed.
enum SampleTrees {
    static func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// A 100 x 100 white root holding a 20 x 20 red square whose `position.x` animates linearly
    /// from 20 to 80 over one second (the model value stays 20).
    static func slidingSquare() -> CALayer {
        let (root, square) = redSquare(CGRect(x: 10, y: 40, width: 20, height: 20))
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 20.0
        slide.toValue = 80.0
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        square.add(slide, forKey: "slide")
        return root
    }

    /// A 100 x 100 white root holding a red 60 x 40 square at (20, 30), committed; then, not yet
    /// committed, a one-second linear push from the right added to the square and the square
    /// turned blue.
    static func pushedSquare() -> (root: CALayer, square: CALayer) {
        let (root, square) = redSquare(CGRect(x: 20, y: 30, width: 60, height: 40))
        CATransaction.flush()
        pushBlue(square)
        return (root, square)
    }

    /// A 100 x 100 white root holding a red square with the frame `frame`.
    private static func redSquare(_ frame: CGRect) -> (root: CALayer, square: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = colour(1, 1, 1)
        let square = CALayer()
        square.frame = frame
        square.backgroundColor = colour(1, 0, 0)
        root.addSublayer(square)
        return (root, square)
    }

    /// Adds a one-second linear push from the right to `square` and turns it blue.
    static func pushBlue(_ square: CALayer) {
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 1
        push.timingFunction = CAMediaTimingFunction(name: .linear)
        square.add(push, forKey: nil)
        square.backgroundColor = colour(0, 0, 1)
    }

    /// Trees that exercise what the two renderers round differently: edges, corners, blending,
    /// gradients, shadows, rotation and perspective, and an animation mid-flight.
    static func crossRendererTrees() -> [(name: String, layer: CALayer, time: CFTimeInterval)] {
        [("sliding square", slidingSquare(), 0.37), ("borders and corners", bordersAndCorners(), 0),
         ("gradient and shadow", gradientAndShadow(), 0), ("rotated and 3D", rotatedAnd3D(), 0)]
    }

    static func bordersAndCorners() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 90)
        root.backgroundColor = colour(0.9, 0.95, 1)
        let card = CALayer()
        card.frame = CGRect(x: 10.25, y: 10.25, width: 80, height: 50)
        card.backgroundColor = colour(0.2, 0.6, 0.3, 0.8)
        card.cornerRadius = 12
        card.borderWidth = 3
        card.borderColor = colour(0, 0, 0.5)
        root.addSublayer(card)
        let overlay = CALayer()
        overlay.frame = CGRect(x: 50, y: 30, width: 60, height: 50)
        overlay.backgroundColor = colour(1, 0.5, 0, 0.5)
        overlay.opacity = 0.7
        root.addSublayer(overlay)
        return root
    }

    static func gradientAndShadow() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 100)
        root.backgroundColor = colour(1, 1, 1)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 10, width: 100, height: 40)
        gradient.colors = [colour(1, 0, 0), colour(0, 0, 1)]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(gradient)
        let shadowed = CALayer()
        shadowed.frame = CGRect(x: 30, y: 60, width: 50, height: 25)
        shadowed.backgroundColor = colour(0.3, 0.3, 0.3)
        shadowed.shadowOpacity = 0.6
        shadowed.shadowRadius = 4
        shadowed.shadowOffset = CGSize(width: 3, height: 3)
        root.addSublayer(shadowed)
        return root
    }

    static func rotatedAnd3D() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        root.backgroundColor = colour(0.1, 0.1, 0.1)
        let rotated = CALayer()
        rotated.frame = CGRect(x: 20, y: 20, width: 40, height: 30)
        rotated.backgroundColor = colour(1, 1, 0)
        rotated.transform = CATransform3DMakeRotation(.pi / 7, 0, 0, 1)
        root.addSublayer(rotated)
        let turned = CALayer()
        turned.frame = CGRect(x: 50, y: 60, width: 50, height: 40)
        turned.backgroundColor = colour(0, 0.8, 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        turned.transform = CATransform3DRotate(perspective, .pi / 5, 0, 1, 0)
        root.addSublayer(turned)
        return root
    }
}
