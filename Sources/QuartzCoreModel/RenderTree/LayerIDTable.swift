/// Values keyed by layer ID, for the tables that are read for every layer of every frame.
///
/// Layer IDs are small integers (`LayerIDs` hands them out and takes them back when their layer
/// is gone), so a table covering a whole process's layers keeps its values in an array indexed
/// by ID: a lookup is a bounds check and an index, not the hash of a 64-bit key (which cost more
/// than drawing the layer). A table of a few layers out of many (a transition's before-state,
/// the subtree `render(in:)` draws) is sparse instead, a dictionary, so that it does not hold a
/// slot for every ID below its largest.
///
/// The table is read for every layer of every frame by the render server's modules, so its
/// members are inlinable, for those modules to specialize; and the table is public, though only to
/// importers of the `RenderTables` SPI: Swift 6.3 inlines an `@inlinable package` member into
/// another module of the package no more than a plain one, so each `facts.layers[id]` in
/// `RenderServer` called the unspecialized generic getter, which looks up the metadata of
/// `Value?` and copies the value through its value witnesses (about 3,200 instructions a moved
/// sprite a frame in S4 at N = 10,000: docs/benchmarks/model-side-s4-2026-11-29.md).
@_spi(RenderTables) public struct LayerIDTable<Value> {
    /// The values at their IDs (nil: no value) when the table is dense.
    @usableFromInline var slots: [Value?] = []
    /// The values when the table is sparse.
    @usableFromInline var sparse: [UInt64: Value] = [:]
    /// Whether the values are in `slots`.
    @usableFromInline let isDense: Bool
    /// The number of values (`count`).
    @usableFromInline var storedCount = 0

    /// The number of values.
    @inlinable public var count: Int { storedCount }

    /// Creates an empty table, dense (for tables of most layers of the process) or sparse.
    @inlinable public init(dense: Bool) {
        isDense = dense
    }

    /// Whether the table holds no value.
    @inlinable var isEmpty: Bool { storedCount == 0 }

    /// The value of layer `id`, or nil.
    @inlinable public subscript(id: UInt64) -> Value? {
        get {
            guard isDense else { return sparse[id] }
            return id < UInt64(slots.count) ? slots[Int(id)] : nil
        }
        // A setter, not `_modify`: its coroutine frame would not fit the caller's buffer and
        // would be allocated on every write. `update(_:_:)` changes a value in place.
        set {
            guard isDense else {
                sparse[id] = newValue
                storedCount = sparse.count
                return
            }
            var value = newValue
            exchange(id, &value)
        }
    }

    /// Calls `body` with the address of the value of layer `id` where the table keeps it, or
    /// returns nil when there is none: the value is not copied out (`self[id]` copies it, its
    /// references retained and released again, about 200 instructions a `RenderLayer`). The
    /// address is valid only during `body`, which must not change the table.
    @inlinable public func withValue<Result>(_ id: UInt64, _ body: (UnsafePointer<Value>) -> Result) -> Result? {
        guard isDense else {
            guard let value = sparse[id] else { return nil }
            return withUnsafePointer(to: value) { body($0) }
        }
        guard id < UInt64(slots.count) else { return nil }
        return slots.withUnsafeBufferPointer { buffer in
            let slot = buffer.baseAddress.unsafelyUnwrapped + Int(id)
            // An optional keeps its value at its own address (the case is told apart after it).
            return slot.pointee == nil ? nil : body(UnsafeRawPointer(slot).assumingMemoryBound(to: Value.self))
        }
    }

    /// Exchanges the value of layer `id` with `value` (nil: none), so that a value moves in and
    /// the one it replaces moves out without either being copied.
    @inlinable mutating func exchange(_ id: UInt64, _ value: inout Value?) {
        // Emptying a slot past the last one has nothing to do (and should not grow the table).
        if isDense, value == nil, id >= UInt64(slots.count) { return }
        withSlot(id) { swap(&$0, &value) }
    }

    /// Calls `body` with the slot of layer `id` (nil: no value), which it may fill, change in
    /// place or empty: a value written through the slot is neither copied in nor copied out.
    @inlinable mutating func withSlot<Result>(_ id: UInt64, _ body: (inout Value?) -> Result) -> Result {
        guard isDense else {
            defer { storedCount = sparse.count }
            return body(&sparse[id])
        }
        let index = Int(id)
        if index >= slots.count { slots.append(contentsOf: repeatElement(nil, count: index + 1 - slots.count)) }
        // Through the buffer, whose elements are addressed in place (the array's subscript
        // would copy the value out just to see whether there is one).
        let (result, had, has) = slots.withUnsafeMutableBufferPointer { buffer in
            let slot = buffer.baseAddress.unsafelyUnwrapped + index
            let had = slot.pointee != nil
            let result = body(&slot.pointee)
            return (result, had, slot.pointee != nil)
        }
        storedCount += (has ? 1 : 0) - (had ? 1 : 0)
        return result
    }

    /// A bound on the IDs of a dense table: every ID it holds (or held) is below it.
    var idBound: UInt64 { UInt64(slots.count) }

    /// Calls `body` with the slots of a dense table, indexed by ID, after making room for the
    /// IDs up to `largestID`: `body` may fill, change or empty them in place (from several
    /// threads, each its own slots), and returns its result with how many values it added
    /// (negative: removed).
    mutating func withDenseSlots<Result>(through largestID: UInt64,
                                         _ body: (UnsafeMutableBufferPointer<Value?>) -> (Result, added: Int)) -> Result {
        precondition(isDense, "a sparse table has no slots")
        let index = Int(largestID)
        if index >= slots.count { slots.append(contentsOf: repeatElement(nil, count: index + 1 - slots.count)) }
        let (result, added) = slots.withUnsafeMutableBufferPointer { body($0) }
        storedCount += added
        return result
    }

    /// Calls `body` with the slots of a dense table, indexed by ID (an ID past the last slot has
    /// no value), to read them in place, from several threads at once if need be.
    func withDenseSlotsForReading<Result>(_ body: (UnsafeBufferPointer<Value?>) -> Result) -> Result {
        precondition(isDense, "a sparse table has no slots")
        return slots.withUnsafeBufferPointer(body)
    }

    /// Changes the value of layer `id` in place (nothing when it has none).
    @inlinable mutating func update(_ id: UInt64, _ body: (inout Value) -> Void) {
        guard isDense else {
            if sparse[id] != nil { body(&sparse[id]!) }
            return
        }
        guard id < UInt64(slots.count) else { return }
        // Through the buffer, whose elements are addressed in place: the array's subscript
        // would copy the value out just to see whether there is one.
        slots.withUnsafeMutableBufferPointer { buffer in
            guard let slot = buffer.baseAddress.map({ $0 + Int(id) }), slot.pointee != nil else { return }
            body(&slot.pointee!)
        }
    }

    /// Removes the value of layer `id`, returning it.
    @discardableResult
    @inlinable mutating func removeValue(forKey id: UInt64) -> Value? {
        guard isDense else {
            defer { storedCount = sparse.count }
            return sparse.removeValue(forKey: id)
        }
        guard id < UInt64(slots.count), let value = slots[Int(id)] else { return nil }
        slots[Int(id)] = nil
        storedCount -= 1
        return value
    }

    /// Removes every value for which `shouldBeRemoved` is true.
    @inlinable public mutating func removeAll(where shouldBeRemoved: (Value) -> Bool) {
        guard isDense else {
            sparse = sparse.filter { !shouldBeRemoved($0.value) }
            storedCount = sparse.count
            return
        }
        for index in slots.indices {
            guard let value = slots[index], shouldBeRemoved(value) else { continue }
            slots[index] = nil
            storedCount -= 1
        }
    }

    /// Calls `body` with every ID and its value (in ID order when the table is dense).
    @inlinable public func forEach(_ body: (UInt64, Value) -> Void) {
        guard isDense else {
            for (id, value) in sparse { body(id, value) }
            return
        }
        for index in slots.indices {
            if let value = slots[index] { body(UInt64(index), value) }
        }
    }
}

@_spi(RenderTables) extension LayerIDTable: ExpressibleByDictionaryLiteral {
    /// A sparse table holding `elements`.
    public init(dictionaryLiteral elements: (UInt64, Value)...) {
        self.init(dense: false)
        for (id, value) in elements { self[id] = value }
    }
}

extension LayerIDTable: Sendable where Value: Sendable {}
