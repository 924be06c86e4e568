import QuartzCore

// The book's chapter 4 (visual effects) and chapters 5-6 (3D) examples (001:1427-1958,
// 2540-2680, 3096-3222). The views of the listings are standalone layers here; labels, which
// need text, are plain bars.

extension ExampleScene {
    /// Listing 4.1: two white views with cornerRadius 20, each with a red sublayer overflowing
    /// at (-50, -50); the right one masks to its bounds, so the red is cut at the rounded corner.
    public static let roundedCorners = ExampleScene(
        name: "corners", summary: "Listing 4.1: cornerRadius 20, masksToBounds on the right view",
        size: CGSize(width: 300, height: 200)
    ) { root in
        root.backgroundColor = Chapter4.backdrop
        for (index, clips) in [false, true].enumerated() {
            let view = Chapter4.whiteView(x: 40 + CGFloat(index) * 130)
            view.masksToBounds = clips
            root.addSublayer(view)
        }
    }

    /// Listing 4.2: the same views with a 5-point black border, which follows the rounded
    /// corners and draws over the sublayer.
    public static let borders = ExampleScene(
        name: "borders", summary: "Listing 4.2: borderWidth 5 on rounded views",
        size: CGSize(width: 300, height: 200)
    ) { root in
        root.backgroundColor = Chapter4.backdrop
        for (index, clips) in [false, true].enumerated() {
            let view = Chapter4.whiteView(x: 40 + CGFloat(index) * 130)
            view.borderWidth = 5
            view.masksToBounds = clips
            root.addSublayer(view)
        }
    }

    /// Listing 4.3: shadows (opacity 0.5, offset (0, 5), radius 5) on the left view and on an
    /// outer shadow layer around the clipping right view.
    public static let dropShadows = ExampleScene(
        name: "shadows", summary: "Listing 4.3: drop shadows, and a shadow layer around a clipping view",
        size: CGSize(width: 300, height: 200)
    ) { root in
        root.backgroundColor = Chapter4.backdrop
        let left = Chapter4.whiteView(x: 40)
        left.borderWidth = 5
        Chapter4.castShadow(left, offset: CGSize(width: 0, height: 5), radius: 5)
        root.addSublayer(left)
        let shadowLayer = CALayer()
        shadowLayer.frame = CGRect(x: 170, y: 50, width: 100, height: 100)
        shadowLayer.cornerRadius = 20
        shadowLayer.backgroundColor = Palette.white
        Chapter4.castShadow(shadowLayer, offset: CGSize(width: 0, height: 5), radius: 5)
        let right = Chapter4.whiteView(x: 0, y: 0)
        right.borderWidth = 5
        right.masksToBounds = true
        shadowLayer.addSublayer(right)
        root.addSublayer(shadowLayer)
    }

    /// Listing 4.4: one image with a transparent background on two layers, with a square and
    /// a circular shadowPath (default offset (0, -3), radius 3, opacity 0.5).
    public static let shadowPaths = ExampleScene(
        name: "shadowpath", summary: "Listing 4.4: square and circular shadowPath",
        size: CGSize(width: 300, height: 200)
    ) { root in
        root.backgroundColor = Chapter4.backdrop
        let image = Chapter4.snowman(size: 100)
        for (index, circular) in [false, true].enumerated() {
            let layer = CALayer()
            layer.frame = CGRect(x: 40 + CGFloat(index) * 130, y: 50, width: 100, height: 100)
            layer.contents = image
            layer.shadowOpacity = 0.5
            let bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            let path = CGMutablePath()
            if circular { path.addEllipse(in: bounds) } else { path.addRect(bounds) }
            layer.shadowPath = path
            root.addSublayer(layer)
        }
    }

    /// Listing 4.5: an image masked by a layer whose contents is a cone-shaped alpha image.
    public static let masking = ExampleScene(
        name: "mask", summary: "Listing 4.5: a layer mask with an image's alpha",
        size: CGSize(width: 200, height: 200)
    ) { root in
        root.backgroundColor = Chapter4.backdrop
        let imageLayer = CALayer()
        imageLayer.frame = CGRect(x: 25, y: 25, width: 150, height: 150)
        imageLayer.contents = Chapter4.stripes(size: 150)
        let mask = CALayer()
        mask.frame = imageLayer.bounds
        mask.contents = Chapter4.cone(size: 150)
        imageLayer.mask = mask
        root.addSublayer(imageLayer)
    }

    /// Listing 4.7: two white rounded "buttons" with a grey label bar, faded to 0.5: the left
    /// one without group opacity shows its label through the background, the right one is
    /// rasterized and fades as one image.
    public static let groupOpacity = ExampleScene(
        name: "groupopacity", summary: "Listings 4.6-4.7: opacity 0.5 with and without group opacity",
        size: CGSize(width: 400, height: 200)
    ) { root in
        root.backgroundColor = Chapter4.backdrop
        for (index, grouped) in [false, true].enumerated() {
            let button = CALayer()
            button.bounds = CGRect(x: 0, y: 0, width: 150, height: 50)
            button.position = CGPoint(x: 110 + CGFloat(index) * 180, y: 100)
            button.backgroundColor = Palette.white
            button.cornerRadius = 10
            let label = CALayer()
            label.frame = CGRect(x: 20, y: 10, width: 110, height: 30)
            label.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
            button.addSublayer(label)
            button.opacity = 0.5
            button.allowsGroupOpacity = grouped
            button.shouldRasterize = grouped
            button.rasterizationScale = 1
            root.addSublayer(button)
        }
    }

    /// Listing 5.10: the chapter 5 cube (faces 200 points wide at ±100, camera turned -45°
    /// about x and y under m34 = -1/500) with a black lighting layer on each face whose alpha
    /// is 1 + N·L - 0.5 for the light direction (0, 1, -0.5).
    public static let litCube = ExampleScene(
        name: "litcube", summary: "Listing 5.10: the cube with dynamic lighting layers",
        size: CGSize(width: 400, height: 400)
    ) { root in
        root.backgroundColor = CGColor(red: 0.85, green: 0.85, blue: 0.9, alpha: 1)
        let container = Chapter5.cubeContainer(in: root)
        for transform in Chapter5.faceTransforms(halfSize: 100) {
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            face.position = CGPoint(x: 200, y: 200)
            face.backgroundColor = Palette.white
            face.borderWidth = 2
            face.borderColor = Palette.gray
            face.isDoubleSided = false
            face.transform = transform
            let light = CALayer()
            light.frame = face.bounds
            light.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: Chapter5.shade(of: transform))
            face.addSublayer(light)
            container.addSublayer(face)
        }
    }

    /// Listing 6.5: two cubes of CATransformLayer, sharing the container's perspective
    /// (m34 = -1/500) but turned independently; their double-sided faces are depth-sorted.
    public static let transformLayerCubes = ExampleScene(
        name: "cubes", summary: "Listing 6.5: two CATransformLayer cubes, depth-sorted faces",
        size: CGSize(width: 400, height: 300)
    ) { root in
        root.backgroundColor = CGColor(red: 0.85, green: 0.85, blue: 0.9, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        root.sublayerTransform = perspective
        let turned = CATransform3DRotate(CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0),
                                                             -.pi / 4, 1, 0, 0), -.pi / 4, 0, 1, 0)
        for transform in [CATransform3DMakeTranslation(-100, 0, 0), turned] {
            let cube = CATransformLayer()
            cube.position = CGPoint(x: 200, y: 150)
            cube.transform = transform
            for (index, faceTransform) in Chapter5.faceTransforms(halfSize: 50).enumerated() {
                let face = CALayer()
                face.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
                face.backgroundColor = Chapter5.faceColors[index]
                face.transform = faceTransform
                cube.addSublayer(face)
            }
            root.addSublayer(cube)
        }
    }
}

/// Shared pieces of the chapter 4 scenes.
enum Chapter4 {
    static let backdrop = CGColor(red: 0.75, green: 0.8, blue: 0.9, alpha: 1)

    /// A white 100 x 100 view with cornerRadius 20 at (x, y) and a red 100 x 100 sublayer at (-50, -50).
    static func whiteView(x: CGFloat, y: CGFloat = 50) -> CALayer {
        let view = CALayer()
        view.frame = CGRect(x: x, y: y, width: 100, height: 100)
        view.backgroundColor = Palette.white
        view.cornerRadius = 20
        let red = CALayer()
        red.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
        red.backgroundColor = Palette.red
        view.addSublayer(red)
        return view
    }

    static func castShadow(_ layer: CALayer, offset: CGSize, radius: CGFloat) {
        layer.shadowOpacity = 0.5
        layer.shadowOffset = offset
        layer.shadowRadius = radius
    }

    /// A snowman on a transparent background: two white discs with a dark outline.
    static func snowman(size: Int) -> CGImage {
        let s = Double(size)
        let discs = [(x: 0.5 * s, y: 0.32 * s, r: 0.2 * s), (x: 0.5 * s, y: 0.7 * s, r: 0.28 * s)]
        return ImageFactory.make(width: size, height: size) { x, y in
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            for disc in discs {
                let d = ((px - disc.x) * (px - disc.x) + (py - disc.y) * (py - disc.y)).squareRoot()
                if d <= disc.r - 3 { return (1, 1, 1, 1) }
                if d <= disc.r { return (0.2, 0.2, 0.3, 1) }
            }
            return (0, 0, 0, 0)
        }
    }

    /// Diagonal colour stripes, the picture the mask cuts.
    static func stripes(size: Int) -> CGImage {
        ImageFactory.make(width: size, height: size) { x, y in
            switch ((x + y) / 15) % 3 {
            case 0: return (0.9, 0.3, 0.2, 1)
            case 1: return (0.95, 0.8, 0.2, 1)
            default: return (0.2, 0.5, 0.9, 1)
            }
        }
    }

    /// An ice-cream cone silhouette: opaque inside a scoop circle and a downward triangle.
    static func cone(size: Int) -> CGImage {
        let s = Double(size)
        return ImageFactory.make(width: size, height: size) { x, y in
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let scoop = (px - 0.5 * s) * (px - 0.5 * s) + (py - 0.35 * s) * (py - 0.35 * s) <= 0.25 * s * 0.25 * s
            let depth = (py - 0.4 * s) / (0.55 * s)
            let cone = depth >= 0 && depth <= 1 && abs(px - 0.5 * s) <= 0.22 * s * (1 - depth)
            return (0, 0, 0, scoop || cone ? 1 : 0)
        }
    }
}

/// Shared pieces of the 3D scenes.
enum Chapter5 {
    /// The container of the book's cubes (Listings 5.9/5.10), filling `root`: perspective
    /// m34 = -1/500 with the camera turned -45° about x and then y, as its sublayerTransform.
    static func cubeContainer(in root: CALayer) -> CALayer {
        let container = CALayer()
        container.frame = root.bounds
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        perspective = CATransform3DRotate(perspective, -.pi / 4, 1, 0, 0)
        perspective = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
        container.sublayerTransform = perspective
        root.addSublayer(container)
        return container
    }

    /// The six face transforms of the book's cubes (Listings 5.9 and 6.5), faces `2 h` wide.
    static func faceTransforms(halfSize h: CGFloat) -> [CATransform3D] {
        [
            CATransform3DMakeTranslation(0, 0, h),
            CATransform3DRotate(CATransform3DMakeTranslation(h, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -h, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, h, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-h, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -h), .pi, 0, 1, 0),
        ]
    }

    /// Fixed face colours for the transform-layer cubes (the listing picks random ones).
    static let faceColors: [CGColor] = [
        CGColor(red: 0.9, green: 0.3, blue: 0.3, alpha: 1), CGColor(red: 0.3, green: 0.8, blue: 0.3, alpha: 1),
        CGColor(red: 0.3, green: 0.4, blue: 0.9, alpha: 1), CGColor(red: 0.9, green: 0.8, blue: 0.2, alpha: 1),
        CGColor(red: 0.8, green: 0.3, blue: 0.9, alpha: 1), CGColor(red: 0.3, green: 0.8, blue: 0.9, alpha: 1),
    ]

    /// Listing 5.10's shading: the face normal is the transform's third row (the listing's
    /// GLKit matrix times (0, 0, 1)); alpha = 1 + N·L - 0.5 with L = normalize(0, 1, -0.5),
    /// clamped to 0...1 as UIColor clamps it.
    static func shade(of transform: CATransform3D) -> CGFloat {
        var n = (x: transform.m31, y: transform.m32, z: transform.m33)
        let length = (n.x * n.x + n.y * n.y + n.z * n.z).squareRoot()
        n = (n.x / length, n.y / length, n.z / length)
        let l = 1 / (1.0 + 0.25).squareRoot()
        let dot = n.y * l + n.z * (-0.5 * l)
        return max(0, min(1, 1 + dot - 0.5))
    }
}
