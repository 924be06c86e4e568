import Foundation

/// The varying vectors a vertex shader variant passes to its fragment stage, counted from its
/// source, against the number every OpenGL ES 3.0 device links.
///
/// OpenGL ES 3.0 guarantees `GL_MAX_VARYING_VECTORS` ≥ 15 (its table 6.33); a program whose
/// active varyings need more may fail to link. The count here gives every output variable rows
/// of its own (a vec2 or a float takes a whole row, an array one row an element, a matNxM N
/// rows), which is never fewer than the rows of GLSL ES 3.00's packing rules (its section 11), so
/// a variant within the budget links on every device whatever the driver packs.
enum VaryingBudget {
    /// `GL_MAX_VARYING_VECTORS`'s minimum in OpenGL ES 3.0.
    static let minimumVectors = 15

    /// The rows the `out` variables of `source` take with the macros `defined` set, or nil when
    /// the source has a preprocessor condition this count does not read (then the caller keeps
    /// the variant that needs fewer varyings).
    ///
    /// Conditions read: `#ifdef`, `#ifndef`, `#if`/`#elif` over `defined(NAME)`, `!`, `&&`,
    /// `||` and parentheses, `#else` and `#endif`.
    static func vectors(in source: String, defined: Set<String>) -> Int? {
        // Each open conditional: whether its enclosing text is active, whether a branch was
        // taken, and whether the current branch is active.
        var stack: [(outerActive: Bool, taken: Bool, active: Bool)] = []
        var rows = 0
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            let active = stack.last?.active ?? true
            if line.hasPrefix("#") {
                let words = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
                let directive = words.first ?? "", rest = words.count > 1 ? words[1] : ""
                switch directive {
                case "ifdef", "ifndef":
                    let name = rest.split(separator: " ").first.map(String.init) ?? ""
                    let value = defined.contains(name) == (directive == "ifdef")
                    stack.append((active, value, active && value))
                case "if":
                    guard let value = Condition.evaluate(rest, defined: defined) else { return nil }
                    stack.append((active, value, active && value))
                case "elif":
                    guard let top = stack.popLast(), let value = Condition.evaluate(rest, defined: defined) else { return nil }
                    let takes = !top.taken && value
                    stack.append((top.outerActive, top.taken || value, top.outerActive && takes))
                case "else":
                    guard let top = stack.popLast() else { return nil }
                    stack.append((top.outerActive, true, top.outerActive && !top.taken))
                case "endif":
                    guard stack.popLast() != nil else { return nil }
                default:
                    break
                }
                continue
            }
            if active, let declared = outputRows(line) { rows += declared }
        }
        return stack.isEmpty ? rows : nil
    }

    /// The rows of an `out` declaration (`flat out vec4 v_rect;`), or nil for any other line.
    private static func outputRows(_ line: Substring) -> Int? {
        let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" })
        guard let out = words.firstIndex(of: "out"), out + 2 < words.count,
              words[..<out].allSatisfy({ qualifiers.contains(String($0)) }) else { return nil }
        let type = String(words[out + 1]), name = words[out + 2]
        let perElement = type.hasPrefix("mat") ? Int(String(type.dropFirst(3).prefix(1))) ?? 4 : 1
        var elements = 1
        if let open = name.firstIndex(of: "["), let close = name.firstIndex(of: "]") {
            elements = Int(name[name.index(after: open)..<close]) ?? 1
        }
        return perElement * elements
    }

    /// The qualifiers that may precede `out` in a declaration.
    private static let qualifiers: Set<String> = ["flat", "smooth", "centroid", "highp", "mediump", "lowp", "invariant"]

    /// `#if` expressions over `defined(NAME)`.
    private enum Condition {
        static func evaluate(_ text: String, defined: Set<String>) -> Bool? {
            var tokens = tokenize(text)[...]
            guard let value = parseOr(&tokens, defined), tokens.isEmpty else { return nil }
            return value
        }

        private static func tokenize(_ text: String) -> [String] {
            var tokens: [String] = [], word = ""
            let code = text.components(separatedBy: "//").first ?? text
            var characters = Array(code)[...]
            func flush() { if !word.isEmpty { tokens.append(word); word = "" } }
            while let c = characters.popFirst() {
                if c.isLetter || c.isNumber || c == "_" { word.append(c); continue }
                flush()
                if "&|".contains(c), characters.first == c {
                    characters.removeFirst()
                    tokens.append(String([c, c]))
                } else if "!()&|".contains(c) {
                    tokens.append(String(c))
                }
            }
            flush()
            return tokens
        }

        private static func parseOr(_ tokens: inout ArraySlice<String>, _ defined: Set<String>) -> Bool? {
            guard var value = parseAnd(&tokens, defined) else { return nil }
            while tokens.first == "||" {
                tokens.removeFirst()
                guard let right = parseAnd(&tokens, defined) else { return nil }
                value = value || right
            }
            return value
        }

        private static func parseAnd(_ tokens: inout ArraySlice<String>, _ defined: Set<String>) -> Bool? {
            guard var value = parseUnary(&tokens, defined) else { return nil }
            while tokens.first == "&&" {
                tokens.removeFirst()
                guard let right = parseUnary(&tokens, defined) else { return nil }
                value = value && right
            }
            return value
        }

        private static func parseUnary(_ tokens: inout ArraySlice<String>, _ defined: Set<String>) -> Bool? {
            guard let token = tokens.popFirst() else { return nil }
            switch token {
            case "!":
                return parseUnary(&tokens, defined).map { !$0 }
            case "(":
                guard let value = parseOr(&tokens, defined), tokens.popFirst() == ")" else { return nil }
                return value
            case "defined":
                if tokens.first == "(" {
                    tokens.removeFirst()
                    guard let name = tokens.popFirst(), tokens.popFirst() == ")" else { return nil }
                    return defined.contains(name)
                }
                return tokens.popFirst().map(defined.contains)
            default:
                return nil
            }
        }
    }
}
