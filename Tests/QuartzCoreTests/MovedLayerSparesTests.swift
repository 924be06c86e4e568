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
