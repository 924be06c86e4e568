import XCTest
@_spi(RenderTables) @testable import QuartzCoreModel

/// `LayerIDTable.fetchMovedLayersAhead(of:from:in:)` asks for the lines of the layers a run's
/// walk draws a few places ahead, reading the references of their state boxes and animations
/// from their slots' bytes at offsets taken from the layouts (`MovedLayerPrefetch`). A prefetch
/// cannot change what is drawn, so what can be wrong is where it reads: the references at those
/// offsets must be the layer's box and animations' storage, the extents must cover the fields a
/// moved layer reads, and empty slots, IDs past the table and sparse tables must be harmless.
final class MovedLayerPrefetchTests: XCTestCase {
    private func layer(_ id: UInt64, animated: Bool) throws -> RenderLayer {
        var animations: [CompiledAnimation] = []
        if animated {
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 1, y: 2)
            move.toValue = CGPoint(x: 30, y: 40)
            move.duration = 2
            animations.append(try CompiledAnimation(move, presentationValue: nil, modelValue: nil))
        }
        return RenderLayer(id: id, kind: .plain, state: LayerState(), sublayerIDs: [], maskID: nil,
                           animations: animations)
    }

    /// The references read at the offsets are the layer's own: its state box and the storage
    /// of its animations (an array's storage begins 32 bytes before its first element).
    func testTheOffsetsReadTheLayersBoxAndAnimations() throws {
        var table = LayerIDTable<RenderLayer>(dense: true)
        table[3] = try layer(3, animated: true)
        let read = table.withValue(3) { layer -> (UnsafeRawPointer?, UnsafeRawPointer?, Bool, Bool) in
            let slot = UnsafeRawPointer(layer)
            let box = slot.load(fromByteOffset: MovedLayerPrefetch.boxOffset, as: UnsafeRawPointer?.self)
            let storage = slot.load(fromByteOffset: MovedLayerPrefetch.animationsOffset, as: UnsafeRawPointer?.self)
            let isBox = box == UnsafeRawPointer(Unmanaged.passUnretained(layer.pointee.stateStorage).toOpaque())
            let isStorage = layer.pointee.animations.withUnsafeBufferPointer {
                storage.map { $0 + 32 } == UnsafeRawPointer($0.baseAddress)
            }
            return (box, storage, isBox, isStorage)
        }
        let (box, storage, isBox, isStorage) = try XCTUnwrap(read)
        XCTAssertNotNil(box)
        XCTAssertNotNil(storage)
        XCTAssertTrue(isBox, "the box reference is not at boxOffset")
        XCTAssertTrue(isStorage, "the animations' storage is not at animationsOffset")
    }

    /// The literals are the layouts' offsets and extents (as Swift lays the types out now).
    func testTheLiteralsAreTheLayouts() throws {
        let box = LayerStateBox(LayerState())
        let stateOffset = box.withUnsafeStatePointer { UnsafeRawPointer($0) }
            - UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
        let state = { (path: PartialKeyPath<LayerState>) in MemoryLayout<LayerState>.offset(of: path)! }
        let animation = { (path: PartialKeyPath<CompiledAnimation>) in MemoryLayout<CompiledAnimation>.offset(of: path)! }
        XCTAssertEqual(MovedLayerPrefetch.boxOffset, MemoryLayout<RenderLayer>.offset(of: \.stateStorage)!, "box")
        XCTAssertEqual(MovedLayerPrefetch.animationsOffset, MemoryLayout<RenderLayer>.offset(of: \.animations)!, "animations")
        XCTAssertEqual(MovedLayerPrefetch.boxBytesRead, stateOffset + state(\.allowsGroupOpacity) + 1, "box bytes")
        XCTAssertEqual(MovedLayerPrefetch.boxTimingOffset, stateOffset + state(\.beginTime), "timing")
        XCTAssertEqual(MovedLayerPrefetch.boxTimingBytes, state(\.timeOffset) + 8 - state(\.beginTime), "timing bytes")
        XCTAssertEqual(MovedLayerPrefetch.animationBytesRead,
                       32 + animation(\.kind) + MemoryLayout<CompiledAnimation.Kind>.size, "animation bytes")
        XCTAssertEqual(MovedLayerPrefetch.formOffset, 32 + animation(\.fieldForms), "forms")
        XCTAssertEqual(MovedLayerPrefetch.pointFormOffset,
                       32 + animation(\.fieldForms) + MemoryLayout<FieldForms>.offset(of: \.point)!, "point form")
    }

    /// The box's extent runs from its start through the fields a moved layer reads of every
    /// drawn layer, and the timing's through the layer's local time: the same bytes, measured
    /// from the state as the box holds it.
    func testTheExtentsCoverWhatAMovedLayerReads() throws {
        let box = LayerStateBox(LayerState())
        let start = UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
        let state = box.withUnsafeStatePointer { UnsafeRawPointer($0) }
        let stateOffset = state - start
        func offset(_ path: PartialKeyPath<LayerState>) -> Int { stateOffset + MemoryLayout<LayerState>.offset(of: path)! }
        for (name, field, size) in [("position", offset(\.position), 16), ("transform", offset(\.transform), 128),
                                    ("bounds", offset(\.bounds), 32), ("anchorPoint", offset(\.anchorPoint), 16),
                                    ("zPosition", offset(\.zPosition), 8), ("isDoubleSided", offset(\.isDoubleSided), 1),
                                    ("shadowOpacity", offset(\.shadowOpacity), 4)] {
            XCTAssertLessThanOrEqual(field + size, MovedLayerPrefetch.boxBytesRead, name)
        }
        for (name, field, size) in [("beginTime", offset(\.beginTime), 8), ("speed", offset(\.speed), 4),
                                    ("timeOffset", offset(\.timeOffset), 8), ("duration", offset(\.duration), 8)] {
            XCTAssertGreaterThanOrEqual(field, MovedLayerPrefetch.boxTimingOffset, name)
            XCTAssertLessThanOrEqual(field + size, MovedLayerPrefetch.boxTimingOffset + MovedLayerPrefetch.boxTimingBytes,
                                     name)
        }
    }

    /// Asking ahead of every index of runs over empty slots, IDs past the table's end, layers
    /// without animations and a sparse table reads nothing it should not (it would crash) and
    /// changes nothing.
    func testAskingAheadIsHarmlessAnywhere() throws {
        var dense = LayerIDTable<RenderLayer>(dense: true)
        var sparse = LayerIDTable<RenderLayer>(dense: false)
        for id: UInt64 in [1, 2, 5, 9, 12] {
            dense[id] = try layer(id, animated: id % 2 == 1)
            sparse[id] = try layer(id, animated: id % 2 == 1)
        }
        dense[5] = nil
        let ids: [UInt64] = [1, 2, 3, 5, 9, 12, 40, 1_000_000, 2, 9, 0, 7, 12, 1]
        for table in [dense, sparse] {
            let count = table.count
            for range in [0..<ids.count, 2..<9, 5..<6, 0..<0] {
                for index in range { table.fetchMovedLayersAhead(of: ids, from: index, in: range) }
            }
            XCTAssertEqual(table.count, count)
            XCTAssertEqual(table[9]?.animations.count, 1)
        }
    }
}
