@testable import CompositorCore
import Foundation
import XCTest

/// `CgroupMemory` on fake cgroup file systems laid out as the kernel lays them out.
final class CgroupMemoryTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("cgroup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: root)
    }

    private func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testVersion2LimitUsageLessInactiveFileAndPressure() throws {
        try write("proc/self/cgroup", "0::/system.slice/kiosk.service\n")
        try write("sys/fs/cgroup/cgroup.controllers", "cpu memory\n")
        try write("sys/fs/cgroup/system.slice/memory.max", "max\n")
        try write("sys/fs/cgroup/system.slice/kiosk.service/memory.max", "268435456\n")
        try write("sys/fs/cgroup/system.slice/kiosk.service/memory.current", "200000000\n")
        try write("sys/fs/cgroup/system.slice/kiosk.service/memory.stat", "anon 150000000\nfile 50000000\ninactive_file 30000000\n")
        try write("sys/fs/cgroup/system.slice/kiosk.service/memory.pressure",
                  "some avg10=12.50 avg60=3.25 avg300=0.80 total=4242\nfull avg10=1.00 avg60=0.00 avg300=0.00 total=12\n")
        let cgroup = try XCTUnwrap(CgroupMemory.current(fileSystemRoot: root.path))
        XCTAssertEqual(cgroup.version, .v2)
        XCTAssertEqual(cgroup.limit(), 268_435_456)
        XCTAssertEqual(cgroup.workingSetBytes(), 170_000_000)
        XCTAssertEqual(cgroup.pressure(), MemoryPressure(someAverage10: 12.5, someAverage60: 3.25, someTotal: 4242))
    }

    func testVersion2ParentLimitCoversTheChild() throws {
        try write("proc/self/cgroup", "0::/kiosk.slice/app\n")
        try write("sys/fs/cgroup/kiosk.slice/memory.max", "100000000\n")
        try write("sys/fs/cgroup/kiosk.slice/app/memory.max", "max\n")
        try write("sys/fs/cgroup/kiosk.slice/app/memory.current", "1000\n")
        XCTAssertEqual(CgroupMemory.current(fileSystemRoot: root.path)?.limit(), 100_000_000)
    }

    func testVersion2WithoutALimitHasNone() throws {
        try write("proc/self/cgroup", "0::/user.slice\n")
        try write("sys/fs/cgroup/user.slice/memory.max", "max\n")
        try write("sys/fs/cgroup/memory.max", "max\n")
        let cgroup = try XCTUnwrap(CgroupMemory.current(fileSystemRoot: root.path))
        XCTAssertNil(cgroup.limit())
    }

    /// A hybrid system whose unified hierarchy has no memory controller: version 1's is read,
    /// with the system's pressure.
    func testVersion1OnAHybridSystem() throws {
        try write("proc/self/cgroup", "9:name=systemd:/\n4:memory:/jobs/42\n0::/\n")
        try write("sys/fs/cgroup/unified/cgroup.controllers", "hugetlb\n")
        try write("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n")
        try write("sys/fs/cgroup/memory/jobs/42/memory.limit_in_bytes", "134217728\n")
        try write("sys/fs/cgroup/memory/jobs/42/memory.usage_in_bytes", "100000000\n")
        try write("sys/fs/cgroup/memory/jobs/42/memory.stat", "cache 1\ninactive_file 5\ntotal_inactive_file 20000000\n")
        try write("proc/pressure/memory", "some avg10=0.00 avg60=0.00 avg300=0.00 total=0\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n")
        let cgroup = try XCTUnwrap(CgroupMemory.current(fileSystemRoot: root.path))
        XCTAssertEqual(cgroup.version, .v1)
        XCTAssertEqual(cgroup.limit(), 134_217_728)
        XCTAssertEqual(cgroup.workingSetBytes(), 80_000_000)
        XCTAssertEqual(cgroup.pressure()?.someAverage10, 0)
    }

    func testNoCgroupFileSystem() {
        XCTAssertNil(CgroupMemory.current(fileSystemRoot: root.path))
    }

    func testPressureTextThatIsNotPSI() {
        XCTAssertNil(MemoryPressure(parsing: ""))
        XCTAssertNil(MemoryPressure(parsing: "some avg10=x avg60=1"))
        XCTAssertEqual(MemoryPressure(parsing: "some avg10=1.5 avg60=2.0 avg300=0 total=7")?.someTotal, 7)
    }

    func testDeclaredBudgetText() {
        XCTAssertEqual(MemoryCeiling.parseBudget("268435456"), 268_435_456)
        XCTAssertEqual(MemoryCeiling.parseBudget("256M"), 256 << 20)
        XCTAssertEqual(MemoryCeiling.parseBudget("64k"), 64 << 10)
        XCTAssertEqual(MemoryCeiling.parseBudget("1.5G"), 3 << 29)
        XCTAssertNil(MemoryCeiling.parseBudget(nil))
        XCTAssertNil(MemoryCeiling.parseBudget(""))
        XCTAssertNil(MemoryCeiling.parseBudget("lots"))
        XCTAssertNil(MemoryCeiling.parseBudget("-5M"))
        XCTAssertNil(MemoryCeiling.parseBudget("1e300G"))
    }
}
