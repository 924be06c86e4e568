import QuartzCore

// The book's chapter 6 (specialized layers) examples drawn by the renderer's instancing,
// gradients, particles and scrolling (001:3229-3817). Shape and text layers have their own scenes.

extension ExampleScene {
    /// Listings 6.6 and 6.7: a red-to-blue diagonal gradient (top), and red, yellow and green
    /// squeezed to the top-left corner by locations 0, 0.25 and 0.5 (bottom).
    public static let gradients = ExampleScene(
        name: "gradients", summary: "Listings 6.6 and 6.7: a diagonal gradient, and one offset by locations",
        size: CGSize(width: 200, height: 400)
    ) { root in
        let simple = CAGradientLayer()
        simple.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        simple.colors = [Palette.red, Palette.blue]
        simple.startPoint = CGPoint(x: 0, y: 0)
        simple.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(simple)
        let offset = CAGradientLayer()
        offset.frame = CGRect(x: 0, y: 200, width: 200, height: 200)
        offset.colors = [Palette.red, CGColor(red: 1, green: 1, blue: 0, alpha: 1), Palette.green]
        offset.locations = [0, 0.25, 0.5]
        offset.startPoint = CGPoint(x: 0, y: 0)
        offset.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(offset)
    }

    /// Listing 6.8: a white square repeated ten times round a circle (translate 200 down,
    /// rotate π/5, translate back), each instance a little less green and blue.
    public static let replicatorRing = ExampleScene(
        name: "replicator", summary: "Listing 6.8: ten instances round a ring with a colour shift",
        size: CGSize(width: 500, height: 700)
    ) { root in
        // The listing's 300 × 300 container, with the square in its middle: the transform turns
        // each instance 36° about the point 200 below the replicator's centre (250, 200).
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 100, y: 50, width: 300, height: 300)
        replicator.instanceCount = 10
        var transform = CATransform3DIdentity
        transform = CATransform3DTranslate(transform, 0, 200, 0)
        transform = CATransform3DRotate(transform, .pi / 5, 0, 0, 1)
        transform = CATransform3DTranslate(transform, 0, -200, 0)
        replicator.instanceTransform = transform
        replicator.instanceBlueOffset = -0.1
        replicator.instanceGreenOffset = -0.1
        let square = CALayer()
        square.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        square.backgroundColor = Palette.white
        replicator.addSublayer(square)
        root.backgroundColor = Palette.black
        root.addSublayer(replicator)
    }

    /// A spinner: twelve bars round a centre, 30° apart, each fading out 1/12 s after the
    /// previous one (instanceDelay), repeating forever.
    public static let spinner = ExampleScene(
        name: "spinner", summary: "CAReplicatorLayer spinner: 12 rotated instances with instanceDelay",
        size: CGSize(width: 120, height: 120)
    ) { root in
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        replicator.instanceDelay = 1.0 / 12
        let bar = CALayer()
        bar.frame = CGRect(x: 55, y: 10, width: 10, height: 30)
        bar.cornerRadius = 5
        bar.backgroundColor = Palette.gray
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.1
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: "fade")
        replicator.addSublayer(bar)
        root.addSublayer(replicator)
    }

    /// Listing 6.9: a reflection: two instances, the copy moved below the original (its
    /// height + 2) and flipped vertically, with alpha offset −0.6.
    public static let reflection = ExampleScene(
        name: "reflection", summary: "Listing 6.9: ReflectionView, a flipped, dimmed second instance",
        size: CGSize(width: 200, height: 300)
    ) { root in
        root.backgroundColor = Palette.black
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 50, y: 20, width: 100, height: 120)
        replicator.instanceCount = 2
        var transform = CATransform3DIdentity
        transform = CATransform3DTranslate(transform, 0, replicator.bounds.height + 2, 0)
        transform = CATransform3DScale(transform, 1, -1, 0)
        replicator.instanceTransform = transform
        replicator.instanceAlphaOffset = -0.6
        let picture = CALayer()
        picture.frame = replicator.bounds
        picture.contents = ImageFactory.spriteSheet(cell: 60)
        replicator.addSublayer(picture)
        root.addSublayer(replicator)
    }

    /// Listing 6.10: a CAScrollLayer over a larger layer, scrolled to (150, 100).
    public static let scrolling = ExampleScene(
        name: "scrolling", summary: "Listing 6.10: CAScrollLayer showing part of a larger picture",
        size: CGSize(width: 200, height: 200)
    ) { root in
        let scroll = CAScrollLayer()
        scroll.frame = root.bounds
        scroll.masksToBounds = true
        let picture = CALayer()
        picture.frame = CGRect(x: 0, y: 0, width: 480, height: 480)
        picture.contents = ImageFactory.spriteSheet(cell: 240)
        scroll.addSublayer(picture)
        scroll.scroll(to: CGPoint(x: 150, y: 100))
        root.addSublayer(scroll)
    }

    /// Listing 6.13: the fiery explosion: 150 orange sparks a second from the centre in every
    /// direction at 50 ± 50 points a second, fading at 0.4 a second, added together.
    public static let fire = ExampleScene(
        name: "fire", summary: "Listing 6.13: CAEmitterLayer explosion with additive sparks",
        size: CGSize(width: 300, height: 300)
    ) { root in
        root.backgroundColor = Palette.black
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.renderMode = .additive
        emitter.emitterPosition = CGPoint(x: emitter.frame.width / 2, y: emitter.frame.height / 2)
        let cell = CAEmitterCell()
        cell.contents = ImageFactory.radialDisc(size: 32)
        cell.birthRate = 150
        cell.lifetime = 5
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
        cell.alphaSpeed = -0.4
        cell.velocity = 50
        cell.velocityRange = 50
        cell.emissionRange = .pi * 2
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
    }
}
