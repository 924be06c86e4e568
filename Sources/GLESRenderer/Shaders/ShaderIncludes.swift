import Foundation

/// Splices the files of `Shaders/include/` into the shaders that name them, before compiling.
///
/// GLSL ES has no `#include`; a line `#include "NAME"` (alone on its line) is replaced by the
/// embedded text of `Shaders/include/NAME`, so code both quad stages need (the distance frames,
/// whose constants must have the same bits in either stage) is written once.
enum ShaderIncludes {
    /// `source` with every `#include "NAME"` line replaced by the embedded file `NAME`; a line
    /// naming no embedded file is left as it is, and the compiler then reports it with its line.
    static func resolve(_ source: String) -> String {
        guard source.contains("#include") else { return source }
        var lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#include \""), text.hasSuffix("\""), text.count > 11,
               let included = ShaderSources.all[String(text.dropFirst(10).dropLast())] {
                lines.append(Substring(included))
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
