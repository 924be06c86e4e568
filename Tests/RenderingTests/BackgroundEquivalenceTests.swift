import CompositorCore
import ExampleScenes
import Foundation
import QuartzCore
@testable import QuartzCoreModel
import RendererTestSupport
import XCTest

/// The GLES and CPU renderers agree on trees, not only on the example scenes over their own
/// backgrounds: every example scene over white and mid grey, and a tree for each specialized
/// layer drawing with alpha, over black, white and mid grey, within `CPUEquivalenceTests`'
/// tolerance. Translucency is where they can part (one blending what the other replaces), so
/// every tree here draws something translucent over the background.
final class BackgroundEquivalenceTests: XCTestCase {
    static let backgrounds: [(name: String, color: CGColor)] = [
        ("black", CGColor(red: 0, green: 0, blue: 0, alpha: 1)),
        ("white", CGColor(red: 1, green: 1, blue: 1, alpha: 1)),
        ("grey", CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)),
    ]

    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// Listing 6.9's reflection over white, with two coloured bands instead of the picture: the
    /// second instance is flipped below and drawn at alpha 1 - 0.6 over the background, so its
    /// bands are 40% blue and 40% red over white, (153, 153, 255) and (255, 153, 153), on both
    /// renderers (GLES drew them as if opaque, (0, 0, 102) and (102, 0, 0)).
    func testReflectionBlendsOverWhiteOnBothRenderers() throws {
        let root = SceneRenderer.root(width: 200, height: 300)
        root.addSublayer(Self.reflection())
        for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 200, height: 300) {
            // Instance 0: blue band (20...80 of the replicator, y 20...80), red band below.
            assertPixel(image, 100, 50, (0, 0, 255, 255), "\(renderer) original blue band")
            assertPixel(image, 100, 110, (255, 0, 0, 255), "\(renderer) original red band")
            // Instance 1: y' = 242 - y in the replicator, so red at 122...182, blue at 182...242 (+20).
            assertPixel(image, 100, 170, (255, 153, 153, 255), "\(renderer) reflected red band")
            assertPixel(image, 100, 230, (153, 153, 255, 255), "\(renderer) reflected blue band")
        }
    }

    /// Every example scene with its root's background replaced by white and by mid grey.
    func testExampleScenesAgreeOverOtherBackgrounds() throws {
        SoftwareGL.useUnlessConfigured()
        for scene in ExampleScene.all {
            for background in Self.backgrounds.dropFirst() {
                let root = scene.makeRoot()
                root.backgroundColor = background.color
                try assertAgree(root, width: Int(scene.size.width), height: Int(scene.size.height),
                                time: 1.5, name: "\(scene.name) over \(background.name)")
            }
        }
    }

    /// Each specialized layer drawing with alpha, over each background.
    func testTranslucentSpecializedLayersAgreeOverEveryBackground() throws {
        SoftwareGL.useUnlessConfigured()
        for (name, build) in Self.trees {
            for background in Self.backgrounds {
                let root = SceneRenderer.root(width: 240, height: 240)
                root.backgroundColor = background.color
                build(root)
                try assertAgree(root, width: 240, height: 240, time: 1, name: "\(name) over \(background.name)")
            }
        }
    }

    /// A tiled layer drawing translucent tiles, once its tiles are drawn and faded in.
    func testTranslucentTiledLayerAgreesOverEveryBackground() throws {
        SoftwareGL.useUnlessConfigured()
        for background in Self.backgrounds {
            let root = SceneRenderer.root(width: 240, height: 240)
            root.backgroundColor = background.color
            let tiled = TranslucentTiledLayer()
            tiled.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
            tiled.tileSize = CGSize(width: 64, height: 64)
            root.addSublayer(tiled)
            CATransaction.flush()
            let source = try XCTUnwrap(tiled.state.tiled.source)
            let t0 = CACurrentMediaTime() + 100
            var images: [CGImage] = []
            for cpu in [false, true] {
                let renderer = cpu ? try CARenderer(cpuPixelWidth: 240, pixelHeight: 240)
                                   : try CARenderer(pixelWidth: 240, pixelHeight: 240)
                renderer.layer = root
                // Each renderer keeps its own tiles and draws all 16 (4 x 4 of 64 points) again.
                // Its first frame queues them; wait until every one is stored in its tile store
                // (not merely painted: a tile stored after the frame at t0 + 1 would first show
                // at t0 + 2, at opacity 0), so that all fade in from t0 + 1 and are opaque at t0 + 2.
                let drawnBefore = tiled.drawnTiles.withLock { $0 }
                try renderer.renderFrame(atTime: t0)
                XCTAssertTrue(source.waitUntilDrawn(timeout: 60), "tiles drawn over \(background.name)")
                XCTAssertEqual(tiled.drawnTiles.withLock { $0 }, drawnBefore + 16, "this renderer's 16 tiles")
                try renderer.renderFrame(atTime: t0 + 1)
                try renderer.renderFrame(atTime: t0 + 2)
                images.append(try renderer.makeImage())
            }
            // The translucent blue tiles over the background (not the background alone).
            let p = try XCTUnwrap(images[1].premultipliedPixel(x: 120, y: 120))
            XCTAssertGreaterThan(Int(p.b), Int(p.r), "tiles drawn over \(background.name)")
            try assertImagesAgree(images[0], images[1], name: "tiled over \(background.name)")
        }
    }

    private func assertAgree(_ root: CALayer, width: Int, height: Int, time: CFTimeInterval, name: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let images = try SceneRenderer.renderOnBoth(root, width: width, height: height, time: time)
        try assertImagesAgree(images[0].image, images[1].image, name: name, file: file, line: line)
    }

    private func assertImagesAgree(_ gles: CGImage, _ cpu: CGImage, name: String,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let report = CPUEquivalenceTests.compare(reference: gles, candidate: cpu)
        if report.shareOverSmall > CPUEquivalenceTests.allowedShareOverSmall || report.largeOffEdge > 0 {
            let folder = try CPUEquivalenceTests.writeFailure(scene: name.replacingOccurrences(of: " ", with: "-"),
                                                              gles: gles, cpu: cpu)
            XCTFail("\(name): \(report); images in \(folder.path)", file: file, line: line)
        }
    }

    /// Listing 6.9's replicator over two bands, blue above red.
    static func reflection() -> CAReplicatorLayer {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 50, y: 20, width: 100, height: 120)
        replicator.instanceCount = 2
        var transform = CATransform3DIdentity
        transform = CATransform3DTranslate(transform, 0, replicator.bounds.height + 2, 0)
        transform = CATransform3DScale(transform, 1, -1, 0)
        replicator.instanceTransform = transform
        replicator.instanceAlphaOffset = -0.6
        let blue = CALayer()
        blue.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        blue.backgroundColor = color(0, 0, 1, 1)
        let red = CALayer()
        red.frame = CGRect(x: 0, y: 60, width: 100, height: 60)
        red.backgroundColor = color(1, 0, 0, 1)
        replicator.addSublayer(blue)
        replicator.addSublayer(red)
        return replicator
    }

    /// The trees, each building into a 240 x 240 root.
    static var trees: [(String, (CALayer) -> Void)] { [
        ("shape", { root in
            let shape = CAShapeLayer()
            shape.frame = root.bounds
            shape.path = CGPath(ellipseIn: CGRect(x: 30, y: 40, width: 180, height: 140), transform: nil)
            shape.fillColor = color(1, 0, 0, 0.5)
            shape.strokeColor = color(0, 0, 1, 0.6)
            shape.lineWidth = 12
            root.addSublayer(shape)
        }),
        ("text", { root in
            let text = CATextLayer()
            text.frame = CGRect(x: 10, y: 40, width: 220, height: 160)
            text.string = "Translucent text over the background"
            text.fontSize = 28
            text.isWrapped = true
            text.foregroundColor = color(0, 0.6, 0, 0.5)
            text.backgroundColor = color(1, 1, 0, 0.25)
            root.addSublayer(text)
        }),
        ("gradient", { root in
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
            gradient.colors = [color(1, 0, 0, 0.2), color(0, 0, 1, 0.8), color(0, 1, 0, 0)]
            gradient.locations = [0, 0.6, 1]
            gradient.startPoint = CGPoint(x: 0, y: 0)
            gradient.endPoint = CGPoint(x: 1, y: 1)
            root.addSublayer(gradient)
        }),
        ("reflection", { root in root.addSublayer(reflection()) }),
        ("replicator-offsets", { root in
            let replicator = CAReplicatorLayer()
            replicator.frame = root.bounds
            replicator.instanceCount = 6
            replicator.instanceTransform = CATransform3DMakeTranslation(30, 25, 0)
            replicator.instanceColor = color(1, 1, 1, 0.9)
            replicator.instanceRedOffset = -0.15
            replicator.instanceGreenOffset = 0.1
            replicator.instanceAlphaOffset = -0.12
            let square = CALayer()
            square.frame = CGRect(x: 10, y: 10, width: 70, height: 70)
            square.backgroundColor = color(1, 0.3, 0.2, 1)
            square.borderWidth = 4
            square.borderColor = color(0, 0, 0.5, 0.7)
            replicator.addSublayer(square)
            root.addSublayer(replicator)
        }),
        ("emitter", { root in
            let emitter = CAEmitterLayer()
            emitter.frame = root.bounds
            emitter.emitterPosition = CGPoint(x: 120, y: 120)
            let cell = CAEmitterCell()
            cell.contents = ImageFactory.radialDisc(size: 24)
            cell.birthRate = 60
            cell.lifetime = 3
            cell.color = color(0.2, 0.4, 1, 0.6)
            cell.alphaSpeed = -0.2
            cell.velocity = 60
            cell.emissionRange = .pi * 2
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
        }),
        ("scroll", { root in
            let scroll = CAScrollLayer()
            scroll.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
            scroll.masksToBounds = true
            for i in 0..<4 {
                let tile = CALayer()
                tile.frame = CGRect(x: 60 * CGFloat(i), y: 50 * CGFloat(i), width: 120, height: 120)
                tile.backgroundColor = color(CGFloat(i) / 3, 0.2, 1 - CGFloat(i) / 3, 0.5)
                tile.cornerRadius = 16
                scroll.addSublayer(tile)
            }
            scroll.scroll(to: CGPoint(x: 40, y: 30))
            root.addSublayer(scroll)
        }),
        ("transform-layer", { root in
            let container = CALayer()
            container.frame = root.bounds
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            container.sublayerTransform = perspective
            let cube = CATransformLayer()
            cube.frame = root.bounds
            cube.transform = CATransform3DRotate(CATransform3DMakeRotation(-.pi / 5, 1, 0, 0), .pi / 5, 0, 1, 0)
            let faces: [CATransform3D] = [
                CATransform3DMakeTranslation(0, 0, 50),
                CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0),
                CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0),
                CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0),
            ]
            for (i, t) in faces.enumerated() {
                let face = CALayer()
                face.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
                face.position = CGPoint(x: 120, y: 120)
                face.backgroundColor = color(i % 2 == 0 ? 1 : 0, 0.5, i % 2 == 0 ? 0 : 1, 0.5)
                face.transform = t
                cube.addSublayer(face)
            }
            container.addSublayer(cube)
            root.addSublayer(container)
        }),
        ("group-opacity", { root in
            for (x, groups) in [(20.0, true), (130.0, false)] {
                let group = CALayer()
                group.frame = CGRect(x: x, y: 40, width: 90, height: 160)
                group.backgroundColor = color(0, 0, 1, 1)
                group.opacity = 0.5
                group.allowsGroupOpacity = groups
                let inner = CALayer()
                inner.frame = CGRect(x: 20, y: 40, width: 90, height: 60)
                inner.backgroundColor = color(1, 0, 0, 0.8)
                group.addSublayer(inner)
                root.addSublayer(group)
            }
        }),
        ("mask", { root in
            let layer = CALayer()
            layer.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
            layer.backgroundColor = color(0.9, 0.2, 0.2, 0.8)
            let mask = CAShapeLayer()
            mask.frame = layer.bounds
            mask.path = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 160, height: 160), transform: nil)
            mask.fillColor = color(0, 0, 0, 0.6)
            layer.mask = mask
            root.addSublayer(layer)
        }),
        ("shadows", { root in
            let plain = CALayer()
            plain.frame = CGRect(x: 20, y: 20, width: 90, height: 90)
            plain.backgroundColor = color(0.2, 0.6, 1, 0.6)
            plain.cornerRadius = 12
            plain.shadowOpacity = 0.5
            plain.shadowRadius = 6
            plain.shadowOffset = CGSize(width: 8, height: 10)
            let composite = CALayer()
            composite.frame = CGRect(x: 130, y: 20, width: 90, height: 90)
            composite.shadowOpacity = 0.7
            composite.shadowColor = color(0.5, 0, 0, 1)
            composite.shadowRadius = 4
            composite.shadowOffset = CGSize(width: 6, height: 6)
            let child = CALayer()
            child.frame = CGRect(x: 10, y: 10, width: 50, height: 60)
            child.backgroundColor = color(1, 0.8, 0, 0.7)
            composite.addSublayer(child)
            let path = CALayer()
            path.frame = CGRect(x: 70, y: 130, width: 100, height: 90)
            path.backgroundColor = color(0, 0.7, 0.3, 0.4)
            path.shadowOpacity = 0.4
            path.shadowRadius = 3
            path.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 90), transform: nil)
            path.masksToBounds = true
            root.addSublayer(plain)
            root.addSublayer(composite)
            root.addSublayer(path)
        }),
    ] }
}

/// A tiled layer that fills each tile with translucent blue and counts the tiles it drew.
private final class TranslucentTiledLayer: CATiledLayer, @unchecked Sendable {
    let drawnTiles = ThreadLock(0)

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        ctx.fill(ctx.boundingBoxOfClipPath)
        drawnTiles.withLock { $0 += 1 }
    }
}
