import CompositorCore
import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// Turns a render tree into the draw lists of a renderer's frames, and keeps between frames what
/// can be reused: the flattened subtrees that did not change, the pictures of text and shape
/// layers, when its emitters started and the tiles of its tiled layers (`ContentStores`). Each
/// `CARenderer` owns one, with the render tree it draws; renderers consume only the `DrawList`
/// it returns.
package final class FrameBuilder {
    /// The committed layer trees this builder draws from, its own.
    let renderTree: RenderTreeStore
    /// What unchanged subtrees flattened to in earlier frames.
    let subtreeCache = FlattenedSubtreeCache()
    /// The pictures of the text and shape layers of this builder's frames.
    let layerPictures: SpecializedContentsCache
    /// When each emitter of this builder's frames started emitting: its particles are its own.
    let emitterClock = EmitterClock()
    /// The drawn tiles of the tiled layers of this builder's frames, fading in at its own times.
    let tiles = TiledLayerTileStore()
    /// This builder's frames, which alone fill again the presentation boxes made for them.
    let presentationOwner = PresentationBoxOwner()
    /// The layers whose animations drive their display, of the thread that owns the trees drawn.
    let displayDriver: DisplayAnimationDriver
    /// Hands the heap back to the system after large evictions of pictures.
    private var pictureTrimmer = FreedMemoryTrimmer(threshold: 4 << 20)
    private var lastGeneration: UInt64?
    private var lastFrameHadAnimations = true
    private var nextChangeTime: CFTimeInterval = .infinity
    private var lastCommandCount = 0
    /// The committed layers that read their backdrop, kept up to date frame by frame.
    private var backdropReaders = BackdropReaders()

    /// Creates a builder drawing the layer trees the process's transactions commit (into a render
    /// tree of its own, seeded with the trees committed so far), whose picture cache follows
    /// `pictureBudget`, redrawing for each frame the layers `displayDriver` watches (by default
    /// those of the calling thread's commits: a renderer draws on the thread that owns its tree).
    package convenience init(pictureBudget: CacheBudget,
                             displayDriver: DisplayAnimationDriver = .ofCallingThread) {
        self.init(renderTree: RenderTreeStore(), pictureBudget: pictureBudget, displayDriver: displayDriver)
    }

    /// Creates a builder drawing from `renderTree` whose picture cache follows `pictureBudget`,
    /// redrawing for each frame the layers `displayDriver` watches.
    init(renderTree: RenderTreeStore, pictureBudget: CacheBudget, displayDriver: DisplayAnimationDriver) {
        self.renderTree = renderTree
        self.displayDriver = displayDriver
        layerPictures = SpecializedContentsCache(budget: pictureBudget)
    }

    /// Whether a frame reuses what unchanged subtrees flattened to in earlier frames.
    package var reusesUnchangedSubtrees = true {
        didSet { if !reusesUnchangedSubtrees { subtreeCache.removeAll() } }
    }

    /// The most parts a long run of sublayers is flattened in at once, each on a thread of its
    /// own (one a processor unless `QC_DEBUG` has `serial-flattening`; 1: on the calling thread).
    package var maximumFlatteningParts = FrameFlattener.defaultMaximumParts

    /// Whether a sublayer of a long run that only moved since the last frame (a changed
    /// `position` or `transform`) draws what it drew then, moved, instead of being flattened
    /// again (true unless `QC_DEBUG` has `flatten-moved-layers`; the draw list is the same).
    package var redrawsMovedLayers = !DebugOptions.isEnabled(.flattenMovedLayers)

    /// How many sublayers the last frame flattened in parts on several threads.
    package private(set) var lastFrameSublayersFlattenedInParts = 0
    /// How many of them drew their drawing of the frame before, moved (`redrawsMovedLayers`).
    package private(set) var lastFrameSublayersRedrawnMoved = 0

    /// The subtrees the last frame took from earlier frames, and the layers it flattened again.
    package var lastFrameSubtrees: (reused: Int, flattened: Int) {
        (subtreeCache.reusedSubtrees, subtreeCache.flattenedSubtrees)
    }

    /// Whether the tree was committed since the last frame, or the last frame animated.
    package var hasChangedSinceLastFrame: Bool {
        renderTree.snapshot().generation != lastGeneration || lastFrameHadAnimations
    }

    /// The media time of the next frame in which anything changes: `lastFrameTime` when the tree
    /// was committed since the last frame, else when the last frame said (`.infinity`: still).
    package func nextFrameTime(lastFrameTime: @autoclosure () -> CFTimeInterval) -> CFTimeInterval {
        renderTree.snapshot().generation != lastGeneration ? lastFrameTime() : nextChangeTime
    }

    /// Called on the drawing thread as soon as each frame has taken its snapshot of the committed
    /// trees: a commit after that no longer changes the frame (a benchmark lets the app's thread
    /// commit the next frame from then on, as the kiosk's app does while its output renders).
    package var didTakeFrameSnapshot: (() -> Void)?

    /// The budget of the picture cache; a smaller one evicts at once.
    package var pictureBudget: CacheBudget {
        get { layerPictures.budget }
        set { layerPictures.budget = newValue }
    }

    /// The flattened frame of the tree under `root` at media time `t`, seen through
    /// `viewTransform` (from the root's superlayer space to the target's pixels).
    package func drawList(of root: CALayer, atTime t: CFTimeInterval, viewTransform: CATransform3D,
                          pixelWidth: Int, pixelHeight: Int, clearColor: CGColor) -> DrawList {
        if !root.isLive { CATransaction.flush() }
        var counted = false
        let list = flattenSnapshot(of: root, atTime: t, viewTransform: viewTransform, pixelWidth: pixelWidth,
                                   pixelHeight: pixelHeight, clearColor: clearColor, counted: &counted)
        // The snapshot went with the call: a commit waiting for this frame may write the table now.
        if counted { FlatteningFrames.shared.endFrame() }
        return list
    }

    /// `drawList(of:atTime:viewTransform:pixelWidth:pixelHeight:clearColor:)` from a snapshot of
    /// the render tree taken here and let go on return; `counted` says whether the frame was
    /// counted among the frames commits wait for (`FlatteningFrames`).
    private func flattenSnapshot(of root: CALayer, atTime t: CFTimeInterval, viewTransform: CATransform3D,
                                 pixelWidth: Int, pixelHeight: Int, clearColor: CGColor, counted: inout Bool) -> DrawList {
        let snapshot = renderTree.frameSnapshot()
        counted = FlatteningFrames.shared.beginFrame(layerCount: snapshot.layers.count)
        didTakeFrameSnapshot?()
        lastGeneration = snapshot.generation
        // Layers whose display-driving properties animate draw their presentation copy for this frame.
        let layers = displayDriver.layersForFrame(snapshot.layers, at: t)
        subtreeCache.beginFrame(changes: snapshot.changes)
        backdropReaders.update(from: snapshot.summaries, changes: snapshot.changes)
        let pictures = layerPictures
        let stores = ContentStores(pictures: pictures, emitterClock: emitterClock, tiles: tiles, presentationOwner: presentationOwner)
        var flattener = FrameFlattener(layers: layers, summaries: snapshot.summaries, time: t, viewTransform: viewTransform,
                                       stores: stores, subtreeCache: reusesUnchangedSubtrees ? subtreeCache : nil)
        flattener.maximumParts = maximumFlatteningParts
        flattener.redrawsMovedLayers = redrawsMovedLayers
        // Reserve what the last frame needed, so a long list is not regrown every frame.
        flattener.commands.reserveCapacity(lastCommandCount)
        pictures.beginFrame()
        var list = flattener.flatten(rootID: root.layerID, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                                     clearColor: PremultipliedColor(clearColor))
        pictures.endFrame()
        if reusesUnchangedSubtrees {
            subtreeCache.endFrame(commands: list.commands, clips: list.clips)
            list.continuity = DrawListContinuity(sequence: subtreeCache.sequence, frame: subtreeCache.frame,
                                                 unchangedRanges: flattener.unchanged.ranges)
        }
        list.mayReadBackdrop = !backdropReaders.isEmpty
        lastCommandCount = list.commands.count
        lastFrameSublayersFlattenedInParts = flattener.sublayersFlattenedInParts
        lastFrameSublayersRedrawnMoved = flattener.redrawnMoved
        lastFrameHadAnimations = flattener.changes.sawAnimations
        nextChangeTime = flattener.changes.nextChangeTime
        return list
    }

    /// Adds what the builder's caches hold to a frame's statistics, and hands freed picture
    /// memory back to the system after large evictions.
    package func recordCacheUsage(in statistics: inout RenderStatistics) {
        pictureTrimmer.noteFreed(layerPictures.takeFreedBytes())
        pictureTrimmer.trimIfWorthwhile()
        statistics.layerPictures = layerPictures.usage
        statistics.flattenedSubtrees = subtreeCache.usage
    }
}
