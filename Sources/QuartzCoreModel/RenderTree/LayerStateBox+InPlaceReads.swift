/// Reads of a committed state's reference-counted values in place, for the render server.
///
/// `LayerState.specialized` and `.shadowPath` are computed (they live in the state's
/// `LayerStateObjects`); read through `LayerStateBox.value` from another module, each read copies
/// the whole state out of its box to call the getter (about 400 instructions a layer a frame for
/// the moved sprites of S4: docs/benchmarks/s4-frame-2026-11-29.md). These read the stored
/// flags the state keeps beside the fields a renderer reads of every layer it draws: reading the
/// objects themselves was a miss to memory more a moved layer at N = 100,000
/// (docs/benchmarks/placement-table-2026-11-30-s23.md).
extension LayerStateBox {
    /// Whether the state belongs to a specialized layer class (`LayerState.specialized` is set).
    package var isSpecialized: Bool { value.holdsSpecializedState }

    /// Whether the state has a `shadowPath`.
    package var hasShadowPath: Bool { value.holdsShadowPath }
}
