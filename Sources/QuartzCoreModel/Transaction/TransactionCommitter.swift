import Foundation

/// Turns the changes of an outermost transaction into one render-tree update.
enum TransactionCommitter {
    /// Lays out and displays what needs it, makes the committed trees live, writes the changed
    /// layers to the render tree, and arranges delegate callbacks and the completion block.
    static func commit(_ stack: TransactionStack, completion: (() -> Void)?, animations: [AnimationCompletionToken]) {
        // Presentation copies still to make are made from the committed trees as they are.
        PendingPresentations.settle()
        // Layout and display may change more layers; they join this commit, so the stack holds
        // an open implicit frame while they run and any frame they leave is folded in.
        stack.frames.append(TransactionFrame(isImplicit: true))
        let roots = rootsOfChangedLayers(stack)
        // Layout descends only along paths that lead to layers needing it (see `layoutIfNeeded()`),
        // and display visits only the layers marked as needing it: a commit costs what changed.
        for root in roots { root.layoutIfNeeded() }
        CommitDisplayPass.run(stack, roots: roots)
        let folded = stack.frames.removeLast()

        // The changed layers move to a list of this commit's own, and the stack records what
        // changes next in the storage of its spare list (empty, with an earlier commit's
        // capacity), so that neither is reallocated from one commit to the next. The layers are
        // released when the commit is done, and the emptied storage becomes the spare. A commit
        // nested in this one (a layer's deinit or a delegate may commit) meets empty lists only.
        let changed = ChangedLayerList()
        changed.exchangeContents(with: stack.changedLayers)
        stack.changedLayers.exchangeContents(with: stack.spareChangedLayers)
        defer {
            // After the commit has let go of `LayerTreeLock`, which a layer's deinit takes.
            changed.removeAllInParts()
            stack.spareChangedLayers.exchangeContents(with: changed)
        }
        // The set holds exactly the changed layers' IDs (`recordChange`): cleared a word at a
        // time when that is fewer steps than a removal a layer.
        stack.changedLayerIDs.removeAll(of: changed)
        // Animations start when the transaction commits, all of them at the same moment.
        let commitTime = CACurrentMediaTime()
        // The layers of this commit that have animations: most have none, and for those the
        // animation steps have nothing to do.
        var animated: [CALayer] = []
        // The layers to write, unretained: `changed` holds the changed layers, and the layers a
        // walk adds are held by their superlayers, which cannot change while the lock is held.
        var written: [Unmanaged<CALayer>] = []
        swap(&written, &stack.spareCommitList)
        // A frame flattening a snapshot of a large render tree on another thread lets go of it
        // first, so that the writes below need not copy the table it shares (`FlatteningFrames`).
        if !LayerTreeLock.shared.isHeldByCallingThread { FlatteningFrames.shared.waitForOtherThreads() }
        // The copy is one state of the trees, and commits from several threads reach the render
        // tree in the order they copied (see `LayerTreeLock`). A layer changed on two threads is
        // in both their commits: its pending animations start in the first.
        LayerTreeLock.shared.withLock {
            written.reserveCapacity(changed.count)
            // Whether a layer to write has animations: a transition among them needs its
            // before-state captured (`RenderTreeStores.publish`), and most commits have none.
            var writesAnimations = false
            // Most large commits change only placed leaves (sprites moving): found so in parts
            // on several threads, they are written as listed, without a walk here that reads
            // each layer's fields again.
            if changed.allAreLiveLeavesWithoutAnimations() {
                changed.withLayers { written.append(contentsOf: $0) }
            } else {
                writesAnimations = list(changed, into: &written, animated: &animated, startingAnimationsAt: commitTime)
            }
            RenderTreeStores.publish(written, capturingTransitions: writesAnimations || !animated.isEmpty)
        }
        // The emptied list is kept for the next commit, unless it is very large.
        written.removeAll(keepingCapacity: true)
        if written.capacity <= Self.largestSpareCommitList { swap(&written, &stack.spareCommitList) }
        // Every layer that got or lost an animation changed in this transaction. The driver
        // watches few layers, and none most of the time: a layer without animations is only
        // looked up when it watches some.
        let displayDriver = stack.displayDriver
        if displayDriver.watchedLayerCount > 0 {
            changed.forEach { displayDriver.forgetAnimations(of: $0) }
        }
        for layer in animated { displayDriver.noteAnimations(of: layer) }

        for layer in animated { AnimationScheduler.schedule(layer) }
        if let completion {
            AnimationCompletionToken.whenAllFinish(animations + folded.animations, run: completion)
        }
    }

    /// The most layers whose commit list a transaction stack keeps between commits (512 KB);
    /// a larger commit's list is freed.
    private static let largestSpareCommitList = 1 << 16

    /// Lists the layers to write: each changed layer, and the subtrees that become live with it
    /// (`collect`), in order; starts the pending animations of the changed layers, adding those
    /// that have animations to `animated`. Returns whether a layer listed by a walk has
    /// animations. The caller holds `LayerTreeLock`.
    private static func list(_ changed: ChangedLayerList, into written: inout [Unmanaged<CALayer>],
                             animated: inout [CALayer], startingAnimationsAt commitTime: CFTimeInterval) -> Bool {
        let committed = LayerIDSet()
        var writesAnimations = false
        changed.forEachFetchingAhead { layer in
            let fields = layer.lockedFields
            // Every changed layer's animations start before any layer is copied (the copies
            // are made by `publish`, after this loop; listing copies nothing, and starting
            // an animation reads the layer's timing, not what the listing marks live).
            if !fields.animations.isEmpty {
                layer.startPendingAnimations(at: commitTime)
                animated.append(layer)
            }
            // A leaf already in the tree (the common case: a changed property) is listed
            // here; `committed` holds the layers listed so far by walks (`collect`), and no
            // other changed layer can list this one (walks list only layers that were not
            // yet live, and `changed` lists each layer once), so it need not be added.
            // (Inlined: a call a layer cost about a third of the listing.)
            if fields.isLive && fields.mask == nil && fields.sublayers.isEmpty {
                if !committed.contains(layer.layerID) { written.append(Unmanaged.passUnretained(layer)) }
                return
            }
            if collect(layer, into: &written, committed: committed) { writesAnimations = true }
        }
        return writesAnimations
    }

    /// Lists `layer` among the layers to write, and every sublayer or mask that is not yet live
    /// (a subtree just added to a committed tree becomes live with it). The `onOrderIn` action of
    /// a layer added to a live tree ran when it was added (see `sublayersDidChange()`).
    ///
    /// A loop over a stack of pending layers, not a recursion: a subtree can be any depth. Layers
    /// are listed in the order a depth-first walk meets them (a layer, its sublayers' subtrees
    /// in order, then its mask's). Returns whether a layer it listed has animations.
    private static func collect(_ layer: CALayer, into written: inout [Unmanaged<CALayer>],
                                committed: LayerIDSet) -> Bool {
        // The caller holds `LayerTreeLock`: the fields are read directly, not through the
        // accessors that take it again for each field. (The caller lists a live leaf itself.)
        var pending = [layer]
        var listsAnimations = false
        while let next = pending.popLast() {
            guard committed.insert(next.layerID) else { continue }
            let fields = next.lockedFields
            if !fields.animations.isEmpty { listsAnimations = true }
            if !fields.isLive {
                fields.isLive = true
                RenderTreeStores.layerBecameLive(next)
                fields.sublayersSeenByTreeActions = fields.sublayers
            }
            written.append(Unmanaged.passUnretained(next))
            if let mask = fields.mask, !mask.lockedFields.isLive { pending.append(mask) }
            for child in fields.sublayers.reversed() where !child.lockedFields.isLive { pending.append(child) }
        }
        return listsAnimations
    }

    /// The roots of the trees holding the changed layers, in the order of their first change.
    ///
    /// Found in parts (`ChangedLayerList.inParts(_:)`), each part's roots in order, merged in
    /// the order of the parts.
    private static func rootsOfChangedLayers(_ stack: TransactionStack) -> [CALayer] {
        var roots: [CALayer] = []
        let seenRoots = LayerIDSet()
        // The superlayers are read under one hold of the lock, not one per layer.
        LayerTreeLock.shared.withLock {
            for partRoots in stack.changedLayers.inParts(rootsInOrder) {
                for root in partRoots where seenRoots.insert(root.layerID) { roots.append(root) }
            }
        }
        return roots
    }

    /// The roots of the trees holding `layers`, in the order of their first layer. The caller
    /// holds `LayerTreeLock` (on this thread or one waiting for this one).
    @Sendable
    private static func rootsInOrder(of layers: UnsafeBufferPointer<Unmanaged<CALayer>>) -> [CALayer] {
        var roots: [CALayer] = []
        let seenRoots = LayerIDSet()
        var rootOf = LayerRoots(lockIsHeld: true)
        // Siblings changed one after another share their superlayer's root: asked once,
        // compared by the IDs the layers keep of their superlayers (loading the weak references
        // cost more).
        var lastSuperlayerID: UInt64 = 0
        ChangedLayerList.forEachFetchingAhead(in: layers) { layer in
            let superlayerID = layer.lockedFields.superlayerID
            if superlayerID != 0, superlayerID == lastSuperlayerID { return }
            let root = rootOf.root(of: layer)
            lastSuperlayerID = superlayerID
            if seenRoots.insert(root.layerID) { roots.append(root) }
        }
        return roots
    }
}

extension CALayer {
    /// The layer as the render tree holds it.
    package func renderSnapshot() -> RenderLayer {
        LayerTreeLock.shared.withLock { RenderLayer(committing: self) }
    }
}

/// Calls animation delegates on time: after each commit it schedules, on the main queue, the
/// next moment an animation of the layer starts or ends.
enum AnimationScheduler {
    static func schedule(_ layer: CALayer) {
        layer.updateAnimationLifecycle()
        guard let next = layer.nextAnimationEventTime() else { return }
        let delay = max(0, next - CACurrentMediaTime())
        let box = WeakLayer(layer)
        DispatchQueue.main.asyncAfter(deadline: .now() + delay + 0.001) {
            guard let layer = box.layer else { return }
            schedule(layer)
        }
    }

    /// A weak reference that may travel to the main queue. The layer is only touched there,
    /// on the thread that owns the layer tree.
    private final class WeakLayer: @unchecked Sendable {
        weak var layer: CALayer?
        init(_ layer: CALayer) { self.layer = layer }
    }
}
