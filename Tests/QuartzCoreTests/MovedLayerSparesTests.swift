import XCTest
@testable import CompositorCore
@testable import RenderServer

/// A layer's own spare quads (`MovedLayerSpares`): quad `i` of its moved drawing of a frame is
/// written into the storage of its quad `i` of two frames ago, and by its transform alone only
/// where the spares hold that frame's drawing complete (the caller proves the rest).
final class MovedLayerSparesTests: XCTestCase {
    private let source = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 6),
                              fillColor: PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5), opacity: 0.75)

    /// Draws the layer moved in `frame`: `quads` sources, each moved to x = `frame`, the fields
    /// trusted where the spares say they hold the drawing of two frames ago (`trusting`), the
    /// drawing ended unless `takeBack`; the quads, how many the spares held, and how many were
    /// written in place after a compare and by their transforms alone.
    private func draw(_ spares: MovedLayerSpares, frame: UInt64, quads sources: [Quad], trusting: Bool = true,
                      takeBack: Bool = false) -> (quads: [Quad], held: Int, inPlace: Int, byTransform: Int) {
        let held = spares.begin(frame: frame)
        var inPlace = 0, byTransform = 0
        let quads = sources.enumerated().map { index, source in
            spares.quad(source, movedTo: .translation(Double(frame), 0), index: index, frame: frame,
                        sameFields: trusting && index < held, inPlace: &inPlace, byTransform: &byTransform)
        }
        if !takeBack { spares.end(frame: frame, count: sources.count) }
        return (quads, held, inPlace, byTransform)
    }

    func testTheDrawingOfTwoFramesAgoIsWrittenByItsTransforms() {
        let spares = MovedLayerSpares.make(quads: 2)
        var other = source
        other.opacity = 0.25
        XCTAssertEqual(draw(spares, frame: 1, quads: [source, source]).held, 0)
        XCTAssertEqual(draw(spares, frame: 2, quads: [source, source]).held, 0)
        // Planted: the sources differ from the spares; trusted, the spares' fields are kept.
        let third = draw(spares, frame: 3, quads: [other, other])
        XCTAssertEqual(third.held, 2)
        XCTAssertEqual(third.byTransform, 2)
        XCTAssertEqual(third.quads.map(\.opacity), [0.75, 0.75], "the spares' fields, not compared")
        XCTAssertEqual(third.quads.map(\.transform), [.translation(3, 0), .translation(3, 0)])
        // Not trusted: compared, and written with the source's fields in place (nothing else
        // holds frame 2's quads once its list is let go).
        let fourth = draw(spares, frame: 4, quads: [other, other], trusting: false)
        XCTAssertEqual(fourth.held, 2)
        XCTAssertEqual(fourth.inPlace, 2)
        XCTAssertEqual(fourth.quads.map(\.opacity), [0.25, 0.25])
        XCTAssertEqual(fourth.quads[0].transform, .translation(4, 0))
    }

    /// A drawing taken back (not ended), or one of another frame than two frames ago, is not
    /// said to be held: its spares are compared and written with the sources' fields.
    func testADrawingTakenBackOrOfAnotherFrameIsNotHeld() {
        var other = source
        other.opacity = 0.25
        let takenBack = MovedLayerSpares.make(quads: 1)
        _ = draw(takenBack, frame: 1, quads: [source])
        _ = draw(takenBack, frame: 3, quads: [source], takeBack: true)
        let fifth = draw(takenBack, frame: 5, quads: [other])
        XCTAssertEqual(fifth.held, 0, "frame 3's drawing was taken back")
        XCTAssertEqual(fifth.quads[0].opacity, 0.25)
        // Frame 3 skipped: frame 1's quads are four frames old.
        let skipped = MovedLayerSpares.make(quads: 1)
        _ = draw(skipped, frame: 1, quads: [source])
        _ = draw(skipped, frame: 2, quads: [source])
        let late = draw(skipped, frame: 5, quads: [other])
        XCTAssertEqual(late.held, 0, "frame 1 is not two frames before 5")
        XCTAssertEqual(late.byTransform, 0)
        XCTAssertEqual(late.quads[0].opacity, 0.25)
        // The same frame drawn again is not two frames on either.
        let again = MovedLayerSpares.make(quads: 1)
        _ = draw(again, frame: 4, quads: [source])
        XCTAssertEqual(draw(again, frame: 4, quads: [other]).held, 0)
    }

    /// A spare a list still holds is not written: the quad is copied into a new storage.
    func testASpareStillHeldIsNotWritten() {
        let spares = MovedLayerSpares.make(quads: 2)
        let kept = draw(spares, frame: 1, quads: [source]).quads
        _ = draw(spares, frame: 2, quads: [source])
        let third = draw(spares, frame: 3, quads: [source], trusting: false)
        XCTAssertEqual(third.inPlace, 0)
        XCTAssertEqual(kept[0].transform, .translation(1, 0), "the held quad keeps its fields")
        XCTAssertEqual(third.quads[0].transform, .translation(3, 0))
        let trusted = MovedLayerSpares.make(quads: 1)
        let held = draw(trusted, frame: 1, quads: [source]).quads
        _ = draw(trusted, frame: 2, quads: [source])
        XCTAssertEqual(draw(trusted, frame: 3, quads: [source]).quads[0].transform, .translation(3, 0))
        XCTAssertEqual(held[0].transform, .translation(1, 0), "written by its transform: copied first")
    }

    /// A drawing the spares hold whole is drawn again by rewriting each spare's transform where
    /// it is (`retransform`): the quads of two frames ago with the new map, the same storages
    /// when nothing else holds them, copies when a list still does; a drawing past the slots is
    /// left to the quad-by-quad path.
    func testADrawingHeldWholeIsRetransformedInPlace() {
        let spares = MovedLayerSpares.make(quads: 2)
        var other = source
        other.opacity = 0.25
        let first = draw(spares, frame: 1, quads: [source, other]).quads
        _ = draw(spares, frame: 2, quads: [other, other])
        let firstTransforms = first.map(\.transform)
        XCTAssertEqual(spares.begin(frame: 3), 2)
        var commands: [DrawCommand] = []
        XCTAssertTrue(spares.retransform(2, to: .translation(3, 0), frame: 3, into: &commands))
        let third = commands.compactMap { command -> Quad? in
            guard case .quad(let quad) = command else { return nil }
            return quad
        }
        XCTAssertEqual(third.map(\.opacity), [0.75, 0.25], "frame 1's quads, not frame 2's")
        XCTAssertEqual(third.map(\.transform), [.translation(3, 0), .translation(3, 0)])
        XCTAssertEqual(first.map(\.transform), firstTransforms, "still held: copied, not written")
        XCTAssertEqual(spares.begin(frame: 5), 2, "ended: frame 3's drawing is held")
        // Frame 1's list let go: the storages are written in place.
        let fourthSpares = MovedLayerSpares.make(quads: 1)
        let kept = ObjectIdentifier(draw(fourthSpares, frame: 2, quads: [source]).quads[0].storage)
        XCTAssertEqual(fourthSpares.begin(frame: 4), 1)
        var fourth: [DrawCommand] = []
        XCTAssertTrue(fourthSpares.retransform(1, to: .translation(4, 0), frame: 4, into: &fourth))
        guard case .quad(let moved) = fourth[0] else { return XCTFail("a quad") }
        XCTAssertEqual(ObjectIdentifier(moved.storage), kept, "written in place")
        XCTAssertEqual(moved.transform, .translation(4, 0))
        // More quads than the slots: nothing appended, the drawing not ended.
        let small = MovedLayerSpares.make(quads: 1)
        for frame: UInt64 in 1...2 { _ = draw(small, frame: frame, quads: [source, source]) }
        XCTAssertEqual(small.begin(frame: 3), 2)
        var none: [DrawCommand] = []
        XCTAssertFalse(small.retransform(2, to: .translation(3, 0), frame: 3, into: &none))
        XCTAssertTrue(none.isEmpty)
        XCTAssertEqual(small.begin(frame: 5), 0)
    }

    /// A quad past the slots the spares were made for is made without being kept: written
    /// alike, never trusted.
    func testAQuadPastTheSlotsIsNotKept() {
        let spares = MovedLayerSpares.make(quads: 1)
        var other = source
        other.opacity = 0.25
        for frame: UInt64 in 1...2 { _ = draw(spares, frame: frame, quads: [source, source]) }
        let third = draw(spares, frame: 3, quads: [other, other])
        XCTAssertEqual(third.held, 2)
        XCTAssertEqual(third.byTransform, 1, "the first quad only")
        XCTAssertEqual(third.quads.map(\.opacity), [0.75, 0.25])
        XCTAssertEqual(third.quads[1].transform, .translation(3, 0))
    }
}
