import CompositorCore
import CoreGraphics
import XCTest

/// `PassPlanner`: the frame's offscreen passes in the order both renderers run them, what each
/// reads and writes, the targets' sizes, and where each target's lifetime ends.
final class PassPlannerTests: XCTestCase {
    private let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)

    private func square(_ x: Double, _ y: Double, _ side: Double, backdrop: BackdropFilter? = nil) -> DrawCommand {
        var quad = Quad(transform: .identity, rect: CGRect(x: x, y: y, width: side, height: side), fillColor: red)
        quad.backdrop = backdrop
        return .quad(quad)
    }

    /// A 40 x 40 pixel group at (10, 10) of the canvas.
    private func group(_ configure: (inout CompositingGroup) -> Void = { _ in }) -> DrawCommand {
        var group = CompositingGroup(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                                     pixelWidth: 40, pixelHeight: 40)
        configure(&group)
        return .beginGroup(group)
    }

    private func plan(_ commands: [DrawCommand], maximumSize: Int = .max,
                      isKept: (Int) -> Bool = { _ in false }, isBackdropKept: (Int) -> Bool = { _ in false }) -> PassPlan {
        let tree = DrawListTree(commands)
        return PassPlanner().plan(tree, roots: tree.roots, canvasWidth: 100, canvasHeight: 100, maximumSize: maximumSize,
                                  isKept: isKept, isBackdropKept: isBackdropKept)
    }

    private func size(_ plan: PassPlan, _ target: Int) -> [Int] { [plan.targets[target].width, plan.targets[target].height] }

    func testAMaskedGroupDrawsItsMaskThenItsContentWhichReadsIt() {
        let p = plan([square(0, 0, 10), group(), square(0, 0, 30), .beginMask, square(5, 5, 20), .endGroup, square(60, 60, 10)])
        XCTAssertEqual(p.passes.map(\.kind), [.mask(group: 0), .content(group: 0), .canvas])
        XCTAssertEqual(p.passes.map(\.target), [1, 2, 0])
        XCTAssertEqual(p.targets.count, 3)
        XCTAssertEqual(size(p, 0), [100, 100])
        XCTAssertEqual(size(p, 1), [40, 40])
        XCTAssertEqual(size(p, 2), [40, 40])
        XCTAssertEqual(Array(p.reads(of: 0)), [])
        XCTAssertEqual(Array(p.reads(of: 1)), [PassPlan.Read(target: 1, role: .mask)])
        XCTAssertEqual(Array(p.reads(of: 2)), [PassPlan.Read(target: 2, role: .groupImage(0))])
        // The mask is done once the content has read it; the canvas's reads live to the frame's end.
        XCTAssertEqual(Array(p.releases(of: 1)), [1])
        XCTAssertEqual(p.targets[1].lastReader, 1)
        XCTAssertNil(p.targets[2].lastReader)
        XCTAssertEqual(Array(p.releases(of: 0)) + Array(p.releases(of: 2)), [])
        XCTAssertEqual(p.groups[0].image, 2)
    }

    func testABlurredGroupWithAShadowRunsItsFilterStepThenItsShadow() {
        let p = plan([group {
            $0.filters = [.blur(sigma: 4)]
            $0.shadow = GroupShadow(color: self.red, offsetX: 0, offsetY: 3, sigma: 4)
        }, square(0, 0, 30), .endGroup])
        XCTAssertEqual(p.passes.map(\.kind), [.content(group: 0), .filter(group: 0, step: 0), .shadow(group: 0), .canvas])
        XCTAssertEqual(p.passes.map(\.target), [1, 2, 3, 0])
        XCTAssertEqual(size(p, 2), [40, 40])
        // The shadow's blur pads the image by 3 sigma (12 pixels) on every side, at full resolution (sigma 4).
        XCTAssertEqual(size(p, 3), [64, 64])
        XCTAssertEqual(Array(p.reads(of: 1)), [PassPlan.Read(target: 1, role: .source)])
        XCTAssertEqual(Array(p.reads(of: 2)), [PassPlan.Read(target: 2, role: .source)])
        XCTAssertEqual(Array(p.reads(of: 3)), [PassPlan.Read(target: 3, role: .groupShadow(0)),
                                               PassPlan.Read(target: 2, role: .groupImage(0))])
        // The blur step reads the content last, at its size: it may blur it in place.
        XCTAssertEqual(p.passes.map(\.mayWriteInPlace), [false, true, false, false])
        XCTAssertEqual(Array(p.releases(of: 1)), [1])
        XCTAssertEqual(p.groups[0].shadow, 3)
    }

    func testABackdropFilterInAGroupIsABarrierOfTheGroupsContentPass() {
        let backdrop = BackdropFilter(filters: [.blur(sigma: 2)])
        let p = plan([square(0, 0, 100), group(), square(0, 0, 40), square(10, 10, 10, backdrop: backdrop), square(12, 12, 6),
                      .endGroup])
        XCTAssertEqual(p.passes.map(\.kind), [.content(group: 0), .backdropCopy(command: 3, node: 1),
                                              .backdropFilter(command: 3, node: 1, step: 0), .canvas])
        XCTAssertEqual(p.passes[0].barriers, 1..<3)
        XCTAssertEqual(p.passes.map(\.host), [nil, 0, 0, nil])
        // The copy reads the quad's 10 x 10 pixels grown by the blur's reach (3 sigma, 6 pixels): 22 x 22.
        XCTAssertEqual(p.passes[1].copy?.read, PixelRect(x: 4, y: 4, width: 22, height: 22))
        XCTAssertEqual(size(p, 2), [22, 22])
        XCTAssertEqual(size(p, 3), [22, 22])
        XCTAssertEqual(Array(p.reads(of: 1)), [PassPlan.Read(target: 1, role: .host)])
        XCTAssertEqual(Array(p.reads(of: 2)), [PassPlan.Read(target: 2, role: .source)])
        XCTAssertEqual(Array(p.reads(of: 0)), [PassPlan.Read(target: 3, role: .backdrop)])
        // The copy ends with the filter step; the filtered copy with the host's last drawing.
        XCTAssertEqual(Array(p.releases(of: 2)), [2])
        XCTAssertEqual(Array(p.releases(of: 0)), [3])
    }

    func testNestedGroupsRunInnermostFirstAndTheInnerImageEndsWithItsParent() {
        let p = plan([group(), group { $0.rect = CGRect(x: 0, y: 0, width: 20, height: 10); $0.pixelWidth = 20; $0.pixelHeight = 10 },
                      square(0, 0, 5), .endGroup, square(20, 20, 5), .endGroup])
        // The inner group closes first: it is group 0.
        XCTAssertEqual(p.passes.map(\.kind), [.content(group: 0), .content(group: 1), .canvas])
        XCTAssertEqual(p.passes.map(\.target), [2, 1, 0])
        XCTAssertEqual(size(p, 2), [20, 10])
        XCTAssertEqual(Array(p.reads(of: 1)), [PassPlan.Read(target: 2, role: .groupImage(0))])
        XCTAssertEqual(Array(p.releases(of: 1)), [2])
    }

    func testABlendedGroupIsABarrierOfItsHostAndCompositesTheBlendedImage() {
        let p = plan([square(0, 0, 100), group { $0.blendFormula = .multiply }, square(0, 0, 40), .endGroup])
        XCTAssertEqual(p.passes.map(\.kind), [.content(group: 0), .canvas, .blend(group: 0, node: 2)])
        XCTAssertEqual(p.passes[1].barriers, 2..<3)
        XCTAssertEqual(p.passes[2].copy?.read, PixelRect(x: 10, y: 10, width: 40, height: 40))
        XCTAssertEqual(Array(p.reads(of: 2)), [PassPlan.Read(target: 1, role: .source), PassPlan.Read(target: 0, role: .host)])
        XCTAssertEqual(Array(p.reads(of: 1)), [PassPlan.Read(target: 2, role: .blended(0))])
        // The image is done once blended.
        XCTAssertEqual(Array(p.releases(of: 2)), [1])
        XCTAssertEqual(p.groups[0].blended, 2)
    }

    func testAnAxisAlignedBlendMixesInTheGroupsOwnPixels() {
        let p = plan([square(0, 0, 100), group { $0.blendFormula = .screen }, square(0, 0, 40), .endGroup])
        XCTAssertEqual(p.passes[2].blendSpace, .group)
        XCTAssertEqual(size(p, 2), [40, 40])
    }

    /// A group turned 45° about (50, 50): its corners lie 20√2 from it on the axes, so its
    /// bounds, grown by a pixel for antialiasing, run from 20.7 to 79.3; it blends in the
    /// host's pixels there (no fallback to source-over), into a target of their size.
    func testATurnedGroupBlendsInTheHostsPixelsUnderItsTransformedBounds() {
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        var turn = Matrix4.identity
        turn.m11 = c; turn.m12 = s; turn.m21 = -s; turn.m22 = c
        let p = plan([square(0, 0, 100), group {
            $0.transform = turn.concatenating(.translation(50, 50)); $0.rect = CGRect(x: -20, y: -20, width: 40, height: 40)
            $0.blendFormula = .multiply
        }, square(0, 0, 40), .endGroup])
        XCTAssertEqual(p.passes.map(\.kind), [.content(group: 0), .canvas, .blend(group: 0, node: 2)])
        XCTAssertEqual(p.passes[2].blendSpace, .host)
        XCTAssertEqual(p.passes[2].copy?.read, PixelRect(x: 20, y: 20, width: 60, height: 60))
        XCTAssertEqual(size(p, 2), [60, 60])
        XCTAssertEqual(Array(p.reads(of: 2)), [PassPlan.Read(target: 1, role: .source), PassPlan.Read(target: 0, role: .host)])
        XCTAssertEqual(Array(p.reads(of: 1)), [PassPlan.Read(target: 2, role: .blended(0))])
        XCTAssertFalse(p.passes[2].mayWriteInPlace)
    }

    /// A group in perspective blends in the host's pixels too; one whose corner lies behind the
    /// eye reads the whole host.
    func testAProjectedGroupBlendsInTheHostsPixels() {
        var projected = Matrix4.translation(10, 10)
        projected.m14 = 0.001
        var behind = Matrix4.translation(10, 10)
        behind.m14 = -0.05
        for (transform, read) in [(projected, PixelRect(x: 9, y: 8, width: 41, height: 43)),
                                  (behind, PixelRect(x: 0, y: 0, width: 100, height: 100))] {
            let p = plan([square(0, 0, 100), group {
                $0.transform = transform; $0.blendFormula = .difference
            }, square(0, 0, 40),
                          .endGroup])
            XCTAssertEqual(p.passes.last?.blendSpace, .host)
            XCTAssertEqual(p.passes.last?.copy?.read, read)
        }
    }

    /// A canvas-level backdrop whose filtered image the renderer kept plans no copy and no
    /// filter; one inside a group (never kept) still does.
    func testAKeptBackdropPlansNoPasses() {
        let backdrop = BackdropFilter(filters: [.blur(sigma: 2)])
        let commands = [square(0, 0, 100), square(10, 10, 20, backdrop: backdrop), group(), square(5, 5, 10, backdrop: backdrop),
                        .endGroup]
        XCTAssertEqual(plan(commands).passes.count, 6)
        let p = plan(commands, isBackdropKept: { _ in true })
        XCTAssertEqual(p.passes.map(\.kind), [.content(group: 0), .backdropCopy(command: 3, node: 0),
                                              .backdropFilter(command: 3, node: 0, step: 0), .canvas])
        XCTAssertEqual(Array(p.reads(of: 3)), [PassPlan.Read(target: 1, role: .groupImage(0))])
    }

    func testAGroupLargerThanTheLargestTargetIsDrawnScaledDown() {
        let p = plan([group { $0.pixelWidth = 200; $0.pixelHeight = 50 }, square(0, 0, 10), .endGroup], maximumSize: 100)
        XCTAssertEqual(size(p, 1), [100, 25])
        XCTAssertEqual(p.groups[0].scale, 0.5)
    }

    func testAKeptGroupPlansNoContentAndItsChildrenNothing() {
        let p = plan([group { $0.rasterizationKey = RasterizationKey(layerID: 1, contentVersion: 1) }, group(), square(0, 0, 5),
                      .endGroup, .endGroup], isKept: { $0 == 1 })
        XCTAssertEqual(p.passes.map(\.kind), [.canvas])
        XCTAssertEqual(p.groups[1].image, 1)
        XCTAssertNil(p.targets[1].writer)
        XCTAssertTrue(p.targets[1].outlivesFrame)
        XCTAssertNil(p.groups[0].image)
    }

    func testAnInvisibleGroupIsNotPlanned() {
        let p = plan([group { $0.opacity = 0 }, square(0, 0, 5), .endGroup])
        XCTAssertEqual(p.passes.map(\.kind), [.canvas])
        XCTAssertEqual(Array(p.reads(of: 0)), [])
    }

    func testAReleasedBufferIsReusedWithinTheFrame() {
        final class Buffer {}
        let pool = OffscreenPool<Buffer>(budget: CacheBudget(byteLimit: 1 << 30, evictionAge: 30), maximumSide: 4096)
        pool.beginFrame()
        let first = pool.acquire(width: 40, height: 40) { _ in Buffer() }
        pool.release(first)
        pool.release(first)
        let second = pool.acquire(width: 50, height: 30) { _ in Buffer() }
        let third = pool.acquire(width: 50, height: 30) { _ in Buffer() }
        XCTAssertTrue(first === second, "the released buffer serves the next request of its bucket")
        XCTAssertFalse(second === third, "released once, handed out once")
        pool.endFrame()
    }
}

/// The roots of a plan given as a range (a whole frame) or as a list of positions (a frame
/// culled to its damage): the planner reads them through a concrete type either way.
extension PassPlannerTests {
    private func canvasPlan(_ commands: [DrawCommand], roots: (DrawListTree) -> [Int]) -> (whole: PassPlan, listed: PassPlan) {
        let tree = DrawListTree(commands)
        let whole = PassPlanner().plan(tree, roots: tree.roots, canvasWidth: 100, canvasHeight: 100)
        let listed = PassPlanner().plan(tree, roots: roots(tree), canvasWidth: 100, canvasHeight: 100)
        return (whole, listed)
    }

    /// A frame of plain quads (S4's sprites) is one canvas pass that reads nothing.
    func testAFrameOfPlainQuadsIsOneCanvasPassWhateverItsRoots() {
        let commands = (0..<600).map { square(Double($0 % 30) * 3, Double($0 / 30) * 5, 3) }
        let (whole, listed) = canvasPlan(commands) { Array($0.roots) }
        for p in [whole, listed] {
            XCTAssertEqual(p.passes.map(\.kind), [.canvas])
            XCTAssertEqual(p.passes[0].barriers, 1..<1)
            XCTAssertEqual(Array(p.reads(of: 0)), [])
            XCTAssertEqual(p.targets.count, 1)
            XCTAssertEqual(size(p, 0), [100, 100])
        }
    }

    /// Roots listed one by one plan the same groups and backdrops as the same roots as a range;
    /// a list that leaves a group out plans none of its passes.
    func testListedRootsPlanTheirGroupsAndBackdropsAsARangeDoes() {
        let backdrop = BackdropFilter(filters: [.blur(sigma: 2)])
        let commands = [square(0, 0, 100), group(), square(0, 0, 30), .endGroup, square(10, 10, 20, backdrop: backdrop),
                        square(70, 70, 10)]
        let (whole, listed) = canvasPlan(commands) { Array($0.roots) }
        XCTAssertEqual(listed.passes.map(\.kind), whole.passes.map(\.kind))
        // The canvas-level backdrop (node 3: the group's content node comes first) is a barrier of the canvas pass.
        XCTAssertEqual(whole.passes.map(\.kind), [.content(group: 0), .canvas, .backdropCopy(command: 4, node: 3),
                                                  .backdropFilter(command: 4, node: 3, step: 0)])
        XCTAssertEqual(whole.passes[1].barriers, 2..<4)
        XCTAssertEqual(Array(listed.reads(of: 1)), Array(whole.reads(of: 1)))
        XCTAssertEqual(listed.passes.map(\.barriers), whole.passes.map(\.barriers))
        XCTAssertEqual(listed.groups[0].image, whole.groups[0].image)
        // Without the group's node (the second root): the backdrop alone.
        let tree = DrawListTree(commands)
        let culled = PassPlanner().plan(tree, roots: [tree.roots.lowerBound, tree.roots.lowerBound + 2], canvasWidth: 100,
                                        canvasHeight: 100)
        XCTAssertEqual(culled.passes.map(\.kind), [.canvas, .backdropCopy(command: 4, node: 3),
                                                   .backdropFilter(command: 4, node: 3, step: 0)])
        XCTAssertNil(culled.groups[0].image)
    }
}
