import QuartzCore

extension ExampleScene {
    /// The book's Listing 1.1: a blue 100x100 sublayer at (50, 50) in a white 200x200 view.
    public static let blueSublayer = ExampleScene(
        name: "blue", summary: "Listing 1.1: a blue sublayer, frame (50, 50, 100, 100)",
        size: CGSize(width: 200, height: 200)
    ) { root in
        let blue = CALayer()
        blue.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        blue.backgroundColor = Palette.blue
        root.addSublayer(blue)
    }

    /// The book's clock (Listings 3.1/3.2): hands whose anchorPoint (0.5, 0.9) sits near their
    /// base, rotated about the face's centre to 10:08:30.
    public static let clock = ExampleScene(
        name: "clock", summary: "Listings 3.1-3.2: clock hands rotating about anchorPoint (0.5, 0.9)",
        size: CGSize(width: 300, height: 300)
    ) { root in
        let face = CALayer()
        face.frame = CGRect(x: 25, y: 25, width: 250, height: 250)
        face.cornerRadius = 125
        face.backgroundColor = CGColor(red: 0.95, green: 0.93, blue: 0.85, alpha: 1)
        face.borderWidth = 6
        face.borderColor = Palette.black
        root.addSublayer(face)
        let center = CGPoint(x: 125, y: 125)
        for tick in 0..<12 {
            let mark = CALayer()
            mark.bounds = CGRect(x: 0, y: 0, width: 6, height: 20)
            mark.anchorPoint = CGPoint(x: 0.5, y: 5.5)
            mark.position = center
            mark.backgroundColor = Palette.gray
            mark.transform = CATransform3DMakeRotation(CGFloat(tick) / 12 * 2 * .pi, 0, 0, 1)
            face.addSublayer(mark)
        }
        // hours, minutes, seconds: angle = fraction of the dial × 2π (Listing 3.2).
        let hands: [(width: CGFloat, length: CGFloat, color: CGColor, angle: CGFloat)] = [
            (10, 70, Palette.black, (10 + 8.5 / 60) / 12 * 2 * .pi),
            (6, 100, Palette.black, (8 + 30 / 60) / 60 * 2 * .pi),
            (2, 110, Palette.red, 30 / 60 * 2 * .pi),
        ]
        for hand in hands {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: hand.width, height: hand.length)
            layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            layer.position = center
            layer.backgroundColor = hand.color
            layer.cornerRadius = hand.width / 2
            layer.transform = CATransform3DMakeRotation(hand.angle, 0, 0, 1)
            face.addSublayer(layer)
        }
    }

    /// The book's cube (Listings 5.9/5.10): six faces 200 points wide at ±100 around a container
    /// with perspective m34 = -1/500, the camera turned -45° about x and y. Faces are
    /// single-sided so that those facing away are culled.
    public static let cube = ExampleScene(
        name: "cube", summary: "Listing 5.9: six cube faces under sublayerTransform perspective",
        size: CGSize(width: 400, height: 400)
    ) { root in
        root.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.25, alpha: 1)
        let container = Chapter5.cubeContainer(in: root)
        let faces = zip(Chapter5.faceTransforms(halfSize: 100), Chapter5.faceColors)
        for (transform, color) in faces {
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            face.position = CGPoint(x: 200, y: 200)
            face.backgroundColor = color
            face.borderWidth = 4
            face.borderColor = Palette.white
            face.isDoubleSided = false
            face.transform = transform
            container.addSublayer(face)
        }
    }

    /// The book's sprite sheet (Listing 2.3): four layers showing the four quadrants of one
    /// image through `contentsRect`.
    public static let spriteSheet = ExampleScene(
        name: "sprites", summary: "Listing 2.3: contentsRect picks the quadrants of one sprite sheet",
        size: CGSize(width: 320, height: 320)
    ) { root in
        let sheet = ImageFactory.spriteSheet(cell: 32)
        let rects = [CGRect(x: 0, y: 0, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5),
                     CGRect(x: 0, y: 0.5, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)]
        for (index, rect) in rects.enumerated() {
            let layer = CALayer()
            layer.frame = CGRect(x: 20 + CGFloat(index % 2) * 150, y: 20 + CGFloat(index / 2) * 150, width: 130, height: 130)
            layer.contents = sheet
            layer.contentsRect = rect
            layer.contentsGravity = .resizeAspect
            layer.magnificationFilter = .nearest
            root.addSublayer(layer)
        }
    }

    /// The book's stretchable buttons (Listing 2.4): one 48x48 button image stretched to two
    /// sizes with `contentsCenter` (0.25, 0.25, 0.5, 0.5), keeping its corners.
    public static let stretchableButton = ExampleScene(
        name: "buttons", summary: "Listing 2.4: nine-slice stretching with contentsCenter",
        size: CGSize(width: 320, height: 240)
    ) { root in
        let image = ImageFactory.button(size: 48)
        let frames = [CGRect(x: 20, y: 20, width: 280, height: 60), CGRect(x: 20, y: 100, width: 120, height: 120)]
        for frame in frames {
            let button = CALayer()
            button.frame = frame
            button.contents = image
            button.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            root.addSublayer(button)
        }
        let plain = CALayer()
        plain.frame = CGRect(x: 180, y: 100, width: 120, height: 120)
        plain.contents = image
        root.addSublayer(plain)
    }

    /// The book's zPosition example (Listing 3.3): the green layer, added first, is drawn in
    /// front of the red one because its zPosition is 1.
    public static let zOrder = ExampleScene(
        name: "zorder", summary: "Listing 3.3: zPosition brings the first layer to the front",
        size: CGSize(width: 240, height: 240)
    ) { root in
        let green = CALayer()
        green.frame = CGRect(x: 40, y: 40, width: 120, height: 120)
        green.backgroundColor = Palette.green
        green.zPosition = 1
        let red = CALayer()
        red.frame = CGRect(x: 80, y: 80, width: 120, height: 120)
        red.backgroundColor = Palette.red
        root.addSublayer(green)
        root.addSublayer(red)
    }
}
