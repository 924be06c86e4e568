import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import XCTest

/// `QuadPreparationPlan.addRun`: the quads after one of an image, added without asking the store,
/// get the items, textures, mipmaps and hulls that adding each through the store gives; a run
/// ends at a blurred quad, another image, a quad without a texture and a trilinear quad of a
/// texture without mipmaps.
final class QuadPreparationRunTests: XCTestCase {
    private static func image() -> CGImage {
        CGImage(width: 4, height: 4, bytesPerRow: 16, data: Data(repeating: 0xFF, count: 64))!
    }

    private static func quad(_ texture: TextureSource?, blurSigma: Float = 0) -> DrawCommand {
        .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 4, height: 4), texture: texture, blurSigma: blurSigma))
    }

    /// Quads 0–2 of `a`, a blurred one of `a`, one of `b`, two of `a` (the second trilinear),
    /// one without a texture, two of `a`.
    private static func commands(a: CGImage, b: CGImage) -> [DrawCommand] {
        let linear = TextureSource(image: a)
        return [quad(linear), quad(linear), quad(linear), quad(linear, blurSigma: 2), quad(TextureSource(image: b)),
                quad(linear), quad(TextureSource(image: a, minificationFilter: .trilinear)), quad(nil), quad(linear),
                quad(linear)]
    }

    /// The plan of `tree`'s quads, each added through the store, or with runs (`runs`) as
    /// `FrameCompositor` adds them; and the position each run ended at.
    private func plan(_ tree: DrawListTree, runs: Bool) -> (QuadPreparationPlan, [Int]) {
        let store = TextureStore(budget: CacheBudget(byteLimit: 64 << 20))
        store.beginFrame()
        var plan = QuadPreparationPlan(expecting: tree.nodes.count)
        var ends: [Int] = []
        tree.withCommandsInPlace { commands in
            tree.nodes.withUnsafeBufferPointer { nodes in
                var position = 0
                while position < nodes.count {
                    guard case .quad(let index) = nodes[position] else { XCTFail("a group"); return }
                    position += 1
                    let quad = commands.quad(at: index)
                    plan.add(command: index, texture: store.texture(ofQuadAt: quad), mayBeSprite: true)
                    if runs, let image = quad.pointee.textureImage?.image {
                        position = plan.addRun(of: image, nodes: nodes, from: position, commands: commands)
                        ends.append(position)
                    }
                }
            }
        }
        return (plan, ends)
    }

    func testARunGivesWhatTheStoreGivesAndEndsWhereItMust() throws {
        let a = Self.image(), b = Self.image()
        let tree = DrawListTree(Self.commands(a: a, b: b))
        let (each, _) = plan(tree, runs: false)
        let eachMipmapped = each.textures.map(\.hasMipmaps)
        let (run, ends) = plan(tree, runs: true)
        XCTAssertEqual(run.items.map(\.quad), each.items.map(\.quad))
        XCTAssertEqual(run.items.map(\.texture), each.items.map(\.texture))
        XCTAssertEqual(run.textures.count, each.textures.count)
        XCTAssertEqual(run.textures.map(\.hasMipmaps), eachMipmapped, "the trilinear quad asked the store")
        XCTAssertTrue(run.textures.allSatisfy(\.hasAllAlphaHulls), "every level's hulls, mipmaps' included")
        // From quad 0: 1 and 2, not the blurred 3. Quad 3 (blurred) opens a run that ends at
        // quad 4, of another image, which ends at 5; 5's stops at the trilinear 6 (no mipmaps
        // yet); 6 made them, so its run takes nothing more before the quad without a texture,
        // and 8's takes 9.
        XCTAssertEqual(ends, [3, 4, 5, 6, 7, 10])
    }
}
