/// The layers a transaction changed, in the order of their first change, each held by one
/// strong reference that the list keeps unmanaged.
///
/// The list is on the path of every property change and every committed layer: an array of
/// `CALayer` went through the standard library's shared, unspecialized append for class
/// references, and every loop over it retained and released each layer it visited. Here an
/// append is a retain and a store, and a loop visits each layer without retaining it.
///
/// A copy of the list does not own the layers: the list is moved (`swap`), never copied, and
/// `removeAll()` releases them once.
struct ChangedLayerList {
    private var references: [Unmanaged<CALayer>] = []

    /// Whether no layer is listed.
    var isEmpty: Bool { references.isEmpty }

    /// The number of layers listed.
    var count: Int { references.count }

    /// Appends `layer`, retaining it until `removeAll()`.
    @inline(__always)
    mutating func append(_ layer: CALayer) {
        references.append(.passRetained(layer))
    }

    /// Calls `body` with each layer in order, without retaining it (the list holds it).
    @inline(__always)
    func forEach(_ body: (CALayer) throws -> Void) rethrows {
        for reference in references {
            try reference._withUnsafeGuaranteedRef(body)
        }
    }

    /// Releases every layer and empties the list, keeping its capacity for the next transaction.
    mutating func removeAll() {
        for reference in references { reference.release() }
        references.removeAll(keepingCapacity: true)
    }
}
