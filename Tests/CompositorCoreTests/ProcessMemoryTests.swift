import CompositorCore
import XCTest

/// The resident memory reading and the decision to trim the heap.
final class ProcessMemoryTests: XCTestCase {
    /// A test process holds at least the megabytes of its own code and Foundation; touching
    /// 64 MiB more raises the reading by about that much.
    func testResidentBytesFollowTouchedMemory() {
        let before = ProcessMemory.residentBytes()
        XCTAssertGreaterThan(before, 1 << 20)
        let count = 64 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 4096)
        defer { block.deallocate() }
        for offset in stride(from: 0, to: count, by: 4096) { block.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self) }
        XCTAssertGreaterThan(ProcessMemory.residentBytes() - before, 60 << 20)
    }

    /// A trim happens once the bytes freed since the last one reach the threshold, not before.
    func testTheTrimmerWaitsForTheThreshold() {
        var trimmer = FreedMemoryTrimmer(threshold: 1000)
        XCTAssertFalse(trimmer.trimIfWorthwhile(), "nothing freed")
        trimmer.noteFreed(600)
        XCTAssertFalse(trimmer.trimIfWorthwhile(), "600 of 1000 bytes")
        trimmer.noteFreed(400)
        XCTAssertEqual(trimmer.trimIfWorthwhile(), !DebugOptions.isEnabled(.noMallocTrim))
        XCTAssertFalse(trimmer.trimIfWorthwhile(), "counted from zero again")
    }
}
