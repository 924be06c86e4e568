// Fails when a target imports a module of this package that is not one of its direct
// dependencies in Package.swift, or when a target depends on a module its layer may not know.
//
// SwiftPM makes every module of a target's transitive dependencies importable, and its own
// `--explicit-target-dependency-import-check error` finds nothing on this toolchain (Swift 6.3,
// Linux: an import of an undeclared target builds without a word), so this script is the check.
// Run from the repository root: `swift scripts/check-imports.swift` (scripts/test.sh runs it).
import Foundation

/// Direct dependencies a target may never have, by target: the boundaries of ARCHITECTURE.md.
let forbidden: [String: Set<String>] = [
    // The model knows nothing of GL, DRM, Cairo, Pango or input devices, nor of what draws it.
    "QuartzCoreModel": ["GLESRenderer", "CEGL", "CGLES3", "CGBM", "CDRM", "CCairo", "CPango", "CInput", "CSeat",
                        "QuartzCore", "QuartzCoreDisplay", "RenderServer"],
    // The render server turns the model's committed tree into draw lists: it knows nothing of
    // GL, DRM, input devices or of the modules that drive a renderer.
    "RenderServer": ["GLESRenderer", "CEGL", "CGLES3", "CGBM", "CDRM", "CInput", "CSeat", "QuartzCore",
                     "QuartzCoreDisplay"],
    // Renderers and the shared draw-list form know nothing of layers.
    "CompositorCore": ["QuartzCoreModel", "QuartzCore", "RenderServer"],
    "GLESRenderer": ["QuartzCoreModel", "QuartzCore", "CPURenderer", "RenderServer"],
    "CPURenderer": ["QuartzCoreModel", "QuartzCore", "GLESRenderer", "RenderServer"],
    "LayerArtwork": ["QuartzCoreModel", "QuartzCore"],
    // Core Image's filters are plain values: they know nothing of layers or of what draws them.
    "CoreImage": ["QuartzCoreModel", "QuartzCore", "CompositorCore", "GLESRenderer", "CPURenderer"],
]

struct Target: Decodable {
    var name: String
    var type: String
    var path: String?
    var exclude: [String]
    var dependencies: [[String: [String?]]]

    /// The names of the targets of this package it depends on directly.
    var targetDependencies: Set<String> {
        Set(dependencies.compactMap { ($0["byName"] ?? $0["target"])?.first ?? nil })
    }

    /// Its module name (`qc-render` is `qc_render`).
    var moduleName: String { name.replacingOccurrences(of: "-", with: "_") }

    var directory: String { path ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)") }
}

struct Manifest: Decodable { var targets: [Target] }

func dumpPackage() throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "dump-package"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw NSError(domain: "check-imports", code: Int(process.terminationStatus),
                      userInfo: [NSLocalizedDescriptionKey: "swift package dump-package failed"])
    }
    return data
}

/// The Swift files of `target`, without its excluded paths.
func swiftFiles(of target: Target) -> [String] {
    let root = target.directory
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    let excluded = target.exclude.map { "\(root)/\($0)" }
    return walker.compactMap { $0 as? String }
        .map { "\(root)/\($0)" }
        .filter { file in file.hasSuffix(".swift") && !excluded.contains { file == $0 || file.hasPrefix($0 + "/") } }
        .sorted()
}

/// `import M`, with any attributes, access level or declaration kind (`@testable import M`,
/// `@_exported import M`, `package import M`, `import struct M.T`): line number and module.
let importLine = try NSRegularExpression(
    pattern: #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#,
    options: [.anchorsMatchLines])

func imports(in file: String) -> [(line: Int, module: String)] {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
    var found: [(Int, String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = String(line)
        guard line.contains("import"),
              let match = importLine.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
              let range = Range(match.range(at: 1), in: line) else { continue }
        found.append((index + 1, String(line[range])))
    }
    return found
}

let manifest = try JSONDecoder().decode(Manifest.self, from: try dumpPackage())
let targetsByModule = Dictionary(uniqueKeysWithValues: manifest.targets.map { ($0.moduleName, $0.name) })
var problems: [String] = []

for target in manifest.targets {
    let declared = target.targetDependencies
    for dependency in declared.intersection(forbidden[target.name] ?? []).sorted() {
        problems.append("Package.swift: error: \(target.name) may not depend on \(dependency) (see ARCHITECTURE.md)")
    }
    guard target.type != "system" else { continue }
    for file in swiftFiles(of: target) {
        for (line, module) in imports(in: file) {
            guard let imported = targetsByModule[module], imported != target.name, !declared.contains(imported) else {
                continue
            }
            problems.append("\(file):\(line): error: \(target.name) imports \(module), which is not one of its dependencies in Package.swift")
        }
    }
}

if problems.isEmpty {
    print("check-imports: every import of a package module is a declared dependency; no boundary crossed")
} else {
    problems.forEach { print($0) }
    exit(1)
}
