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

    /// `textures.last`, unretained (`textures` holds it, so no other object takes its address
    /// meanwhile): what a texture is compared with, without counting a reference.
    private var lastTexture: Unmanaged<Texture>?
    /// How many levels of `textures.last` had their hulls found (0: none); mipmaps made later
    /// in the frame add levels, whose hulls are found again.
    private var lastHulledLevels = 0

    init(expecting count: Int) { items.reserveCapacity(count) }

    /// Adds the tree's quad at `index`, drawn with `texture` (none when nil; unretained: the
    /// caller keeps it alive until this call has returned, the plan from then on);
    /// `mayBeSprite`: whether it may be painted as a sprite, which reads the texture's alpha
    /// hulls (asked only until they are found).
    mutating func add(command index: Int, texture: Unmanaged<Texture>?, mayBeSprite: @autoclosure () -> Bool) {
        items.append(Item(quad: Int32(index), texture: texture.map { self.index(of: $0, mayBeSprite: mayBeSprite) } ?? -1))
    }

    /// Adds a quad made while the plan is built.
    mutating func add(_ quad: Quad, binding: TextureBinding?, mayBeSprite: @autoclosure () -> Bool) {
        if let binding { _ = index(of: binding.reference, mayBeSprite: mayBeSprite) }
        items.append(Item(quad: ~Int32(given.count), texture: -1))
        given.append((quad, binding))
    }

    /// Adds the tree's quads at `nodes[start...]` that continue the run of the last item, up to
    /// the first that does not; returns that one's position (`start` when none continues it).
    /// The last item is a quad of the tree just added with `textures.last`, the texture of
    /// `image`. A quad continues the run when it is a quad of the tree, not blurred, whose
    /// texture is `image`'s (read in place), not a video frame, and not trilinear unless the
    /// texture has its mipmaps. For such a quad the store answers the texture it answered last
    /// (`TextureStore.texture(ofQuadAt:)` reads its memo of the last image), and
    /// `add(command:texture:mayBeSprite:)` would give it the last index without finding hulls
    /// (found already). The run's quads skip those steps: most of a frame of sprites of one image.
    /// Nothing is added while the last texture's hulls are not found: a sprite would need them.
    mutating func addRun(of image: ObjectIdentifier, nodes: UnsafeBufferPointer<DrawListTree.Node>, from start: Int,
                         commands: CommandsInPlace) -> Int {
        guard let lastTexture, lastHulledLevels != 0,
              lastHulledLevels == lastTexture._withUnsafeGuaranteedRef({ $0.levels.count }) else { return start }
        precondition(commands.count <= Int(Int32.max), "more commands than an item can number")
        let mipmapped = lastTexture._withUnsafeGuaranteedRef { $0.hasMipmaps }
        var end = start
        while end < nodes.count, case .quad(let index) = nodes[end] {
            let quad = commands.quad(at: index)
            guard quad.pointee.blurSigma <= 0, let source = quad.pointee.textureImage, source.image == image,
                  source.minification != .trilinear || mipmapped else { break }
            end += 1
        }
        guard end > start else { return start }
        // Written in bulk: an append an item checks the array's uniqueness and capacity each time,
        // as much as the test above costs.
        let first = items.count
        items.append(contentsOf: repeatElement(Item(quad: 0, texture: Int32(textures.count - 1)), count: end - start))
        items.withUnsafeMutableBufferPointer { items in
            var item = items.baseAddress.unsafelyUnwrapped + first
            for node in nodes[start..<end] {
                if case .quad(let index) = node { item.pointee.quad = Int32(truncatingIfNeeded: index) }
                item += 1
            }
        }
        return end
    }

    /// The index of `texture` in `textures` (consecutive quads mostly share one: compared by
    /// address with the last), its hulls found where a sprite may read them: a texture finds them
    /// lazily otherwise, which would write to it from the preparing threads.
    private mutating func index(of texture: Unmanaged<Texture>, mayBeSprite: () -> Bool) -> Int32 {
        if lastTexture?.toOpaque() != texture.toOpaque() {
            textures.append(texture.takeUnretainedValue())
            lastTexture = texture
            lastHulledLevels = 0
        }
        let levels = texture._withUnsafeGuaranteedRef { $0.levels.count }
        if lastHulledLevels != levels && mayBeSprite() {
            texture._withUnsafeGuaranteedRef { $0.findAlphaHulls() }
            lastHulledLevels = levels
        }
        return Int32(textures.count - 1)
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
        let textures = plan.textures, width = width, height = height
        tree.withCommandsInPlace { commands in
            clips.withUnsafeBufferPointer { clips in
                for item in items[range] {
                    if item.quad >= 0 {
                        // Read in place (`CommandsInPlace`), not copied out by `tree.quad(at:)`: a
                        // copy would retain and release its storage, and one of its texture source
                        // the image that many quads share.
                        let quad = commands.quad(at: Int(item.quad))
                        if item.texture >= 0, let source = quad.pointee.textureSampling {
                            // Unretained: the plan's `textures` keeps the texture alive until every
                            // part has ended, and the list keeps it from then on (`keep`), so the
                            // threads do not fight over its reference count.
                            let sampling = TextureSampling(reference: .passUnretained(textures[Int(item.texture)]),
                                                           unitRect: source.unitRect, minification: source.minification,
                                                           magnification: source.magnification)
                            list.append(quadAt: quad, sampling: sampling, clips: clips, canvasWidth: width, canvasHeight: height)
                        } else {
                            list.append(quad.pointee, texture: nil, clips: clips, canvasWidth: width, canvasHeight: height)
                        }
                    } else {
                        let (quad, binding) = plan.given[Int(~item.quad)]
                        list.append(quad, texture: binding, clips: clips, canvasWidth: width, canvasHeight: height)
                    }
                }
            }
        }
    }
}
