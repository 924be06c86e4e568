import XCTest
import CompositorCore
import RendererTestSupport
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
@testable import RenderServer

/// Many sublayers that leave their superlayer's plane (S3's cards turning in perspective) are
/// sorted by depth alone (`FrameFlattener.sortedByDepth`, in parts) and then drawn as any long
/// run is: flattened in parts, and each one that only moved drawing its last frame's drawing
/// with its new map, although the order changes from frame to frame. Every frame must equal
/// the one that flattens everything on one thread, and the order must be the depth sort's.
final class DepthSortedRunTests: XCTestCase {
    private static let count = 600
    private let root = CALayer()
    private var sublayers: [CALayer] = []
    /// Moves what it can in parts; `serial` on one thread; `flattening` flattens every changed
    /// sublayer; `whole` reuses nothing.
    private var moving: CARenderer!
    private var serial: CARenderer!
    private var flattening: CARenderer!
    private var whole: CARenderer!
    private var time: CFTimeInterval = 0
    private var random = SeededGenerator(seed: 0x3D_50)

    /// Card `k`'s width: tells its quads apart in the draw list.
    private static func width(_ k: Int) -> CGFloat { 10 + CGFloat(k) / 8 }

    override func setUpWithError() throws {
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        for k in 0..<Self.count {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: Self.width(k), height: 9)
            layer.position = CGPoint(x: CGFloat(k % 30) * 13 + 8, y: CGFloat(k / 30) * 14 + 8)
            layer.backgroundColor = CGColor(red: CGFloat(k % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
            switch k % 10 {
            case 1: layer.isDoubleSided = false  // culled when turned away
            case 2:  // a clip of its own: flattened
                layer.masksToBounds = true
                layer.cornerRadius = 2
            case 3:  // a shadow
                layer.shadowOpacity = 0.5
                layer.shadowRadius = 2
            case 4: layer.opacity = 0.6
            case 5:  // a border on top of a sublayer: not a leaf
                layer.borderWidth = 1
                layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                let inner = CALayer()
                inner.frame = CGRect(x: 1, y: 1, width: 4, height: 4)
                inner.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                layer.addSublayer(inner)
            default: break
            }
            sublayers.append(layer)
            root.addSublayer(layer)
        }
        turnCards(step: 0)
        CATransaction.flush()
        time = CACurrentMediaTime()
        moving = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        serial = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        flattening = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        whole = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        moving.frames.maximumFlatteningParts = 2
        serial.frames.maximumFlatteningParts = 1
        flattening.frames.maximumFlatteningParts = 1
        flattening.frames.redrawsMovedLayers = false
        whole.reusesUnchangedSubtrees = false
        whole.frames.maximumFlatteningParts = 1
        for renderer in [moving, serial, flattening, whole] { renderer?.layer = root }
    }

    /// Turns every card about y in perspective (S3's change), some by the same angle as others
    /// (equal depths), some also pushed along z.
    private func turnCards(step: Int) {
        ReuseComparison.commitWithoutActions {
            for (k, layer) in sublayers.enumerated() {
                var perspective = CATransform3DIdentity
                perspective.m34 = -1.0 / 800
                let angle = k % 9 == 0 ? 0.5 : 2 * Double.pi * (Double(step) * 0.05 + Double(k % 150) / 150)
                var transform = CATransform3DConcat(CATransform3DMakeRotation(CGFloat(angle), 0, 1, 0), perspective)
                if k % 13 == 0 { transform = CATransform3DTranslate(transform, 0, 0, CGFloat.random(in: -20...20, using: &random)) }
                layer.transform = transform
            }
        }
    }

    /// Draws the next frame with each renderer, asserts them equal, and returns the moving
    /// renderer's draw list and how many sublayers it drew moved.
    private func nextFrames(file: StaticString = #filePath, line: UInt = #line) throws -> (DrawList, Int) {
        time += 1.0 / 60
        let moved = try moving.drawList(atTime: time)
        for (other, name) in [(serial, "serial"), (flattening, "flattening"), (whole, "whole")] {
            ReuseComparison.assertSameFrame(moved, try XCTUnwrap(other).drawList(atTime: time), name: name, file: file, line: line)
        }
        XCTAssertEqual(flattening.frames.lastFrameSublayersRedrawnMoved, 0, file: file, line: line)
        XCTAssertEqual(serial.frames.lastFrameSublayersRedrawnMoved, moving.frames.lastFrameSublayersRedrawnMoved,
                       file: file, line: line)
        return (moved, moving.frames.lastFrameSublayersRedrawnMoved)
    }

    /// The cards in the order the depth sort's comparison gave before the radix sort: each
    /// one's depth as `DepthSorter.item` finds it under its map to the root, by increasing
    /// depth, equal depths in sublayer order.
    private func comparatorOrder() throws -> [Int] {
        let tree = moving.frames.renderTree.snapshot().layers
        let parent = try XCTUnwrap(tree[root.layerID]).state
        let items = try sublayers.map { layer in
            let state = try XCTUnwrap(tree[layer.layerID]).state
            return DepthSorter.item(state.bounds, scene: LayerGeometry.toSuperlayer(state, parent: parent, flattens: false))
        }
        return items.indices.sorted { items[$0].depth != items[$1].depth ? items[$0].depth < items[$1].depth : $0 < $1 }
    }

    /// The cards in the order `list` draws their backgrounds, each once, told by their widths;
    /// single-sided ones turned away are missing.
    private func drawnOrder(_ list: DrawList) -> [Int] {
        var seen = Set<Int>()
        return list.commands.compactMap { command in
            guard case .quad(let quad) = command, quad.rect.height == 9, quad.blurSigma == 0 else { return nil }
            let k = Int(((quad.rect.width - 10) * 8).rounded())
            return seen.insert(k).inserted ? k : nil
        }
    }

    func testTurningCardsAreDrawnInTheComparatorsOrderAndMoved() throws {
        _ = try nextFrames()
        for step in 1...6 {
            turnCards(step: step)
            let (list, moved) = try nextFrames()
            let expected = try comparatorOrder().filter { k in
                sublayers[k].isDoubleSided || drawnOrder(list).contains(k)
            }
            XCTAssertEqual(drawnOrder(list), expected, "frame \(step)")
            // Leaves without a clip or a group of their own that are shown draw moved.
            XCTAssertGreaterThan(moved, Self.count / 2, "frame \(step)")
            XCTAssertLessThan(moved, Self.count * 9 / 10, "frame \(step)")
        }
    }

    /// Cards drawn moved in an order that turns every frame write their quads into their own
    /// quads of two frames ago (`MovedLayerSpares`), by their transforms alone; those changed in
    /// between (a colour, flattened) are not, in that frame nor after: every frame still equals
    /// the flattening.
    func testTurningCardsAreWrittenIntoTheirOwnSparesUntilChanged() throws {
        _ = try nextFrames()
        let spares = moving.frames.subtreeCache.movedQuadCounts
        for step in 1...8 {
            let before = spares.writtenByTransform
            turnCards(step: step)
            if step == 4 {
                ReuseComparison.commitWithoutActions {
                    for (k, layer) in sublayers.enumerated() where k % 3 == 0 {
                        layer.backgroundColor = CGColor(red: 1, green: 0.2, blue: CGFloat(k % 5) / 5, alpha: 1)
                    }
                }
            }
            _ = try nextFrames()
            if step >= 3, step != 4 {
                // Two frames moved: a third fewer in the two frames after the change.
                let expected = step == 5 || step == 6 ? Self.count / 4 : Self.count / 2
                XCTAssertGreaterThan(spares.writtenByTransform - before, expected, "frame \(step)")
            }
        }
    }

    func testAFewCardsChangedOtherwiseAreFlattened() throws {
        _ = try nextFrames()
        for step in 1...4 {
            turnCards(step: step)
            ReuseComparison.commitWithoutActions {
                for (k, layer) in sublayers.enumerated() where k % 7 == step {
                    layer.backgroundColor = CGColor(red: CGFloat(step) / 5, green: 0.2, blue: 0.2, alpha: 1)
                }
            }
            _ = try nextFrames()
        }
        // Still frames: the order is the last frame's, so the run repeats it; the first looks
        // again at what the last flattened or moved (to store it), the next at nothing.
        _ = try nextFrames()
        XCTAssertEqual(try nextFrames().1, 0)
        XCTAssertEqual(moving.frames.lastFrameSubtrees.flattened, 0)
    }

    /// A transform layer's subtree of more than `DepthSorter.planeTestLimit` layers is ordered
    /// by depth alone: here each child's z translation, equal ones in sublayer order.
    func testManyLayersOfATransformLayerAreSortedByDepth() throws {
        let holder = CATransformLayer()
        holder.frame = root.bounds
        var depths: [CGFloat] = []
        ReuseComparison.commitWithoutActions {
            for k in 0..<200 {
                let child = CALayer()
                child.frame = CGRect(x: 20, y: 20, width: Self.width(k), height: 9)
                child.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
                let z = CGFloat(Int.random(in: -6...6, using: &random)) * 2.5
                child.transform = CATransform3DMakeTranslation(0, 0, z)
                depths.append(z)
                holder.addSublayer(child)
            }
            root.sublayers = [holder]
        }
        let (list, _) = try nextFrames()
        XCTAssertEqual(drawnOrder(list), depths.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 })
    }
}
