import Foundation

/// One JSON object on one line, its keys in the order they were added, as the lines of
/// SCENES.md print them (`{"peer": "OpenQuartzCore", "backend": "gles", ...}`). Each value is
/// written by `JSONEncoder` (escaping, numbers); the object is assembled here because
/// `JSONEncoder` does not keep the order of keys.
struct JSONLine {
    private var fields: [(key: String, json: String)] = []

    /// Appends `value` under `key`.
    mutating func add(_ key: String, _ value: some Encodable) {
        fields.append((Self.encoded(key), Self.encoded(value)))
    }

    /// Appends `value` rounded to `digits` decimal places (4.2099999 prints as 4.21).
    mutating func add(_ key: String, _ value: Double, digits: Int) {
        let scale = pow(10, Double(digits))
        add(key, (value * scale).rounded() / scale)
    }

    /// The line, without a line break.
    var text: String {
        "{" + fields.map { "\($0.key): \($0.json)" }.joined(separator: ", ") + "}"
    }

    private static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // A String, Int or finite Double always encodes; a non-finite Double is written as null.
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Progress lines on standard error, so that standard output keeps only results.
enum Progress {
    /// Writes `qc-bench: <message>` to standard error.
    static func announce(_ message: String) {
        FileHandle.standardError.write(Data("qc-bench: \(message)\n".utf8))
    }
}
