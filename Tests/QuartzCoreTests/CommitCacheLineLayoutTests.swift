import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// What a commit of a moved layer reads and writes lies in as few cache lines as it can
/// (docs/benchmarks/commit-100k-2026-11-30-s22.md): the first 168 bytes of a `LayerState`; the
/// fields a commit reads of every changed layer in the first line of its `LayerLockedFields`,
/// the state from the second line on; a committed copy's stamp and state's first 168 bytes in
/// the first three lines of its `LayerStateBox`. A field declared elsewhere fails here.
final class CommitCacheLineLayoutTests: XCTestCase {
    private static let line = 64

    func testTheStateBeginsWithWhatACommitOfAMovedLayerTouches() {
        XCTAssertEqual(MemoryLayout<LayerState>.offset(of: \.transform), 0)
        XCTAssertEqual(MemoryLayout<LayerState>.offset(of: \.position), 128)
        let hot = [MemoryLayout<LayerState>.offset(of: \.zPosition), MemoryLayout<LayerState>.offset(of: \.anchorPointZ),
                   MemoryLayout<LayerState>.offset(of: \.objects)]
        for offset in hot { XCTAssertLessThan(offset ?? .max, 168 - 7) }
    }

    func testTheFieldsACommitReadsShareTheModelFieldsFirstLine() {
        let fields = LayerLockedFields()
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(fields).toOpaque())
        func offset<T>(_ pointer: UnsafeMutablePointer<T>) -> Int { UnsafeMutableRawPointer(pointer) - base }
        let hot = [withUnsafeMutablePointer(to: &fields.stateStamp) { offset($0) + 8 },
                   withUnsafeMutablePointer(to: &fields.sublayers) { offset($0) + 8 },
                   withUnsafeMutablePointer(to: &fields.mask) { offset($0) + 8 },
                   withUnsafeMutablePointer(to: &fields.animations) { offset($0) + 8 },
                   withUnsafeMutablePointer(to: &fields.superlayerID) { offset($0) + 8 },
                   withUnsafeMutablePointer(to: &fields.isLive) { offset($0) + 1 }]
        for end in hot { XCTAssertLessThanOrEqual(end, Self.line) }
        XCTAssertEqual(withUnsafeMutablePointer(to: &fields.state) { offset($0) }, Self.line,
                       "the state begins on the second line, its transform filling two")
    }

    func testACommittedCopysStampAndPlacementFillThreeLines() {
        let box = LayerStateBox(LayerState())
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(box).toOpaque())
        XCTAssertTrue(box.stateLiesAtItsOffset)
        let stamp = withUnsafeMutablePointer(to: &box.modelStamp) { UnsafeMutableRawPointer($0) - base }
        let state = box.withUnsafeStatePointer { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
        XCTAssertLessThan(stamp, Self.line)
        XCTAssertLessThanOrEqual(state + 168, 3 * Self.line)
    }

    /// What a renderer reads of a layer it draws moved besides its placement lies in the box's
    /// fourth line, the last that placement reads (`bounds`, `anchorPoint`), not in a fifth
    /// line or the state's objects (docs/benchmarks/placement-table-2026-11-30-s23.md).
    func testWhatAMovedLayersDrawingReadsEndsInTheBoxsFourthLine() {
        let box = LayerStateBox(LayerState())
        let base = UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
        let state = box.withUnsafeStatePointer { UnsafeRawPointer($0) - base }
        let read: [(PartialKeyPath<LayerState>, Int)] = [
            (\.bounds, MemoryLayout<CGRect>.size), (\.anchorPoint, MemoryLayout<CGPoint>.size),
            (\.isDoubleSided, 1), (\.shadowOpacity, 4), (\.holdsSpecializedState, 1), (\.holdsShadowPath, 1)]
        for (field, size) in read {
            let offset = state + (MemoryLayout<LayerState>.offset(of: field) ?? .max / 2)
            XCTAssertGreaterThanOrEqual(offset, 3 * Self.line, "\(field)")
            XCTAssertLessThanOrEqual(offset + size, 4 * Self.line, "\(field)")
        }
    }

    /// The extents the commit's prefetches cover (`qc_prefetchRangeForReading`) are what the
    /// layouts above put there: a field moved past them would no longer be fetched ahead.
    func testThePrefetchedExtentsMatchTheLayouts() {
        XCTAssertEqual(LayerState.movedLayerCommitBytes, LayerState.movedLayerCommitBytesByLayout)
        let fields = LayerLockedFields()
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(fields).toOpaque())
        let isLiveEnd = withUnsafeMutablePointer(to: &fields.isLive) { UnsafeMutableRawPointer($0) - base + 1 }
        XCTAssertEqual(isLiveEnd, LayerLockedFields.commitLineBytes)
        let stateStart = withUnsafeMutablePointer(to: &fields.state) { UnsafeMutableRawPointer($0) - base }
        let positionEnd = withUnsafeMutablePointer(to: &fields.state.position) { UnsafeMutableRawPointer($0) - base + 16 }
        XCTAssertEqual(stateStart + 144, positionEnd, "transform, then position")
        XCTAssertEqual(positionEnd, LayerLockedFields.placementEnd)
        let box = LayerStateBox(LayerState())
        let boxBase = UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
        let state = box.withUnsafeStatePointer { UnsafeRawPointer($0) - boxBase }
        XCTAssertEqual(state + LayerState.movedLayerCommitBytes, LayerStateBox.movedLayerCommitBytes)
    }
}
