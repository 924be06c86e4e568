import XCTest
@_spi(RenderTables) @testable import QuartzCoreModel

/// `LayerIDTable.withValue(_:_:)` reads a value where the table keeps it: the value `self[id]`
/// would give, nil where there is none (an empty slot, an ID past the last, a sparse table's
/// missing key), and no copy of a value holding references.
final class LayerIDTableInPlaceReadTests: XCTestCase {
    /// A value with a reference, to tell a copy from a read in place.
    private final class Token {}
    private struct Held {
        var number: Int
        var token: Token
    }

    func testDenseAndSparseTablesAnswerAsTheSubscript() {
        for dense in [true, false] {
            var table = LayerIDTable<Held>(dense: dense)
            let tokens = (0..<4).map { _ in Token() }
            table[1] = Held(number: 10, token: tokens[1])
            table[3] = Held(number: 30, token: tokens[3])
            table[2] = Held(number: 20, token: tokens[2])
            table[2] = nil
            for id: UInt64 in 0...6 {
                let read = table.withValue(id) { $0.pointee.number }
                XCTAssertEqual(read, table[id]?.number, "id \(id), dense \(dense)")
                if let held = table[id] {
                    XCTAssertTrue(table.withValue(id) { $0.pointee.token } === held.token)
                }
            }
        }
    }

    func testADenseReadDoesNotCopyTheValue() {
        var table = LayerIDTable<Held>(dense: true)
        let token = Token()
        table[5] = Held(number: 5, token: token)
        // Both counts taken in a closure that captures the token alike.
        func count(_ body: () -> UInt) -> UInt { body() }
        let before = count { _getRetainCount(token) }
        let counts = table.withValue(5) { _ in _getRetainCount(token) }
        XCTAssertEqual(counts, before, "the token is not retained by a copy of the value during the read")
        // The address is the slot's: the same on every read.
        let first = table.withValue(5) { UnsafeRawPointer($0) }
        let second = table.withValue(5) { UnsafeRawPointer($0) }
        XCTAssertEqual(first, second)
    }
}
