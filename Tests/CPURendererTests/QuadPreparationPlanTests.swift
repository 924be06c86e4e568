import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import XCTest

/// `QuadPreparationPlan`: consecutive quads of one texture share one entry of its textures, kept
/// by the plan, whose hulls are found as soon as a quad that may be a sprite is added.
final class QuadPreparationPlanTests: XCTestCase {
    private static func image() -> CGImage {
        CGImage(width: 4, height: 4, bytesPerRow: 16, data: Data(repeating: 0xFF, count: 64))!
    }

    private func texture(of image: CGImage) -> Texture { Texture(PixelBuffer(image: image)) }

    func testARunOfOneTextureSharesAnEntryAndFindsItsHullsWhenASpriteMay() {
        let texture = texture(of: Self.image()), reference = Unmanaged.passUnretained(texture)
        var plan = QuadPreparationPlan(expecting: 4)
        plan.add(command: 0, texture: reference, mayBeSprite: false)
        XCTAssertFalse(texture.hasAllAlphaHulls, "no sprite reads the hulls yet")
        plan.add(command: 1, texture: reference, mayBeSprite: false)
        XCTAssertFalse(texture.hasAllAlphaHulls)
        plan.add(command: 2, texture: reference, mayBeSprite: true)
        XCTAssertTrue(texture.hasAllAlphaHulls, "found on this thread before the parts read them")
        XCTAssertEqual(plan.items.map(\.quad), [0, 1, 2])
        XCTAssertEqual(plan.items.map(\.texture), [0, 0, 0])
        XCTAssertEqual(plan.textures.count, 1)
        XCTAssertTrue(plan.textures[0] === texture)
    }

    func testMipmapsMadeLaterHaveTheirHullsFound() {
        let texture = texture(of: Self.image()), reference = Unmanaged.passUnretained(texture)
        var plan = QuadPreparationPlan(expecting: 2)
        plan.add(command: 0, texture: reference, mayBeSprite: true)
        texture.makeMipmaps()
        XCTAssertFalse(texture.hasAllAlphaHulls)
        plan.add(command: 1, texture: reference, mayBeSprite: true)
        XCTAssertTrue(texture.hasAllAlphaHulls, "the new levels' hulls")
    }

    func testAnotherTextureOrAMadeQuadTakesAnEntryAndTheTexturesAreKept() {
        var first: Texture? = texture(of: Self.image())
        let second = texture(of: Self.image())
        weak let kept = first
        var plan = QuadPreparationPlan(expecting: 5)
        plan.add(command: 0, texture: Unmanaged.passUnretained(first!), mayBeSprite: true)
        first = nil
        XCTAssertNotNil(kept, "the plan holds the texture it was given unretained")
        plan.add(command: 1, texture: nil, mayBeSprite: true)
        plan.add(command: 2, texture: Unmanaged.passUnretained(second), mayBeSprite: true)
        let binding = TextureBinding(texture: kept!, unitRect: CGRect(x: 0, y: 0, width: 1, height: 1),
                                     minification: .linear, magnification: .linear)
        plan.add(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 1, height: 1)), binding: binding, mayBeSprite: true)
        plan.add(command: 3, texture: Unmanaged.passUnretained(kept!), mayBeSprite: true)
        XCTAssertEqual(plan.items.map(\.texture), [0, -1, 1, -1, 2])
        XCTAssertEqual(plan.items.map(\.quad), [0, 1, 2, ~0, 3])
        XCTAssertEqual(plan.textures.map(ObjectIdentifier.init), [kept!, second, kept!].map(ObjectIdentifier.init))
    }
}
