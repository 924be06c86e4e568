import XCTest
import CompositorCore
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
@testable import RenderServer

/// Layer IDs are reused once their layer is gone (so the render tree's tables stay arrays as
/// long as the most layers alive at once): a reused ID must never bring back anything of the
/// layer that had it.
final class LayerIDReuseTests: XCTestCase {
    private func fill(_ rect: CGRect, _ red: CGFloat, _ blue: CGFloat) -> CALayer {
        let layer = CALayer()
        layer.frame = rect
        layer.backgroundColor = CGColor(red: red, green: 0, blue: blue, alpha: 1)
        return layer
    }

    /// The fill colours of a frame's quads, in draw order.
    private func fills(_ list: DrawList) -> [PremultipliedColor] {
        list.commands.compactMap { command in
            guard case .quad(let quad) = command, quad.fillColor.alpha > 0 else { return nil }
            return quad.fillColor
        }
    }

    func testLivingLayersHaveDistinctIDsAndFreedIDsAreGivenToNewLayers() {
        var layers = (0..<64).map { _ in CALayer() }
        XCTAssertEqual(Set(layers.map(\.layerID)).count, 64, "every living layer has its own ID")
        let freed = Set(layers.map(\.layerID))
        layers.removeAll()
        let next = (0..<64).map { _ in CALayer() }
        XCTAssertEqual(Set(next.map(\.layerID)).count, 64)
        XCTAssertFalse(freed.isDisjoint(with: next.map(\.layerID)), "IDs of deallocated layers are handed out again")
    }

    /// A sublayer replaced by a new layer (which may get its ID) is drawn once, the new one only,
    /// by a renderer that reuses flattened subtrees and by one that flattens every frame.
    func testAReplacedSublayerIsNeverDrawnForItsSuccessor() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        var old: CALayer? = fill(CGRect(x: 0, y: 0, width: 10, height: 10), 1, 0)
        root.addSublayer(old!)
        CATransaction.flush()
        let cached = try CARenderer(cpuPixelWidth: 100, pixelHeight: 100)
        let whole = try CARenderer(cpuPixelWidth: 100, pixelHeight: 100)
        whole.reusesUnchangedSubtrees = false
        cached.layer = root
        whole.layer = root
        var t = CACurrentMediaTime()
        for _ in 0..<3 {
            t += 1.0 / 60
            _ = try cached.drawList(atTime: t)
        }
        let oldID = old!.layerID
        old!.removeFromSuperlayer()
        old = nil
        let new = fill(CGRect(x: 50, y: 50, width: 10, height: 10), 0, 1)
        root.addSublayer(new)
        CATransaction.flush()
        let committed = cached.frames.renderTree.snapshot().layers
        if new.layerID == oldID {
            XCTAssertEqual(committed[oldID]?.state.position, new.position, "the reused ID holds the new layer")
        } else {
            XCTAssertNil(committed[oldID], "the render tree forgot the deallocated layer")
        }
        let blue = PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)
        for renderer in [cached, whole] {
            t += 1.0 / 60
            XCTAssertEqual(fills(try renderer.drawList(atTime: t)), [blue], "only the new sublayer is drawn")
        }
    }

    /// An emitter given the ID of an emitter that is gone starts emitting when it is first
    /// drawn, not when the other one was (one particle, born at emission time 0).
    func testAnEmitterGivenAFreedIDStartsAfresh() throws {
        let spark = CGImage(width: 2, height: 2, bytesPerRow: 8, data: Data(repeating: 255, count: 16))!
        func emitter() -> CAEmitterLayer {
            let layer = CAEmitterLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let cell = CAEmitterCell()
            cell.contents = spark
            cell.birthRate = 10
            cell.lifetime = 5
            layer.emitterCells = [cell]
            return layer
        }
        func particleCount(_ renderer: CARenderer, at t: CFTimeInterval) throws -> Int {
            try renderer.drawList(atTime: t).commands.filter { command in
                if case .quad(let quad) = command { return quad.texture != nil }
                return false
            }.count
        }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        var first: CAEmitterLayer? = emitter()
        root.addSublayer(first!)
        CATransaction.flush()
        let renderer = try CARenderer(cpuPixelWidth: 100, pixelHeight: 100)
        renderer.layer = root
        let t0 = CACurrentMediaTime() + 100
        XCTAssertEqual(try particleCount(renderer, at: t0), 1)
        XCTAssertEqual(try particleCount(renderer, at: t0 + 1.05), 11, "births at 0, 0.1, ..., 1.0")
        first!.removeFromSuperlayer()
        first = nil
        root.addSublayer(emitter())
        CATransaction.flush()
        XCTAssertEqual(try particleCount(renderer, at: t0 + 2), 1, "the new emitter starts at its first frame")
    }

    /// A layer that goes while the last committed copy of its superlayer still lists it (its
    /// removal not yet committed) leaves that copy, so that a new layer given its ID is not
    /// drawn there.
    func testRemovingALayerTakesItOutOfItsCommittedSuperlayer() {
        let store = RenderTreeStore()
        let parent = RenderLayer(id: 1_000_001, kind: .plain, state: LayerState(), sublayerIDs: [1_000_002], maskID: nil,
                                 animations: [])
        let child = RenderLayer(id: 1_000_002, kind: .plain, state: LayerState(), sublayerIDs: [], maskID: nil,
                                animations: [], superlayerID: 1_000_001)
        var update = RenderTreeUpdate(layers: [parent, child])
        store.apply(&update)
        let before = store.snapshot()
        XCTAssertEqual(before.layers[1_000_001]?.sublayerIDs, [1_000_002])
        store.remove(1_000_002)
        let after = store.snapshot()
        XCTAssertNil(after.layers[1_000_002])
        XCTAssertEqual(after.layers[1_000_001]?.sublayerIDs, [])
        XCTAssertGreaterThan(after.layers[1_000_001]?.subtreeVersion ?? 0, before.layers[1_000_001]?.subtreeVersion ?? 0,
                             "the superlayer's subtree is new, so no renderer reuses what it flattened before")
    }

    /// A dense table and a sparse one answer alike.
    func testDenseAndSparseTablesAgree() {
        var dense = LayerIDTable<Int>(dense: true)
        var sparse: LayerIDTable<Int> = [:]
        for (id, value) in [(5, 50), (1, 10), (70, 700), (5, 55)] as [(UInt64, Int)] {
            dense[id] = value
            sparse[id] = value
        }
        dense.update(70) { $0 += 1 }
        sparse.update(70) { $0 += 1 }
        dense.update(3) { $0 = 3 }
        sparse.update(3) { $0 = 3 }
        XCTAssertEqual(dense.removeValue(forKey: 1), 10)
        XCTAssertEqual(sparse.removeValue(forKey: 1), 10)
        for table in [dense, sparse] {
            XCTAssertEqual(table.count, 2)
            XCTAssertEqual(table[5], 55)
            XCTAssertEqual(table[70], 701)
            XCTAssertNil(table[3])
            XCTAssertNil(table[1])
            XCTAssertNil(table[1_000])
        }
        dense.removeAll { $0 > 100 }
        XCTAssertEqual(dense.count, 1)
        XCTAssertNil(dense[70])
    }
}
