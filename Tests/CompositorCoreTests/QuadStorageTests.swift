import XCTest
import CoreGraphics
@testable import CompositorCore

/// A `Quad` keeps its fields in a storage shared by its copies (copy on write): copies share it,
/// a change to a shared quad copies it first, a quad holding it alone is changed in place, and
/// lists holding the same storage draw the same (`DamageTracker` compares commands' bytes).
final class QuadStorageTests: XCTestCase {
    private func sprite(x: Double) -> Quad {
        Quad(transform: .translation(x, 10), rect: CGRect(x: 0, y: 0, width: 10, height: 10),
             fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1), clipIndex: 2)
    }

    private func list(_ quads: [Quad]) -> DrawList {
        DrawList(pixelWidth: 200, pixelHeight: 100, commands: quads.map { .quad($0) })
    }

    func testACopySharesTheStorageAndAChangeCopiesItFirst() {
        let original = sprite(x: 20)
        var moved = original
        XCTAssertTrue(moved.storage === original.storage, "a copy retains the storage")
        moved.transform = .translation(60, 10)
        XCTAssertFalse(moved.storage === original.storage, "a shared storage is copied before a change")
        XCTAssertEqual(original.transform, .translation(20, 10), "the original keeps its transform")
        XCTAssertEqual(moved.transform, .translation(60, 10))
        XCTAssertEqual(moved.rect, original.rect)
        XCTAssertEqual(moved.clipIndex, 2)
        XCTAssertNotEqual(moved, original)
        moved.transform = original.transform
        XCTAssertEqual(moved, original, "equal fields in different storages are equal")
    }

    func testAQuadHoldingItsStorageAloneIsChangedInPlace() {
        var quad = sprite(x: 20)
        let storage = ObjectIdentifier(quad.storage)
        quad.transform = .translation(30, 10)
        quad.opacity = 0.5
        quad.texture = nil
        XCTAssertEqual(ObjectIdentifier(quad.storage), storage)
        XCTAssertEqual(quad.transform, .translation(30, 10))
        XCTAssertEqual(quad.opacity, 0.5)
    }

    func testAQuadTakenFromAListAndMovedDamagesThePixelsItLeavesAndReaches() {
        var tracker = DamageTracker()
        let quad = sprite(x: 20)
        let first = list([quad])
        _ = tracker.damage(for: first)
        XCTAssertEqual(tracker.damage(for: list([quad])), [], "the same storage draws the same")
        guard case .quad(var moved) = first.commands[0] else { return XCTFail("not a quad") }
        moved.transform = .translation(60, 10)
        XCTAssertEqual(tracker.damage(for: list([moved])).map { "\($0)" }.sorted(),
                       [PixelRect(x: 20, y: 10, width: 10, height: 10), PixelRect(x: 60, y: 10, width: 10, height: 10)]
                        .map { "\($0)" }.sorted())
        guard case .quad(let kept) = first.commands[0] else { return XCTFail("not a quad") }
        XCTAssertEqual(kept.transform, .translation(20, 10), "the first list's quad is unchanged")
    }

    func testAQuadShowsItsFieldsWhenPrinted() {
        let text = String(describing: sprite(x: 20))
        XCTAssertTrue(text.hasPrefix("Quad(transform: "), text)
        XCTAssertTrue(text.contains("clipIndex: Optional(2)"), text)
    }
}
