import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// A layer subclass written as Apple code writes one: it overrides `CALayer`'s members and
/// records when the framework calls them.
final class RecordingLayer: CALayer {
    required init?(coder: NSCoder) { super.init(coder: coder) }
    var boundsSets: [CGRect] = []
    var positionSets: [CGPoint] = []
    var added: [CALayer] = []
    var addedAnimationKeys: [String?] = []
    var needsDisplayCalls = 0
    var layoutCalls = 0
    var tint = 0
    let opacityAction = RecordingAction()

    override init() { super.init() }

    /// Copies `tint`, as Apple's documentation tells subclasses to do.
    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? RecordingLayer { tint = other.tint }
    }

    override var bounds: CGRect {
        didSet { boundsSets.append(bounds) }
    }

    override var position: CGPoint {
        didSet { positionSets.append(position) }
    }

    override func addSublayer(_ layer: CALayer) {
        added.append(layer)
        super.addSublayer(layer)
    }

    override func add(_ anim: CAAnimation, forKey key: String?) {
        addedAnimationKeys.append(key)
        super.add(anim, forKey: key)
    }

    override func setNeedsDisplay() {
        needsDisplayCalls += 1
        super.setNeedsDisplay()
    }

    override func layoutSublayers() {
        layoutCalls += 1
        super.layoutSublayers()
    }

    override func action(forKey event: String) -> CAAction? {
        event == "opacity" ? opacityAction : super.action(forKey: event)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "cornerRadius": return CGFloat(7)
        case "weight": return 3
        default: return super.defaultValue(forKey: key)
        }
    }

    override func preferredFrameSize() -> CGSize { CGSize(width: 33, height: 44) }
}

/// A round layer: it contains only the points of the circle inscribed in its bounds.
final class RoundLayer: CALayer {
    override func contains(_ p: CGPoint) -> Bool {
        let r = min(bounds.width, bounds.height) / 2
        let dx = p.x - bounds.midX, dy = p.y - bounds.midY
        return dx * dx + dy * dy <= r * r
    }
}

/// A layer that answers hit tests for a named sublayer only.
final class RedirectingLayer: CALayer {
    var target: CALayer?
    override func hitTest(_ p: CGPoint) -> CALayer? {
        super.hitTest(p).map { _ in target ?? self }
    }
}

/// A layer that sets its contents itself in `display()`, as the guide's example does.
final class SelfDisplayingLayer: CALayer {
    var displays = 0
    override func display() {
        displays += 1
        let ctx = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        ctx?.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx?.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        contents = ctx?.makeImage()
    }
}

final class SubclassingTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    // MARK: bounds through the public path

    func testFrameSetsBoundsAndPositionThroughTheOverriddenSetters() {
        let layer = RecordingLayer()
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(layer.boundsSets.last, CGRect(x: 0, y: 0, width: 30, height: 40))
        XCTAssertEqual(layer.positionSets.last, CGPoint(x: 25, y: 40))
    }

    func testKeyValueCodingSetsBoundsThroughTheOverriddenSetter() {
        let layer = RecordingLayer()
        layer.setValue(CGRect(x: 0, y: 0, width: 50, height: 60), forKey: "bounds")
        XCTAssertEqual(layer.boundsSets.last, CGRect(x: 0, y: 0, width: 50, height: 60))
        layer.setValue(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)), forKey: "bounds")
        XCTAssertEqual(layer.boundsSets.last, CGRect(x: 1, y: 2, width: 3, height: 4))
        layer.setValue(70, forKeyPath: "bounds.size.width")
        XCTAssertEqual(layer.boundsSets.last, CGRect(x: 1, y: 2, width: 70, height: 4))
        layer.setValue(CGPoint(x: 8, y: 9), forKeyPath: "position")
        XCTAssertEqual(layer.positionSets.last, CGPoint(x: 8, y: 9))
        XCTAssertEqual(layer.boundsSets.count, 3)
    }

    func testAutoresizingSetsBoundsThroughTheOverriddenSetter() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = RecordingLayer()
        child.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        child.autoresizingMask = [.layerWidthSizable]
        parent.addSublayer(child)
        parent.layoutIfNeeded()
        child.boundsSets.removeAll()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        parent.layoutIfNeeded()
        // The width takes the whole change: 80 + 100.
        XCTAssertEqual(child.boundsSets.last?.size, CGSize(width: 180, height: 80))
    }

    func testConstraintLayoutSetsBoundsThroughTheOverriddenSetter() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        parent.layoutManager = CAConstraintLayoutManager()
        let child = RecordingLayer()
        child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        // Both edges on x (a lone width constraint does nothing on Apple: GNUstep
        // Tests/quartzcore/CAConstraint/layout.m): the width becomes 100 - 10 - 40.
        child.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX,
                                         scale: 1, offset: 10))
        child.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX,
                                         scale: 1, offset: -40))
        parent.addSublayer(child)
        child.boundsSets.removeAll()
        parent.layoutIfNeeded()
        XCTAssertEqual(child.boundsSets.last?.size, CGSize(width: 50, height: 10))
    }

    // MARK: hierarchy, layout, hit testing

    func testOverriddenAddSublayerAndLayoutSublayersAreCalled() {
        let layer = RecordingLayer()
        let sublayer = CALayer()
        layer.addSublayer(sublayer)
        XCTAssertTrue(layer.added.first === sublayer)
        layer.layoutIfNeeded()
        XCTAssertEqual(layer.layoutCalls, 1)
        layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        layer.layoutIfNeeded()
        XCTAssertEqual(layer.layoutCalls, 2)
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 33, height: 44))
    }

    func testSuperlayerHitTestUsesTheSublayersOverriddenContains() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let round = RoundLayer()
        round.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(round)
        // (10, 10) is inside the square bounds but outside the inscribed circle (radius 50 about (50, 50)).
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 90)) === round)
    }

    func testSuperlayerHitTestUsesTheSublayersOverriddenHitTest() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let redirecting = RedirectingLayer()
        redirecting.frame = CGRect(x: 100, y: 100, width: 50, height: 50)
        let standIn = CALayer()
        redirecting.target = standIn
        root.addSublayer(redirecting)
        XCTAssertTrue(root.hitTest(CGPoint(x: 120, y: 120)) === standIn)
        XCTAssertTrue(root.hitTest(CGPoint(x: 20, y: 20)) === root)
    }

    // MARK: actions and animations

    func testOverriddenActionForKeyDecidesTheImplicitAnimation() {
        let layer = RecordingLayer()
        joinTransaction(layer)
        CATransaction.flush()
        layer.opacity = 0.5
        XCTAssertEqual(layer.opacityAction.events, ["opacity"])
        XCTAssertNil(layer.animation(forKey: "opacity"), "the override's action ran instead of the implicit animation")
        layer.position = CGPoint(x: 30, y: 40)
        XCTAssertNotNil(layer.animation(forKey: "position") as? CABasicAnimation, "super's answer is the implicit animation")
        XCTAssertEqual(layer.addedAnimationKeys, ["position"], "the action added the animation through the overridden add(_:forKey:)")
    }

    // MARK: class methods

    func testNeedsDisplayForKeyMakesSettingTheKeyCallSetNeedsDisplay() {
        let layer = RecordingLayer()
        layer.setValue(0.5, forKey: "level")
        XCTAssertEqual(layer.needsDisplayCalls, 1)
        XCTAssertTrue(layer.needsDisplay())
        layer.setValue(2, forKey: "other")
        XCTAssertEqual(layer.needsDisplayCalls, 1)
    }

    func testDefaultValueForKeyGivesNewLayersAndUnsetKeysTheirValues() {
        let layer = RecordingLayer()
        XCTAssertEqual(layer.cornerRadius, 7)
        XCTAssertEqual(layer.value(forKey: "weight") as? Int, 3)
        layer.setValue(5, forKey: "weight")
        XCTAssertEqual(layer.value(forKey: "weight") as? Int, 5)
        XCTAssertEqual(CALayer().cornerRadius, 0)
    }

    func testPresentationCopiesAreMadeThroughTheSubclassInitLayer() throws {
        let layer = RecordingLayer()
        layer.tint = 5
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        CATransaction.flush()
        let presentation = try XCTUnwrap(layer.presentation())
        XCTAssertTrue(type(of: presentation) == RecordingLayer.self)
        XCTAssertEqual(presentation.tint, 5)
        XCTAssertEqual(presentation.bounds, CGRect(x: 0, y: 0, width: 20, height: 10))
        XCTAssertTrue(presentation.model() === layer)
    }

    // MARK: display

    func testOverriddenDisplayReplacesDrawing() throws {
        let layer = SelfDisplayingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(layer.displays, 1)
        XCTAssertFalse(layer.needsDisplay())
        assertRGBA(try contentsImage(layer), 1, 1, [0, 0, 255, 255])
    }

    func testOverriddenDrawInIsCalledByTheDefaultDisplay() throws {
        let layer = CountingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 6, height: 3)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(layer.drawCount, 1)
        let image = try contentsImage(layer)
        XCTAssertEqual(image.width, 6)
        assertRGBA(image, 5, 2, [255, 0, 0, 255])
    }
}

/// Subclasses of the specialized layers and of the animations override their members too.
final class SpecializedSubclassingTests: XCTestCase {
    final class CountingShapeLayer: CAShapeLayer {
        var pathSets = 0
        override var path: CGPath? { didSet { pathSets += 1 } }
    }

    final class TaggedAnimation: CABasicAnimation {
        var tag = 0
        override init() { super.init() }
        required init?(coder: NSCoder) { super.init(coder: coder) }
        override func copy(with zone: NSZone? = nil) -> Any {
            let copy = super.copy(with: zone) as! TaggedAnimation
            copy.tag = tag
            return copy
        }
    }

    final class RoundedTextLayer: CATextLayer {
        required init?(coder: NSCoder) { super.init(coder: coder) }
        override init() { super.init() }
        override init(layer: Any) { super.init(layer: layer) }
        override var fontSize: CGFloat {
            get { super.fontSize }
            set { super.fontSize = newValue.rounded() }
        }
    }

    func testShapeLayerPathOverrideRuns() {
        let shape = CountingShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        XCTAssertEqual(shape.pathSets, 1)
        // Key-value coding calls the overridden setter too, as Apple's does.
        shape.setValue(CGPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil), forKey: "path")
        XCTAssertEqual(shape.pathSets, 2)
        XCTAssertEqual(shape.path?.boundingBox, CGRect(x: 0, y: 0, width: 8, height: 8))
    }

    func testKeyValueCodingCallsOverriddenSpecializedSetters() {
        final class WatchedGradient: CAGradientLayer {
            var locationSets: [[NSNumber]?] = []
            override var locations: [NSNumber]? { didSet { locationSets.append(locations) } }
        }
        let gradient = WatchedGradient()
        gradient.setValue([0, 0.25, 1], forKey: "locations")
        XCTAssertEqual(gradient.locationSets.count, 1)
        XCTAssertEqual(gradient.locations?.map(\.doubleValue), [0, 0.25, 1])
        final class WatchedReplicator: CAReplicatorLayer {
            var counts: [Int] = []
            override var instanceCount: Int { didSet { counts.append(instanceCount) } }
        }
        let replicator = WatchedReplicator()
        replicator.setValue(4, forKey: "instanceCount")
        XCTAssertEqual(replicator.counts, [4])
    }

    func testTextLayerOverrideAndPresentationKeepTheSubclass() throws {
        let text = RoundedTextLayer()
        text.fontSize = 11.6
        XCTAssertEqual(text.fontSize, 12)
        CATransaction.flush()
        let presentation = try XCTUnwrap(text.presentation())
        XCTAssertTrue(type(of: presentation) == RoundedTextLayer.self)
        XCTAssertEqual(presentation.fontSize, 12)
    }

    func testLayerCopiesAnAnimationSubclassThroughCopyWithZone() throws {
        let animation = TaggedAnimation(keyPath: "opacity")
        animation.tag = 9
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        let layer = CALayer()
        layer.add(animation, forKey: "tagged")
        let attached = try XCTUnwrap(layer.animation(forKey: "tagged") as? TaggedAnimation)
        XCTAssertFalse(attached === animation)
        XCTAssertEqual(attached.tag, 9)
        XCTAssertTrue(type(of: TaggedAnimation.animation()) == TaggedAnimation.self, "animation() makes the subclass")
    }
}
