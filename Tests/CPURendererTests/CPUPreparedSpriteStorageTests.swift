import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import XCTest

/// Lean sprites are written in place into storage of their list's own (`PreparedSpriteStorage`),
/// shared with the parts of a parallel preparation: a copy of a list keeps its sprites when the
/// list is refilled, the list keeps the textures its records read (a record holds none), and
/// parts that leave slots unwritten are joined into dense records.
final class CPUPreparedSpriteStorageTests: XCTestCase {
    private static let canvas = (width: 64, height: 48)

    private static func append(_ x: Double, to list: inout PreparedQuadList, texture: Texture = SpriteFixtures.texture) {
        let quad = SpriteFixtures.sprite(SpriteFixtures.placed(x: x, y: 5))
        let binding = TextureBinding(texture: texture, unitRect: CGRect(x: 0, y: 0, width: 1, height: 1),
                                     minification: .linear, magnification: .linear)
        [PreparedClip]().withUnsafeBufferPointer { clips in
            list.append(quad, texture: binding, clips: clips, canvasWidth: canvas.width, canvasHeight: canvas.height)
        }
    }

    /// A copy taken before the list is emptied and refilled still holds the sprites it had (the
    /// storage is copied on write, not shared), and growing keeps what was written.
    func testCopyKeepsItsSpritesWhenTheListIsRefilled() {
        var list = PreparedQuadList()
        for step in 0..<40 { Self.append(Double(step % 9), to: &list) } // grows past the first capacity
        XCTAssertEqual(list.sprites.count, 40)
        let copy = list
        let kept = copy.sprites.map(\.inverse)
        list.removeAll(expecting: 40)
        for _ in 0..<40 { Self.append(20, to: &list) }
        XCTAssertEqual(copy.sprites.map(\.inverse), kept)
        XCTAssertEqual(list.sprites.map(\.inverse), Array(repeating: list.sprites[0].inverse, count: 40))
        XCTAssertNotEqual(kept[1], list.sprites[1].inverse)
        for (index, entry) in list.entries.enumerated() { XCTAssertEqual(entry.record, ~Int32(index)) }
    }

    /// The list keeps the texture of its sprites alive (once for a run of sprites sharing it),
    /// and lets it go when emptied.
    func testListKeepsTheTexturesItsSpritesRead() {
        var list = PreparedQuadList()
        weak var weakTexture: Texture?
        do {
            let texture = SpriteFixtures.noise(seed: 9, width: 16, height: 16) { _, _ in false }
            weakTexture = texture
            Self.append(3, to: &list, texture: texture)
            Self.append(4, to: &list, texture: texture)
            Self.append(5, to: &list)
        }
        XCTAssertEqual(list.sprites.count, 3)
        XCTAssertEqual(list.textures.count, 2)
        XCTAssertNotNil(weakTexture, "the list holds the texture its sprites sample")
        list.removeAll(expecting: 0)
        XCTAssertNil(weakTexture)
    }

    /// Each quad prepared takes a slot, sprite or not, and parts start at their first item's
    /// slot: joined, the parts' entries and records are those of the quads prepared one after
    /// another, without moving a record.
    func testPartsAreJoinedAsIfPreparedInOrder() {
        let offCanvas = 1000.0
        let first = [1, offCanvas, 2, offCanvas, 3], second = [7, offCanvas, 8, offCanvas, offCanvas]
        var whole = PreparedQuadList()
        let storage = whole.reserveParts(items: 10)
        var part = PreparedQuadList()
        whole.beginPart(of: storage, items: 0..<5)
        part.beginPart(of: storage, items: 5..<10)
        for x in first { Self.append(x, to: &whole) }
        for x in second { Self.append(x, to: &part) }
        whole.append(part: part)
        part.removeAll(expecting: 0)
        whole.endParts()

        var serial = PreparedQuadList()
        for x in first + second { Self.append(x, to: &serial) }
        XCTAssertEqual(whole.entries.map(\.record), [~0, ~2, ~4, ~5, ~7])
        XCTAssertEqual(whole.entries.map(\.record), serial.entries.map(\.record))
        XCTAssertEqual(whole.sprites.map(\.inverse), serial.sprites.map(\.inverse))
        XCTAssertEqual(whole.sprites.map { $0.bounds.0 }, serial.sprites.map { $0.bounds.0 })
        XCTAssertEqual(whole.textures.count, 1)
        // A sprite appended after the join takes the next slot, in the list's own storage again.
        Self.append(4, to: &whole)
        XCTAssertEqual(whole.entries.last?.record, ~10)
    }
}
