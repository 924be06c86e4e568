import CompositorCore
import Foundation

/// The quads of one image, in painter's order, with everything that is not safe to do on several
/// threads already done: textures looked up (and uploaded), shadows drawn from their masks,
/// groups rendered into their intermediate images, and the alpha hulls of every texture that a
/// sprite may sample found. What is left, preparing each quad, reads only immutable values.
struct QuadPreparationPlan: Sendable {
    /// One quad: a command of the tree (`quad >= 0`) or `given[~quad]`, drawn with
    /// `textures[texture]` (none when negative) as its command's `TextureSource` binds it.
    struct Item: Sendable {
        var quad: Int32
        var texture: Int32
    }

    private(set) var items: [Item] = []
    private(set) var textures: [Texture] = []
    /// Quads made while the plan was built (a group's composite, a shadow's pieces), with their bindings.
    private(set) var given: [(Quad, TextureBinding?)] = []

    /// How many levels of `textures.last` had their hulls found (0: none); mipmaps made later
    /// in the frame add levels, whose hulls are found again.
    private var lastHulledLevels = 0
    /// The image and minification filter that `textures.last` was looked up by for the last item
    /// looked up, when it was for a quad of the tree (nil after any other): the store answers the same
    /// texture for the next quad of that image and filter.
    private var lastImage: (image: ObjectIdentifier, minification: TextureFilter)?
    /// The levels of `textures.last` when `lastImage` was set (they do not change until the next
    /// lookup: mipmaps are made by a lookup, or for a group's image, never a store's texture).
    private var lastLevels = 0

    init(expecting count: Int) { items.reserveCapacity(count) }

    /// Adds the tree's quad at `index`, drawn with `texture`, the store's texture of `image` (nil
    /// for a video frame); `mayBeSprite`: whether it may be painted as a sprite, which reads the
    /// texture's alpha hulls (asked only until they are found).
    mutating func add(command index: Int, texture: Texture?, image: (image: ObjectIdentifier, minification: TextureFilter)?,
                      mayBeSprite: @autoclosure () -> Bool) {
        items.append(Item(quad: Int32(index), texture: texture.map { self.index(of: $0, mayBeSprite: mayBeSprite) } ?? -1))
        if let texture {
            lastImage = image
            lastLevels = texture.levels.count
        }
    }

    /// Adds the tree's quad at `index` drawn with the texture of the item added last, when that
    /// was a quad of the tree whose texture was looked up by `image` (the same image and
    /// minification filter); returns false, adding nothing, otherwise. Neither the quad's texture
    /// source nor the texture is copied (each would retain and release an object that the run's
    /// quads share).
    mutating func add(command index: Int, sameTextureAs image: (image: ObjectIdentifier, minification: TextureFilter),
                      mayBeSprite: @autoclosure () -> Bool) -> Bool {
        guard let last = lastImage, last.image == image.image, last.minification == image.minification else { return false }
        // The texture's levels have not changed since its lookup: only its hulls may be missing.
        findHullsOfLastTexture(levels: lastLevels, mayBeSprite: mayBeSprite)
        items.append(Item(quad: Int32(index), texture: Int32(textures.count - 1)))
        return true
    }

    /// Adds a quad made while the plan is built.
    mutating func add(_ quad: Quad, binding: TextureBinding?, mayBeSprite: @autoclosure () -> Bool) {
        if let binding { _ = index(of: binding.texture, mayBeSprite: mayBeSprite) }
        items.append(Item(quad: ~Int32(given.count), texture: -1))
        given.append((quad, binding))
        lastImage = nil
    }

    /// The index of `texture` in `textures` (consecutive quads mostly share one), its hulls
    /// found where a sprite may read them: a texture finds them lazily otherwise, which would
    /// write to it from the preparing threads.
    private mutating func index(of texture: Texture, mayBeSprite: () -> Bool) -> Int32 {
        if textures.last !== texture {
            textures.append(texture)
            lastHulledLevels = 0
        }
        findHullsOfLastTexture(levels: texture.levels.count, mayBeSprite: mayBeSprite)
        return Int32(textures.count - 1)
    }

    /// Finds the alpha hulls of `textures.last`, which has `levels` levels, when a quad that may
    /// be painted as a sprite needs them and they were not found for that many levels.
    private mutating func findHullsOfLastTexture(levels: Int, mayBeSprite: () -> Bool) {
        guard lastHulledLevels != levels && mayBeSprite() else { return }
        textures[textures.count - 1].findAlphaHulls()
        lastHulledLevels = levels
    }
}

/// Prepares a plan's quads in parts, one a thread, each into a list of its own; the lists are
/// then joined in order, so the result equals preparing the quads one after another.
final class ParallelPreparation: Sendable {
    /// A list that one part is prepared into. Unchecked: during `prepare(part:)` each box is
    /// read and written by its own part's thread only, and before and after by the thread that
    /// started the parts (`DispatchQueue.concurrentPerform` returns after every part has finished).
    final class Part: @unchecked Sendable {
        var list = PreparedQuadList()
    }

    let tree: DrawListTree
    let clips: [PreparedClip]
    let plan: QuadPreparationPlan
    let width: Int, height: Int
    let parts: [Part]
    /// Where every part writes its lean sprites (the first part's list's storage, with a slot
    /// for every item: `PreparedQuadList.reserveParts(items:)`).
    let sprites: PreparedSpriteStorage

    init(tree: DrawListTree, clips: [PreparedClip], plan: QuadPreparationPlan, width: Int, height: Int, parts: [Part],
         sprites: PreparedSpriteStorage) {
        self.tree = tree; self.clips = clips; self.plan = plan; self.width = width; self.height = height; self.parts = parts
        self.sprites = sprites
    }

    /// Prepares part `index` of the plan's items (an equal share, in order) into `parts[index]`,
    /// which is emptied first unless it is the first part (the list being built, already emptied);
    /// its lean sprites go to the slots of its items in `sprites` (`PreparedQuadList.beginPart`).
    func prepare(part index: Int) {
        let items = plan.items, count = items.count, partCount = parts.count
        let range = (count * index / partCount)..<(count * (index + 1) / partCount)
        // The list is moved out of its box while it is built (appending through the box would
        // check exclusive access to it on every quad), and back after.
        var list = PreparedQuadList()
        swap(&list, &parts[index].list)
        defer { swap(&list, &parts[index].list) }
        if index > 0 { list.removeAll(expecting: range.count) }
        list.beginPart(of: sprites, items: range)
        let textures = plan.textures, tree = tree, width = width, height = height
        clips.withUnsafeBufferPointer { clips in
            for item in items[range] {
                if item.quad >= 0 {
                    // Matched here, not copied out by `tree.quad(at:)`: the quad is read from its
                    // command's storage, and its texture source's fields in place (a copy would
                    // retain and release its image, which many quads share).
                    guard case .quad(let quad) = tree.commands[Int(item.quad)] else { preconditionFailure("not a quad") }
                    if item.texture >= 0, let source = quad.textureSampling {
                        // Unretained: the plan's `textures` keeps the texture alive until every
                        // part has ended, and the list keeps it from then on (`keep`), so the
                        // threads do not fight over its reference count.
                        let texture = Unmanaged.passUnretained(textures[Int(item.texture)])
                        let binding = TextureBinding(unretained: texture, unitRect: source.unitRect,
                                                     minification: source.minification,
                                                     magnification: source.magnification)
                        list.append(quad, texture: binding, clips: clips, canvasWidth: width, canvasHeight: height)
                    } else {
                        list.append(quad, texture: nil, clips: clips, canvasWidth: width, canvasHeight: height)
                    }
                } else {
                    let (quad, binding) = plan.given[Int(~item.quad)]
                    list.append(quad, texture: binding, clips: clips, canvasWidth: width, canvasHeight: height)
                }
            }
        }
    }
}
