import CompositorCore

/// The chunks of spare quads a `SpareQuadPool` keeps of one frame, each under the key of the
/// recycler that gave it (`MovedQuadRecycler.key`: a run part's first sublayer) when it has one,
/// so that the part drawing the same sublayers two frames later takes its own chunk back: its
/// layers' quads are then written into the storages of their own quads of two frames ago, which
/// differ only in their transforms (`Quad.assign(_:transform:)`), not into another part's.
struct SpareQuadChunks {
    /// The chunks given under a key, one a key.
    private var keyed: [UInt64: [SpareQuad]] = [:]
    /// The chunks given without a key, or under a key already given in the same frame.
    private var loose: [[SpareQuad]] = []

    /// Keeps `chunk`, given under `key`.
    mutating func add(_ chunk: [SpareQuad], for key: UInt64?) {
        if let key, keyed[key] == nil {
            keyed[key] = chunk
        } else {
            loose.append(chunk)
        }
    }

    /// The chunk given under `key`, taken out; nil when there is none.
    mutating func remove(for key: UInt64) -> [SpareQuad]? {
        keyed.removeValue(forKey: key)
    }

    /// Any chunk, taken out: one given without a key first (a recycler without a key takes no
    /// part's own chunk while another is left); nil when none is left.
    mutating func removeAny() -> [SpareQuad]? {
        loose.popLast() ?? keyed.popFirst()?.value
    }
}
