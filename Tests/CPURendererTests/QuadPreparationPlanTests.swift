import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import XCTest

/// `QuadPreparationPlan.add(command:sameTextureAs:mayBeSprite:)`: a quad of the image and
/// minification filter that the plan's last lookup was for takes that lookup's texture, its hulls
/// found when a sprite may read them; anything else is refused, to be looked up.
final class QuadPreparationPlanTests: XCTestCase {
    private static func image() -> CGImage {
        CGImage(width: 4, height: 4, bytesPerRow: 16, data: Data(repeating: 0xFF, count: 64))!
    }

    private func texture(of image: CGImage) -> Texture { Texture(PixelBuffer(image: image)) }

    func testARunOfOneImageTakesTheLookedUpTextureAndFindsItsHullsWhenASpriteMay() {
        let image = Self.image(), texture = texture(of: image)
        let key = (image: ObjectIdentifier(image), minification: TextureFilter.linear)
        var plan = QuadPreparationPlan(expecting: 4)
        XCTAssertFalse(plan.add(command: 0, sameTextureAs: key, mayBeSprite: true), "nothing looked up yet")
        plan.add(command: 0, texture: texture, image: key, mayBeSprite: false)
        XCTAssertFalse(texture.hasAllAlphaHulls, "no sprite reads the hulls yet")
        XCTAssertTrue(plan.add(command: 1, sameTextureAs: key, mayBeSprite: false))
        XCTAssertFalse(texture.hasAllAlphaHulls)
        XCTAssertTrue(plan.add(command: 2, sameTextureAs: key, mayBeSprite: true))
        XCTAssertTrue(texture.hasAllAlphaHulls, "found on this thread before the parts read them")
        XCTAssertEqual(plan.items.map(\.quad), [0, 1, 2])
        XCTAssertEqual(plan.items.map(\.texture), [0, 0, 0])
        XCTAssertEqual(plan.textures.count, 1)
        XCTAssertTrue(plan.textures[0] === texture)
    }

    func testAnotherImageOrFilterOrAQuadInBetweenIsLookedUp() {
        let image = Self.image(), other = Self.image(), texture = texture(of: image)
        let key = (image: ObjectIdentifier(image), minification: TextureFilter.linear)
        var plan = QuadPreparationPlan(expecting: 4)
        plan.add(command: 0, texture: texture, image: key, mayBeSprite: true)
        XCTAssertFalse(plan.add(command: 1, sameTextureAs: (ObjectIdentifier(other), .linear), mayBeSprite: true))
        XCTAssertFalse(plan.add(command: 1, sameTextureAs: (key.image, .trilinear), mayBeSprite: true),
                       "a trilinear lookup makes mipmaps")
        // A quad without a texture keeps the last lookup; a made quad (a group's, a shadow's) does not.
        plan.add(command: 1, texture: nil, image: nil, mayBeSprite: true)
        XCTAssertTrue(plan.add(command: 2, sameTextureAs: key, mayBeSprite: true))
        plan.add(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 1, height: 1)), binding: nil, mayBeSprite: true)
        XCTAssertFalse(plan.add(command: 3, sameTextureAs: key, mayBeSprite: true))
        // A video frame's lookup has no image.
        plan.add(command: 3, texture: texture, image: nil, mayBeSprite: true)
        XCTAssertFalse(plan.add(command: 4, sameTextureAs: key, mayBeSprite: true))
        XCTAssertEqual(plan.items.map(\.texture), [0, -1, 0, -1, 0])
    }
}
