/// Reads of a committed state's reference-counted values in place, for the render server.
///
/// `LayerState.specialized` and `.shadowPath` are computed (they live in the state's
/// `LayerStateObjects`); read through `LayerStateBox.value` from another module, each read copies
/// the whole state out of its box to call the getter (about 400 instructions a layer a frame for
/// the moved sprites of S4: docs/benchmarks/s4-frame-2026-11-29.md). These read the stored box.
extension LayerStateBox {
    /// Whether the state belongs to a specialized layer class (`LayerState.specialized` is set).
    package var isSpecialized: Bool { value.objects.specialized != nil }

    /// Whether the state has a `shadowPath`.
    package var hasShadowPath: Bool { value.objects.shadowPath != nil }
}
