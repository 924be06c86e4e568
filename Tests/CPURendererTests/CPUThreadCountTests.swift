import CPURenderer
import Foundation
import XCTest

/// `QC_CPU_THREADS` chooses the default number of painting threads.
final class CPUThreadCountTests: XCTestCase {
    override func tearDown() { unsetenv("QC_CPU_THREADS") }

    func testEnvironmentVariableSetsTheDefaultThreadCount() {
        setenv("QC_CPU_THREADS", "1", 1)
        XCTAssertEqual(CPURenderer.defaultThreadCount, 1)
        setenv("QC_CPU_THREADS", "3", 1)
        XCTAssertEqual(CPURenderer.defaultThreadCount, 3)
    }

    func testInvalidOrMissingValueUsesEveryProcessor() {
        let all = ProcessInfo.processInfo.activeProcessorCount
        setenv("QC_CPU_THREADS", "0", 1)
        XCTAssertEqual(CPURenderer.defaultThreadCount, all)
        setenv("QC_CPU_THREADS", "many", 1)
        XCTAssertEqual(CPURenderer.defaultThreadCount, all)
        unsetenv("QC_CPU_THREADS")
        XCTAssertEqual(CPURenderer.defaultThreadCount, all)
    }
}
