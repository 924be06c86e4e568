import Foundation

/// Reads a fuzzer's bytes as typed values, front to back: integers, doubles (any bit pattern,
/// NaN and infinities included), choices and strings. Past the end every read returns zero or
/// empty, so a target never needs to check the length.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    /// Reads `data` from its first byte.
    public init(_ data: some Collection<UInt8>) { bytes = Array(data) }

    /// Whether bytes remain.
    public var isEmpty: Bool { offset >= bytes.count }

    /// The bytes not read yet, consumed.
    public mutating func remainingBytes() -> [UInt8] {
        defer { offset = bytes.count }
        return offset < bytes.count ? Array(bytes[offset...]) : []
    }

    /// The next byte, or 0.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number in `0..<count` (`count` > 0) from one byte.
    public mutating func index(below count: Int) -> Int { Int(byte()) % max(count, 1) }

    /// One of `choices` (not empty).
    public mutating func choose<T>(_ choices: [T]) -> T { choices[index(below: choices.count)] }

    /// A Boolean from one byte's low bit.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Eight bytes as any `Double` when the selector byte says so (NaN, infinities, huge and
    /// tiny values), otherwise a small number in -256...256 with a fraction, which is what
    /// geometry usually holds.
    public mutating func double() -> Double {
        switch byte() % 8 {
        case 0:
            var raw: UInt64 = 0
            for _ in 0..<8 { raw = raw << 8 | UInt64(byte()) }
            return Double(bitPattern: raw)
        case 1: return choose([.nan, .infinity, -.infinity, 0, -0.0, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 1e300])
        default: return Double(Int16(truncatingIfNeeded: UInt16(byte()) << 8 | UInt16(byte()))) / 128
        }
    }

    /// A `CGFloat` as `double()` reads it.
    public mutating func float() -> CGFloat { CGFloat(double()) }

    /// A point of two `float()`s.
    public mutating func point() -> CGPoint { CGPoint(x: float(), y: float()) }

    /// A rectangle of four `float()`s (negative and non-finite sizes included).
    public mutating func rect() -> CGRect { CGRect(x: float(), y: float(), width: float(), height: float()) }

    /// A string of up to 32 bytes decoded as UTF-8 (invalid sequences repaired), or one of
    /// `words` when the selector byte says so.
    public mutating func string(words: [String] = []) -> String {
        if !words.isEmpty, byte() & 3 != 0 { return choose(words) }
        let count = index(below: 33)
        var raw: [UInt8] = []
        for _ in 0..<count { raw.append(byte()) }
        return String(decoding: raw, as: UTF8.self)
    }
}
