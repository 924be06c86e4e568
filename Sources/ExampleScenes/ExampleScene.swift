import QuartzCore

/// A named example layer tree: a figure of the Core Animation Programming Guide or of "iOS Core
/// Animation: Advanced Techniques", rendered by `qc-render` and by the tests.
public struct ExampleScene: Sendable {
    /// The name used on the command line (`--scene clock`).
    public let name: String
    /// What the scene shows and which figure of the guide or the book it comes from.
    public let summary: String
    /// The size, in points, the scene is designed for.
    public let size: CGSize
    /// Builds the tree into `root`, a layer whose bounds are the scene's size.
    public let build: @Sendable (CALayer) -> Void

    /// Creates a scene.
    public init(name: String, summary: String, size: CGSize, build: @escaping @Sendable (CALayer) -> Void) {
        self.name = name
        self.summary = summary
        self.size = size
        self.build = build
    }

    /// Builds the scene into a new root layer of `size` (or the scene's own size), white, and
    /// commits it.
    public func makeRoot(size: CGSize? = nil) -> CALayer {
        let root = CALayer()
        let s = size ?? self.size
        root.bounds = CGRect(origin: .zero, size: s)
        root.position = CGPoint(x: s.width / 2, y: s.height / 2)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        build(root)
        CATransaction.flush()
        return root
    }

    /// Every example scene, by name.
    public static let all: [ExampleScene] = [
        .blueSublayer, .clock, .cube, .spriteSheet, .stretchableButton, .zOrder, .shipPath,
        .roundedCorners, .borders, .dropShadows, .shadowPaths, .masking, .groupOpacity, .litCube,
        .transformLayerCubes, .delegateDrawing, .sketchDirtyRects, .vectorGraphics,
        .gradients, .replicatorRing, .spinner, .reflection, .scrolling, .fire,
        .stickFigure, .textLabel,
    ]

    /// The scene called `name`, or nil.
    public static func named(_ name: String) -> ExampleScene? {
        all.first { $0.name == name }
    }
}

/// Colours used by the scenes.
enum Palette {
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 0.8, blue: 0, alpha: 1)
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let gray = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
}
