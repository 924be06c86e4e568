import Foundation

/// One reading of how near the process is to its memory ceiling.
public struct MemorySample: Sendable, Equatable {
    /// The bytes the process may use: the cgroup's limit, or the declared budget.
    public var limit: Int
    /// The bytes it uses now: the cgroup's working set, or the process's resident memory
    /// against a declared budget.
    public var inUse: Int
    /// The memory pressure felt, where the kernel reports it.
    public var pressure: MemoryPressure?

    /// Creates a reading.
    public init(limit: Int, inUse: Int, pressure: MemoryPressure? = nil) {
        self.limit = limit
        self.inUse = inUse
        self.pressure = pressure
    }

    /// The bytes left below the limit (negative past it).
    public var headroom: Int { limit - inUse }
}

/// The memory ceiling the process lives under: its cgroup's memory limit (`CgroupMemory`), and
/// a budget declared by the application (`declaredBudget`) or the `QC_MEMORY_BUDGET`
/// environment variable for machines where no cgroup limit is set. With both, the one with
/// less headroom counts. With neither there is no ceiling and the caches keep their own budgets.
public enum MemoryCeiling {
    /// The environment variable that declares a budget: bytes, or a number with a K, M or G
    /// suffix (binary units: `QC_MEMORY_BUDGET=256M`).
    public static let budgetVariableName = "QC_MEMORY_BUDGET"

    /// The process's memory cgroup, found once.
    public static let cgroup = CgroupMemory.current()

    private static let declared = ThreadLock<Int?>(parseBudget(ProcessInfo.processInfo.environment[budgetVariableName]))

    /// The bytes the process declares it may use where no cgroup says so (nil: none declared).
    /// Starts as `QC_MEMORY_BUDGET`'s value; against it the process's resident memory counts.
    public static var declaredBudget: Int? {
        get { declared.withLock { $0 } }
        set { declared.withLock { $0 = newValue.map { max(0, $0) } } }
    }

    /// A budget as `QC_MEMORY_BUDGET` writes it ("268435456", "256M", "1.5G"); nil for none,
    /// or text that is not one (logged).
    public static func parseBudget(_ text: String?) -> Int? {
        guard let given = text?.trimmingCharacters(in: .whitespaces), !given.isEmpty else { return nil }
        var text = given, unit = 1.0
        if let suffix = text.last?.uppercased(), let shift = ["K": 10.0, "M": 20.0, "G": 30.0][suffix] {
            unit = pow(2, shift)
            text.removeLast()
        }
        guard let number = Double(text), number.isFinite, number > 0, number * unit < Double(Int.max / 2) else {
            CompositorCoreLog.logger.error("\(budgetVariableName)=\(given): not a size in bytes (say 268435456 or 256M); no budget declared")
            return nil
        }
        return Int(number * unit)
    }

    /// The ceiling now: the reading with less headroom of the cgroup's (where it has a limit)
    /// and the declared budget's; nil where neither exists.
    public static func sample() -> MemorySample? {
        var readings: [MemorySample] = []
        if let cgroup, let limit = cgroup.limit(), let inUse = cgroup.workingSetBytes() {
            readings.append(MemorySample(limit: limit, inUse: inUse, pressure: cgroup.pressure()))
        }
        if let budget = declaredBudget {
            let systemPressure = CgroupMemory.readText("/proc/pressure/memory").flatMap(MemoryPressure.init(parsing:))
            readings.append(MemorySample(limit: budget, inUse: ProcessMemory.residentBytes(), pressure: cgroup?.pressure() ?? systemPressure))
        }
        return readings.min { $0.headroom < $1.headroom }
    }
}
