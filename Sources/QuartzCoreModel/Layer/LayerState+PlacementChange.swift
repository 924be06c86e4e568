import Foundation

extension LayerState {
    /// Whether the state at `a` and the state at `b` can differ only in `position` and
    /// `transform`: every other byte is the same.
    ///
    /// A state is plain values and one reference (see `assign(_:copying:)`), so equal bytes
    /// mean equal values (the same `objects` box, so the same colours, image and path). The
    /// converse does not hold: a new box with equal values, `-0.0` against `0.0`, or padding
    /// bytes answer false, which only costs the caller the work it would have done anyway.
    static func differsAtMostInPlacement(_ a: UnsafePointer<LayerState>, _ b: UnsafePointer<LayerState>) -> Bool {
        let first = UnsafeRawPointer(a), second = UnsafeRawPointer(b)
        for range in placementFreeByteRanges where memcmp(first + range.lowerBound, second + range.lowerBound, range.count) != 0 {
            return false
        }
        return true
    }

    /// The byte ranges of a state outside `position` and `transform`, in order.
    private static let placementFreeByteRanges: [Range<Int>] = {
        // The offsets of stored properties, which these two are.
        let placement = [(MemoryLayout<LayerState>.offset(of: \.position)!, MemoryLayout<CGPoint>.size),
                         (MemoryLayout<LayerState>.offset(of: \.transform)!, MemoryLayout<CATransform3D>.size)]
            .sorted { $0.0 < $1.0 }
        var ranges: [Range<Int>] = []
        var start = 0
        for (offset, size) in placement {
            if offset > start { ranges.append(start..<offset) }
            start = offset + size
        }
        if MemoryLayout<LayerState>.size > start { ranges.append(start..<MemoryLayout<LayerState>.size) }
        return ranges
    }()
}

extension LayerStateBox {
    /// Whether this box's state can differ from the model state in `fields` only in `position`
    /// and `transform` (`LayerState.differsAtMostInPlacement`). The caller holds `LayerTreeLock`.
    func differsAtMostInPlacement(from fields: LayerLockedFields) -> Bool {
        withUnsafePointer(to: &fields.state) { model in
            withUnsafeStatePointer { LayerState.differsAtMostInPlacement($0, model) }
        }
    }
}
