import XCTest
@testable import CompositorCore
@testable import RenderServer

/// A layer's first moved drawing fills each quad's other slot with its source, the layer's quad
/// of the frame before (`MovedLayerSpares.fillPair`): ended as drawn from that frame
/// (`endDrawnFromFrameBefore`), the next frame finds that drawing held whole and rewrites the
/// sources' storages by their transforms, in place once the last list lets them go.
final class MovedSparesFirstDrawingTests: XCTestCase {
    private func quad(opacity: Float) -> Quad {
        Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 6),
             fillColor: PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5), opacity: opacity)
    }

    /// Draws `sources` moved to x = `frame` as the flattener does, ended as drawn from the frame before.
    private func draw(_ spares: MovedLayerSpares, frame: UInt64, _ sources: [Quad]) -> [Quad] {
        var inPlace = 0, byTransform = 0
        let held = spares.begin(frame: frame)
        let quads = sources.enumerated().map { index, source in
            spares.quad(source, movedTo: .translation(Double(frame), 0), index: index, frame: frame,
                        sameFields: index < held, inPlace: &inPlace, byTransform: &byTransform)
        }
        spares.endDrawnFromFrameBefore(frame: frame, count: sources.count)
        return quads
    }

    func testTheNextFrameRewritesTheSourcesInPlace() {
        let spares = MovedLayerSpares.make(quads: 2)
        var sources: [Quad]? = [quad(opacity: 0.75), quad(opacity: 0.25)]
        let storages = sources!.map { ObjectIdentifier($0.storage) }
        let second = draw(spares, frame: 2, sources!)
        XCTAssertEqual(second.map(\.transform), [.translation(2, 0), .translation(2, 0)])
        // The last frame's list let go: the spares hold the sources alone.
        sources = nil
        XCTAssertEqual(spares.begin(frame: 3), 2, "frame 1's drawing, held whole")
        var commands: [DrawCommand] = []
        XCTAssertTrue(spares.retransform(2, to: .translation(3, 0), frame: 3, into: &commands))
        let third = commands.compactMap { command -> Quad? in
            guard case .quad(let quad) = command else { return nil }
            return quad
        }
        XCTAssertEqual(third.map { ObjectIdentifier($0.storage) }, storages, "the sources' storages, written in place")
        XCTAssertEqual(third.map(\.opacity), [0.75, 0.25])
        XCTAssertEqual(third.map(\.transform), [.translation(3, 0), .translation(3, 0)])
        XCTAssertEqual(second.map(\.transform), [.translation(2, 0), .translation(2, 0)], "frame 2's quads untouched")
    }

    /// A drawing that filled no slot (the spares were filled before) or only some of its quads'
    /// says nothing of the other parity: the next frame compares the spares' fields.
    func testADrawingThatFilledNotEverySlotClaimsNothing() {
        let spares = MovedLayerSpares.make(quads: 2)
        _ = draw(spares, frame: 2, [quad(opacity: 0.75)])
        XCTAssertEqual(spares.begin(frame: 3), 1, "one quad, filled")
        _ = draw(spares, frame: 4, [quad(opacity: 0.75), quad(opacity: 0.5)])
        XCTAssertEqual(spares.begin(frame: 5), 0, "the first quad's pair was filled in frame 2")
        _ = draw(spares, frame: 6, [quad(opacity: 0.75), quad(opacity: 0.5)])
        XCTAssertEqual(spares.begin(frame: 7), 0, "every slot filled before")
    }
}
