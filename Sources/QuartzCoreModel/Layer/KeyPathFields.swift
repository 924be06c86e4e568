import Foundation

/// The structure-field key paths of key-value coding: `position.x`, `bounds.size.width`,
/// `shadowOffset.height`, and the virtual transform fields `transform.rotation.z`,
/// `transform.scale`, `transform.translation.x`, ... (FEATURES.md sections 3 and 7).
enum KeyPathFields {
    /// Splits `"position.x"` into `("position", "x")`; a key with no dot has no rest.
    static func split(_ keyPath: String) -> (head: String, rest: Substring?) {
        // Searched as UTF-8 bytes, not Characters: walking Characters breaks graphemes
        // (~100 instructions each).
        guard let dot = keyPath.utf8.firstIndex(of: UInt8(ascii: ".")) else { return (keyPath, nil) }
        return (String(keyPath[..<dot]), keyPath[keyPath.index(after: dot)...])
    }

    /// The field at `path` inside `value`, or nil when the value has no such field.
    static func field(_ path: Substring, of value: AnimatableValue) -> AnimatableValue? {
        field(KeyPathField(path), of: value)
    }

    /// `value` with the field at `path` replaced by `newField`, or nil when the value has no
    /// such field or `newField` has the wrong type.
    static func setting(_ path: Substring, of value: AnimatableValue, to newField: AnimatableValue) -> AnimatableValue? {
        setting(KeyPathField(path), of: value, to: newField)
    }

    /// The field `path` inside `value`, or nil when the value has no such field.
    static func field(_ path: KeyPathField, of value: AnimatableValue) -> AnimatableValue? {
        switch (value, path) {
        case (.point(let p), .x): return .scalar(Double(p.x))
        case (.point(let p), .y): return .scalar(Double(p.y))
        case (.size(let s), .width): return .scalar(Double(s.width))
        case (.size(let s), .height): return .scalar(Double(s.height))
        case (.rect(let r), .origin(let rest)): return rest.map { field($0, of: .point(r.origin)) } ?? .point(r.origin)
        case (.rect(let r), .size(let rest)): return rest.map { field($0, of: .size(r.size)) } ?? .size(r.size)
        case (.transform(let t), .translation): return .size(t.translation2D)
        case (.transform(let t), .transform(let component)):
            return t.virtualComponent(component).map { .scalar(Double($0)) }
        default: return nil
        }
    }

    /// `value` with the field `path` replaced by `newField`, or nil when the value has no such
    /// field or `newField` has the wrong type.
    static func setting(_ path: KeyPathField, of value: AnimatableValue, to newField: AnimatableValue) -> AnimatableValue? {
        switch (value, path) {
        case (.point(var p), .x), (.point(var p), .y):
            guard let d = newField.scalarValue else { return nil }
            if path == .x { p.x = CGFloat(d) } else { p.y = CGFloat(d) }
            return .point(p)
        case (.size(var s), .width), (.size(var s), .height):
            guard let d = newField.scalarValue else { return nil }
            if path == .width { s.width = CGFloat(d) } else { s.height = CGFloat(d) }
            return .size(s)
        case (.rect(var r), .origin(let rest)):
            let updated = rest.map { setting($0, of: .point(r.origin), to: newField) } ?? newField
            guard case .point(let p)? = updated else { return nil }
            r.origin = p
            return .rect(r)
        case (.rect(var r), .size(let rest)):
            let updated = rest.map { setting($0, of: .size(r.size), to: newField) } ?? newField
            guard case .size(let s)? = updated else { return nil }
            r.size = s
            return .rect(r)
        case (.transform(let t), .translation):
            guard case .size(let s) = newField else { return nil }
            return .transform(t.settingTranslation2D(s))
        case (.transform(let t), .transform(let component)):
            guard let d = newField.scalarValue else { return nil }
            return .transform(t.settingVirtualComponent(component, to: CGFloat(d)))
        default:
            return nil
        }
    }
}

/// The part of a key path after a property's name (`x` of `position.x`, `rotation.z` of
/// `transform.rotation.z`), parsed once: an animation keeps it parsed for every frame it runs.
indirect enum KeyPathField: Sendable, Equatable {
    /// `x` of a point.
    case x
    /// `y` of a point.
    case y
    /// `width` of a size.
    case width
    /// `height` of a size.
    case height
    /// `origin` of a rectangle, or a field of it (`origin.x`).
    case origin(KeyPathField?)
    /// `size` of a rectangle, or a field of it (`size.width`).
    case size(KeyPathField?)
    /// `translation` of a transform: its x and y translation, as a size.
    case translation
    /// A virtual component of a transform (`rotation.z`, `scale`, `translation.x`, ...).
    case transform(TransformComponent)
    /// A name that is no field of any value.
    case unknown

    /// Parses `path`.
    init(_ path: Substring) {
        switch path {
        case "x": self = .x
        case "y": self = .y
        case "width": self = .width
        case "height": self = .height
        case "origin": self = .origin(nil)
        case "size": self = .size(nil)
        case "translation": self = .translation
        default:
            if let component = TransformComponent(rawValue: String(path)) {
                self = .transform(component)
            } else if path.hasPrefix("origin.") {
                self = .origin(KeyPathField(path.dropFirst("origin.".count)))
            } else if path.hasPrefix("size.") {
                self = .size(KeyPathField(path.dropFirst("size.".count)))
            } else {
                self = .unknown
            }
        }
    }
}
