import Foundation
import Synchronization

/// What a presentation copy keeps of where it came from: its model layer (held weakly), for a
/// copy with sublayers their `PresentationSource`, and for a copy without a superlayer copy to
/// point to, its `PresentationSuperlayer`.
final class PresentationLink {
    weak var model: CALayer?
    var source: PresentationSource?
    var superlayer: PresentationSuperlayer?
}

/// Presentation copies still to make, made before anything they are made from changes
/// (`PendingPresentations.settle()`).
protocol PendingPresentation: AnyObject {
    /// Makes the copies still to make. The caller holds `LayerTreeLock`.
    func settle()
}

/// What a presentation layer needs to make the presentation copies of its sublayers when they
/// are first read, rather than all of them when `presentation()` is called: the media time the
/// presentation was made for and the model layer's sublayers as they were then.
///
/// A copy made later is the copy `presentation()` would have made at once: everything a
/// presentation copy is made from (the committed state, the attached animations, the model's
/// sublayers) changes only in a commit, a change of the tree or a change of a layer's
/// animations, and before any of those the copies still to make are made
/// (`PendingPresentations.settle()`). Everything here is guarded by `LayerTreeLock`.
final class PresentationSource: PendingPresentation {
    /// The media time the presentation was made for.
    let time: CFTimeInterval
    /// The model layer's sublayers when its presentation copy was made, back to front.
    let models: [CALayer]
    /// The presentation layer whose sublayers these are (it holds this source).
    private(set) weak var owner: CALayer?
    /// The copies made so far, by index into `models` (empty until the first one is made).
    private var made: [CALayer?] = []
    /// Whether every copy has been made and given to the owner as its sublayers (or the owner
    /// is going away): nothing is left to make.
    private(set) var isSettled = false

    /// A source for `owner`'s sublayers, the copies of `models` at `time`; listed as pending.
    init(time: CFTimeInterval, models: [CALayer], owner: CALayer) {
        self.time = time
        self.models = models
        self.owner = owner
        PendingPresentations.add(self)
    }

    deinit {
        if !isSettled { PendingPresentations.remove(self) }
    }

    /// The presentation copy of `models[index]`, made now if it was not yet. The caller holds
    /// `LayerTreeLock`.
    func child(at index: Int) -> CALayer {
        if made.isEmpty { made = Array(repeating: nil, count: models.count) }
        if let copy = made[index] { return copy }
        let copy = PendingPresentations.making { models[index].presentationTree(at: time) }
        copy.superlayerStorage = owner
        made[index] = copy
        return copy
    }

    /// The copy of `models[index]` if it was made, else nil. The caller holds `LayerTreeLock`.
    func madeChild(at index: Int) -> CALayer? {
        made.isEmpty ? nil : made[index]
    }

    /// Makes every copy not yet made and gives them all to the owner as its sublayers. The
    /// caller holds `LayerTreeLock`.
    func settle() {
        guard !isSettled else { return }
        guard let owner else {
            _ = abandon()
            return
        }
        let copies = models.indices.map { child(at: $0) }
        isSettled = true
        made = []
        PendingPresentations.remove(self)
        owner.lockedFields.sublayers = copies
    }

    /// Gives up the copies still to make and hands over those made (for a deallocating owner,
    /// whose subtree `SubtreeRelease` releases without nesting deinits). A copy made that lives
    /// on elsewhere is given its superlayer's copy to make when asked for
    /// (`PresentationSuperlayer`), from the model superlayer, which has not changed since the
    /// presentation was made (nothing has: the copies are still to make). The caller holds
    /// `LayerTreeLock`.
    func abandon() -> [CALayer] {
        guard !isSettled else { return [] }
        isSettled = true
        PendingPresentations.remove(self)
        defer { made = [] }
        for index in made.indices {
            guard made[index] != nil, !isKnownUniquelyReferenced(&made[index]),
                  let superlayer = models[index].lockedFields.superlayer else { continue }
            made[index]?.superlayerPresentation = PresentationSuperlayer(model: superlayer, time: time)
        }
        return made.compactMap { $0 }
    }
}

/// The presentation sources and superlayers with copies still to make, made before anything
/// they are made from changes (see `PresentationSource`, `PresentationSuperlayer`).
enum PendingPresentations {
    /// A source, held weakly: a presentation dropped unread leaves nothing to make.
    private struct Entry {
        weak var source: (any PendingPresentation)?
    }

    /// The pending sources, by identity. Guarded by `LayerTreeLock`.
    nonisolated(unsafe) private static var sources: [ObjectIdentifier: Entry] = [:]
    /// How many sources are pending: read without the lock by the hooks, so that a change
    /// costs one load while no presentation has copies still to make.
    private static let count = Atomic<Int>(0)
    /// Whether this lock holder is making presentation copies: the copy's own initialization
    /// (`init(layer:)` setting its animations) is no change of the model. Guarded by
    /// `LayerTreeLock`.
    nonisolated(unsafe) private static var isMaking = false

    /// Lists `source` as pending. The caller holds `LayerTreeLock`.
    static func add(_ source: any PendingPresentation) {
        sources[ObjectIdentifier(source)] = Entry(source: source)
        count.store(sources.count, ordering: .relaxed)
    }

    /// Removes `source` from the pending ones.
    static func remove(_ source: any PendingPresentation) {
        LayerTreeLock.shared.withLock {
            sources.removeValue(forKey: ObjectIdentifier(source))
            count.store(sources.count, ordering: .relaxed)
        }
    }

    /// Runs `body`, which makes presentation copies, with `settle()` doing nothing meanwhile.
    /// The caller holds `LayerTreeLock`.
    static func making<T>(_ body: () -> T) -> T {
        let outer = isMaking
        isMaking = true
        defer { isMaking = outer }
        return body()
    }

    /// Makes every presentation copy still to make: called before a commit, a change of the
    /// tree or of a layer's animations, which would change what those copies are made from.
    /// One atomic load when there is none.
    @inline(__always)
    static func settle() {
        guard count.load(ordering: .relaxed) > 0 else { return }
        settleAll()
    }

    /// `settle()` when some are pending (out of line).
    @inline(never)
    private static func settleAll() {
        LayerTreeLock.shared.withLock {
            guard !isMaking else { return }
            making {
                // Settling a source lists the sources of the copies it makes: until none is left.
                while let (key, entry) = sources.first {
                    entry.source?.settle()
                    sources.removeValue(forKey: key)
                }
                count.store(0, ordering: .relaxed)
            }
        }
    }
}
