import QuartzCoreModelSupport

/// The layers a transaction changed, in the order of their first change, each held by one
/// strong reference that the list keeps unmanaged.
///
/// The list is on the path of every property change and every committed layer: an array of
/// `CALayer` went through the standard library's shared, unspecialized append for class
/// references, and every loop over it retained and released each layer it visited; an array of
/// unmanaged references still checked that it was not shared (a call) before each append. Here
/// an append is a retain and a store, and a loop visits each layer without retaining it.
///
/// A class over memory of its own, shared by reference: each list has one owner (a
/// transaction stack, which a single thread uses at a time, or a commit moving the stack's list
/// aside), and `removeAll()` releases the layers once.
final class ChangedLayerList {
    @exclusivity(unchecked) private var references: UnsafeMutablePointer<Unmanaged<CALayer>>
    @exclusivity(unchecked) private var capacity = 0
    /// The number of layers listed.
    @exclusivity(unchecked) private(set) var count = 0

    /// An empty list.
    init() {
        references = .allocate(capacity: 1)
    }

    deinit {
        removeAll()
        references.deallocate()
    }

    /// Whether no layer is listed.
    var isEmpty: Bool { count == 0 }

    /// Appends `layer`, retaining it until `removeAll()`.
    @inline(__always)
    func append(_ layer: CALayer) {
        if count == capacity { grow() }
        (references + count).initialize(to: .passRetained(layer))
        count &+= 1
    }

    /// Doubles the storage (out of line: `append` is inlined where every change is recorded).
    @inline(never)
    private func grow() {
        let grown = UnsafeMutablePointer<Unmanaged<CALayer>>.allocate(capacity: max(16, capacity * 2))
        grown.moveInitialize(from: references, count: count)
        references.deallocate()
        references = grown
        capacity = max(16, capacity * 2)
    }

    /// Calls `body` with each layer in order, without retaining it (the list holds it).
    @inline(__always)
    func forEach(_ body: (CALayer) throws -> Void) rethrows {
        var index = 0
        while index < count {
            try references[index]._withUnsafeGuaranteedRef(body)
            index &+= 1
        }
    }

    /// `forEach(_:)` for the commit's walks over many layers, which read each layer's first
    /// line of model fields (`LayerLockedFields`): it asks for the layer objects
    /// `layerLookahead` places ahead and for the fields `fieldsLookahead` places ahead (whose
    /// layer object was asked for earlier), so that at N = 100,000 their misses to memory
    /// overlap the work on the layers before them.
    @inline(__always)
    func forEachFetchingAhead(_ body: (CALayer) throws -> Void) rethrows {
        try Self.forEachFetchingAhead(in: UnsafeBufferPointer(start: references, count: count), body)
    }

    /// `forEachFetchingAhead(_:)` over `layers`, a part of a list's layers.
    @inline(__always)
    static func forEachFetchingAhead(in layers: UnsafeBufferPointer<Unmanaged<CALayer>>,
                                     _ body: (CALayer) throws -> Void) rethrows {
        for index in layers.indices {
            fetchAhead(of: index, in: layers)
            try layers[index]._withUnsafeGuaranteedRef(body)
        }
    }

    /// Whether `predicate` holds for every layer of `layers`, asked in order as
    /// `forEachFetchingAhead(_:)` visits them, until one fails it.
    @inline(__always)
    static func allSatisfyFetchingAhead(in layers: UnsafeBufferPointer<Unmanaged<CALayer>>,
                                        _ predicate: (CALayer) -> Bool) -> Bool {
        for index in layers.indices {
            fetchAhead(of: index, in: layers)
            guard layers[index]._withUnsafeGuaranteedRef(predicate) else { return false }
        }
        return true
    }

    /// Asks for the object of the layer `layerLookahead` places after `index` and for the
    /// fields of the one `fieldsLookahead` places after it.
    @inline(__always)
    private static func fetchAhead(of index: Int, in layers: UnsafeBufferPointer<Unmanaged<CALayer>>) {
        if index &+ layerLookahead < layers.count {
            qc_prefetchRangeForReading(layers[index &+ layerLookahead].toOpaque(), layerBytesRead)
        }
        if index &+ fieldsLookahead < layers.count {
            layers[index &+ fieldsLookahead]._withUnsafeGuaranteedRef {
                qc_prefetchRangeForReading(Unmanaged.passUnretained($0.lockedFields).toOpaque(),
                                           LayerLockedFields.commitLineBytes)
            }
        }
    }

    /// Calls `body` with the listed layers, unretained (the list holds them); `body` must not
    /// change the list.
    func withLayers<Result>(_ body: (UnsafeBufferPointer<Unmanaged<CALayer>>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: references, count: count))
    }

    /// How many places ahead `forEachFetchingAhead(_:)` and `removeAll()` ask for a layer
    /// object: about a miss's latency of their work on the layers between.
    private static var layerLookahead: Int { 16 }

    /// The bytes of a layer object that the walks read: its header, `layerID` and the
    /// reference to its `lockedFields` (`NSObject` adds no stored properties). An object
    /// begins at any multiple of 16 bytes, so they straddle two lines one time in four.
    static let layerBytesRead = 32

    /// How many places ahead `forEachFetchingAhead(_:)` asks for a layer's model fields.
    private static let fieldsLookahead = 8

    /// Exchanges the layers and storage of this list with those of `other`.
    func exchangeContents(with other: ChangedLayerList) {
        swap(&references, &other.references)
        swap(&capacity, &other.capacity)
        swap(&count, &other.count)
    }

    /// Releases every layer and empties the list, keeping its storage for the next transaction.
    func removeAll() {
        // `count` and `references` are read again after each release: a layer's deinit runs
        // here, and what it might append is released too.
        // Each release is an atomic operation on the layer's first line, which waits for it: at
        // N = 100,000 a miss to memory a layer, one after another, unless asked for ahead.
        var index = 0
        while index < count {
            if index &+ Self.layerLookahead < count {
                qc_prefetchForWriting(references[index &+ Self.layerLookahead].toOpaque())
            }
            references[index].release()
            index &+= 1
        }
        count = 0
    }

    /// `removeAll()` for a commit's own list of many layers: the layers something else holds
    /// too (the app's layers, nearly all of them) are released in parts at once
    /// (`inParts(_:)`), each release a miss to memory at N = 100,000; the layers the list alone
    /// holds are released afterwards on the calling thread, in order, so that their deinits
    /// run there, as `removeAll()` runs them. The list must have no other user meanwhile.
    ///
    /// A layer another thread lets go of at the same moment may end its life in a part,
    /// just as it may on that other thread; its deinit takes `LayerTreeLock`, so a caller that
    /// holds the lock (a commit nested in a locked section) releases the list with
    /// `removeAll()`, as it does a smaller list.
    func removeAllInParts() {
        guard Self.partCount(for: count) > 1, !LayerTreeLock.shared.isHeldByCallingThread else { return removeAll() }
        let heldAlone = inParts(Self.releaseLayersHeldElsewhere)
        // Every layer is released (in a part) or is listed in `heldAlone`, which holds its reference now.
        count = 0
        for part in heldAlone {
            for layer in part { layer.release() }
        }
    }

    /// Releases each layer of `layers` (each holding one reference of the list) that something
    /// else holds too; returns the others, still holding the list's reference, in order.
    @Sendable
    private static func releaseLayersHeldElsewhere(_ layers: UnsafeBufferPointer<Unmanaged<CALayer>>)
        -> [Unmanaged<CALayer>] {
        var heldAlone: [Unmanaged<CALayer>] = []
        for index in layers.indices {
            // A release is an atomic operation on the layer's first line, which waits for it.
            if index &+ layerLookahead < layers.count {
                qc_prefetchForWriting(layers[index &+ layerLookahead].toOpaque())
            }
            // The list's reference, taken over: released at the end of the iteration.
            var layer = layers[index].takeRetainedValue()
            if isKnownUniquelyReferenced(&layer) { heldAlone.append(.passRetained(layer)) }
        }
        return heldAlone
    }
}
