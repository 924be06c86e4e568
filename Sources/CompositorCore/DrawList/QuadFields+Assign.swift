import Foundation

/// A quad's fields written over another quad's (`Quad.assign(_:transform:)`, the moved layers'
/// recycled storages): the transform alone when nothing else differs, else as bytes when both
/// hold the same objects.
///
/// `texture`, `gradient` and `backdrop` are the only fields that hold references; every other
/// field is a plain value (`QuadFieldsAssignTests` checks that it stays so). When the three have
/// the same bytes in both, the destination holds the same objects after a byte copy as before,
/// each still counted once for it: nothing to retain or release, and one pass over the bytes in
/// place of the value witness's copy out and in (about 370 instructions a quad, S3's cards,
/// whose storages come back in another card's order every frame).
extension QuadFields {
    /// Writes `source`'s fields with `transform` over `destination`'s, which the caller holds
    /// alone.
    @inlinable @inline(__always)
    static func assign(_ destination: UnsafeMutablePointer<QuadFields>, copying source: UnsafePointer<QuadFields>,
                       transform: Matrix4) {
        if sameBesidesTransform(destination, source) {
            // Nothing but the transform to write (a moved sprite's quad written into the storage
            // of its own quad of two frames ago).
        } else if holdSameObjects(destination, source) {
            // Around the transform, which is written after.
            let start = MemoryLayout<QuadFields>.offset(of: \QuadFields.transform) ?? 0
            let end = start + MemoryLayout<Matrix4>.size, size = MemoryLayout<QuadFields>.size
            let to = UnsafeMutableRawPointer(destination), from = UnsafeRawPointer(source)
            if start > 0 { to.copyMemory(from: from, byteCount: start) }
            (to + end).copyMemory(from: from + end, byteCount: size - end)
        } else {
            destination.pointee = source.pointee
        }
        destination.pointee.transform = transform
    }

    /// Whether the fields at `a` and `b` have the same bytes (the same values and objects) but
    /// for their transforms; false where padding differs, which only costs a copy.
    @inlinable
    static func sameBesidesTransform(_ a: UnsafePointer<QuadFields>, _ b: UnsafePointer<QuadFields>) -> Bool {
        let start = MemoryLayout<QuadFields>.offset(of: \QuadFields.transform) ?? 0
        let end = start + MemoryLayout<Matrix4>.size, size = MemoryLayout<QuadFields>.size
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        return memcmp(x, y, start) == 0 && memcmp(x + end, y + end, size - end) == 0
    }

    /// Whether the reference-holding fields at `a` and `b` have the same bytes (the same objects,
    /// or none); false where they differ in bytes only (an optional's unused payload), which
    /// only costs a copy through the value witness.
    @inlinable @inline(__always)
    static func holdSameObjects(_ a: UnsafePointer<QuadFields>, _ b: UnsafePointer<QuadFields>) -> Bool {
        sameBytes(a, b, at: \QuadFields.texture) && sameBytes(a, b, at: \QuadFields.gradient)
            && sameBytes(a, b, at: \QuadFields.backdrop)
    }

    /// Whether the field `key` has the same bytes at `a` and `b`, compared eight at a time.
    @inlinable @inline(__always)
    static func sameBytes<T>(_ a: UnsafePointer<QuadFields>, _ b: UnsafePointer<QuadFields>,
                             at key: KeyPath<QuadFields, T>) -> Bool {
        guard let offset = MemoryLayout<QuadFields>.offset(of: key) else { return false }
        let x = UnsafeRawPointer(a) + offset, y = UnsafeRawPointer(b) + offset, size = MemoryLayout<T>.size
        var index = 0
        while index + 8 <= size {
            guard x.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    == y.loadUnaligned(fromByteOffset: index, as: UInt64.self) else { return false }
            index += 8
        }
        while index < size {
            guard x.load(fromByteOffset: index, as: UInt8.self) == y.load(fromByteOffset: index, as: UInt8.self) else {
                return false
            }
            index += 1
        }
        return true
    }
}
