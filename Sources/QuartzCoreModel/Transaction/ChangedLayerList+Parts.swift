import Dispatch

extension ChangedLayerList {
    /// What `body` finds in each part of the listed layers, in order: in parts at once, one a
    /// processor, when the list is as large as a commit written in parts
    /// (`RenderTreeStore.Contents.writeInParts`), else in one part on the calling thread.
    ///
    /// For the commit's walks over the changed layers: at N = 100,000 each meets every changed
    /// layer's object or fields, a miss to memory each, which on the committing thread alone
    /// bounded the commit. `body` must not change the list, and what it reads of the layers
    /// nothing may write meanwhile (the walks that read fields run under `LayerTreeLock`).
    func inParts<Result>(_ body: @escaping @Sendable (UnsafeBufferPointer<Unmanaged<CALayer>>) -> Result) -> [Result] {
        withLayers { layers in
            let partCount = Self.partCount(for: layers.count)
            guard partCount > 1 else { return [body(layers)] }
            return [Result](unsafeUninitializedCapacity: partCount) { results, initialized in
                let parts = ListedLayerParts(layers: layers, partCount: partCount,
                                             results: results.baseAddress.unsafelyUnwrapped, body: body)
                DispatchQueue.concurrentPerform(iterations: partCount) { parts.run(part: $0) }
                initialized = partCount
            }
        }
    }

    /// How many parts `inParts(_:)` cuts a list of `count` layers into: as many as a commit of
    /// that many layers is written in (`RenderTreeStore.applyPartCount(for:maximum:)`).
    static func partCount(for count: Int) -> Int {
        RenderTreeStore.applyPartCount(for: count)
    }

    /// Whether every listed layer is a live leaf without mask or animations, which a commit
    /// writes just as it is (a scene moving its sprites): nothing to start, make live or list
    /// below it. Looked at in parts (`inParts(_:)`); the caller holds `LayerTreeLock`.
    func allAreLiveLeavesWithoutAnimations() -> Bool {
        !inParts { layers in
            ChangedLayerList.allSatisfyFetchingAhead(in: layers) { layer in
                // The caller holds `LayerTreeLock`: the fields are read directly.
                let fields = layer.lockedFields
                return fields.isLive && fields.mask == nil && fields.sublayers.isEmpty && fields.animations.isEmpty
            }
        }.contains(false)
    }
}

/// What the parts of `ChangedLayerList.inParts(_:)` share: the listed layers, the storage of
/// the results, and what each part does.
///
/// Unchecked Sendable: the pointers are the list's storage, which nothing changes while the
/// parts run, and the results' storage, held by `inParts` until every part has returned; each
/// part reads its own layers and initializes only its own result.
private struct ListedLayerParts<Result>: @unchecked Sendable {
    let layers: UnsafeBufferPointer<Unmanaged<CALayer>>
    let partCount: Int
    let results: UnsafeMutablePointer<Result>
    let body: @Sendable (UnsafeBufferPointer<Unmanaged<CALayer>>) -> Result

    /// Runs `body` on part `part` of `partCount` nearly equal parts, storing its result.
    func run(part: Int) {
        let range = RenderTreeStore.applyPartRange(part, of: partCount, count: layers.count)
        (results + part).initialize(to: body(UnsafeBufferPointer(rebasing: layers[range])))
    }
}
