import Foundation

/// The memory controller of the control group the process runs in (`/proc/self/cgroup`): its
/// limit, what it holds now and its pressure, read from the cgroup file system each time.
///
/// Version 2 (the unified hierarchy, at `/sys/fs/cgroup` or, on hybrid systems,
/// `/sys/fs/cgroup/unified`) is read where its folder has `memory.max`: `memory.max`,
/// `memory.current`, `memory.stat` and `memory.pressure`. Otherwise version 1's memory
/// controller (`/sys/fs/cgroup/memory`): `memory.limit_in_bytes`, `memory.usage_in_bytes`,
/// `memory.stat`, and the whole system's `/proc/pressure/memory`. The limit is the smallest set
/// on the folder or any folder above it (a parent's limit covers its children).
public struct CgroupMemory: Sendable, Equatable {
    /// The cgroup interface read.
    public enum Version: Sendable, Equatable {
        /// The unified hierarchy (`memory.max`).
        case v2
        /// Version 1's memory controller (`memory.limit_in_bytes`).
        case v1
    }

    /// The interface read.
    public let version: Version
    /// The process's cgroup folder.
    public let directory: String
    /// The folder the hierarchy is mounted at (where the walk up for limits stops).
    public let mountPoint: String
    /// Prefixed to `/proc` paths (a test's fake file system; empty for the real one).
    let fileSystemRoot: String

    /// Limits at or above this are version 1's "no limit" (`LONG_MAX` rounded to pages).
    static let unlimitedThreshold = 1 << 62

    /// The memory cgroup of this process, or nil where none can be read (no cgroup file system,
    /// or a container that hides it). `fileSystemRoot` prefixes every path, for tests.
    public static func current(fileSystemRoot: String = "") -> CgroupMemory? {
        guard let table = readText(fileSystemRoot + "/proc/self/cgroup") else { return nil }
        var v1Path: String?, v2Path: String?
        for line in table.split(separator: "\n") {
            // "hierarchy-ID:controller-list:cgroup-path"; the path may itself hold colons.
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            if fields[0] == "0", fields[1].isEmpty { v2Path = String(fields[2]) }
            if fields[1].split(separator: ",").contains("memory") { v1Path = String(fields[2]) }
        }
        if let v2Path {
            for mount in ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"].map({ fileSystemRoot + $0 }) {
                let directory = join(mount, v2Path)
                if readText(directory + "/memory.max") != nil {
                    return CgroupMemory(version: .v2, directory: directory, mountPoint: mount, fileSystemRoot: fileSystemRoot)
                }
            }
        }
        if let v1Path {
            let mount = fileSystemRoot + "/sys/fs/cgroup/memory"
            let directory = join(mount, v1Path)
            if readText(directory + "/memory.limit_in_bytes") != nil {
                return CgroupMemory(version: .v1, directory: directory, mountPoint: mount, fileSystemRoot: fileSystemRoot)
            }
        }
        return nil
    }

    /// The smallest memory limit of the cgroup and those above it, in bytes; nil when none is set.
    public func limit() -> Int? {
        let file = version == .v2 ? "memory.max" : "memory.limit_in_bytes"
        var smallest: Int?
        var folder = directory
        while true {
            if let text = Self.readText(folder + "/" + file), let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)),
               value < Self.unlimitedThreshold {
                smallest = min(smallest ?? value, value)
            }
            guard folder.count > mountPoint.count, let slash = folder.lastIndex(of: "/") else { break }
            folder = String(folder[..<slash])
        }
        return smallest
    }

    /// The memory the cgroup is charged for that it cannot simply drop: its usage less the
    /// inactive file cache, which the kernel reclaims before it would kill (the "working set"
    /// that container runtimes report). Nil when it cannot be read.
    public func workingSetBytes() -> Int? {
        let usageFile = version == .v2 ? "memory.current" : "memory.usage_in_bytes"
        guard let text = Self.readText(directory + "/" + usageFile),
              let usage = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let statKey = version == .v2 ? "inactive_file" : "total_inactive_file"
        let inactive = Self.readText(directory + "/memory.stat").flatMap { Self.statValue(statKey, in: $0) } ?? 0
        return max(0, usage - inactive)
    }

    /// The memory pressure the cgroup's processes feel (version 1: the whole system's), or nil
    /// where the kernel does not report it (`CONFIG_PSI` off).
    public func pressure() -> MemoryPressure? {
        let path = version == .v2 ? directory + "/memory.pressure" : fileSystemRoot + "/proc/pressure/memory"
        return Self.readText(path).flatMap(MemoryPressure.init(parsing:))
    }

    /// The number after `key` on its own line of a `memory.stat` text.
    static func statValue(_ key: String, in stat: String) -> Int? {
        for line in stat.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, fields[0] == key { return Int(fields[1]) }
        }
        return nil
    }

    /// `path` below `mount` (a cgroup path starts with "/").
    private static func join(_ mount: String, _ path: String) -> String {
        path == "/" || path.isEmpty ? mount : mount + (path.hasPrefix("/") ? path : "/" + path)
    }

    /// A small file of the cgroup or proc file systems as text, or nil.
    static func readText(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// What the kernel's pressure stall information (PSI) says of memory: the share of time some
/// task waited for memory, averaged over the last 10 and 60 seconds (percent), and in all.
public struct MemoryPressure: Sendable, Equatable {
    /// Percent of the last 10 seconds in which at least one task stalled on memory.
    public var someAverage10: Double
    /// Percent of the last 60 seconds in which at least one task stalled on memory.
    public var someAverage60: Double
    /// Microseconds in all that at least one task stalled on memory.
    public var someTotal: Int

    /// Creates a pressure reading.
    public init(someAverage10: Double, someAverage60: Double, someTotal: Int) {
        self.someAverage10 = someAverage10
        self.someAverage60 = someAverage60
        self.someTotal = someTotal
    }

    /// Parses the "some avg10=… avg60=… avg300=… total=…" line of a `memory.pressure` text;
    /// nil when there is none.
    public init?(parsing text: String) {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("some ") }) else { return nil }
        var fields: [Substring: Substring] = [:]
        for pair in line.split(separator: " ").dropFirst() {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard let avg10 = fields["avg10"].flatMap({ Double($0) }), let avg60 = fields["avg60"].flatMap({ Double($0) }) else {
            return nil
        }
        self.init(someAverage10: avg10, someAverage60: avg60, someTotal: fields["total"].flatMap { Int($0) } ?? 0)
    }
}
