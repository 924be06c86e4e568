import Foundation

/// The structure-field key paths of key-value coding: `position.x`, `bounds.size.width`,
/// `shadowOffset.height`, and the virtual transform fields `transform.rotation.z`,
/// `transform.scale`, `transform.translation.x`, ... (FEATURES.md sections 3 and 7).
enum KeyPathFields {
    /// Splits `"position.x"` into `("position", "x")`; a key with no dot has no rest.
    static func split(_ keyPath: String) -> (head: String, rest: Substring?) {
        // Searched as UTF-8 bytes, not Characters: this runs for each animation of each animated
        // layer at each frame, and walking Characters breaks graphemes (~100 instructions each).
        guard let dot = keyPath.utf8.firstIndex(of: UInt8(ascii: ".")) else { return (keyPath, nil) }
        return (String(keyPath[..<dot]), keyPath[keyPath.index(after: dot)...])
    }

    /// The field at `path` inside `value`, or nil when the value has no such field.
    static func field(_ path: Substring, of value: AnimatableValue) -> AnimatableValue? {
        switch value {
        case .point(let p):
            switch path {
            case "x": return .scalar(Double(p.x))
            case "y": return .scalar(Double(p.y))
            default: return nil
            }
        case .size(let s):
            switch path {
            case "width": return .scalar(Double(s.width))
            case "height": return .scalar(Double(s.height))
            default: return nil
            }
        case .rect(let r):
            let (head, rest) = split(String(path))
            let sub: AnimatableValue
            switch head {
            case "origin": sub = .point(r.origin)
            case "size": sub = .size(r.size)
            default: return nil
            }
            guard let rest else { return sub }
            return field(rest, of: sub)
        case .transform(let t):
            if path == "translation" { return .size(t.translation2D) }
            guard let component = TransformComponent(rawValue: String(path)),
                  let v = t.virtualComponent(component) else { return nil }
            return .scalar(Double(v))
        default:
            return nil
        }
    }

    /// `value` with the field at `path` replaced by `newField`, or nil when the value has no
    /// such field or `newField` has the wrong type.
    static func setting(_ path: Substring, of value: AnimatableValue, to newField: AnimatableValue) -> AnimatableValue? {
        switch value {
        case .point(var p):
            guard let d = newField.scalarValue else { return nil }
            switch path {
            case "x": p.x = CGFloat(d)
            case "y": p.y = CGFloat(d)
            default: return nil
            }
            return .point(p)
        case .size(var s):
            guard let d = newField.scalarValue else { return nil }
            switch path {
            case "width": s.width = CGFloat(d)
            case "height": s.height = CGFloat(d)
            default: return nil
            }
            return .size(s)
        case .rect(var r):
            let (head, rest) = split(String(path))
            switch head {
            case "origin":
                let updated = rest.map { setting($0, of: .point(r.origin), to: newField) } ?? newField
                guard case .point(let p)? = updated else { return nil }
                r.origin = p
            case "size":
                let updated = rest.map { setting($0, of: .size(r.size), to: newField) } ?? newField
                guard case .size(let s)? = updated else { return nil }
                r.size = s
            default: return nil
            }
            return .rect(r)
        case .transform(let t):
            if path == "translation" {
                guard case .size(let s) = newField else { return nil }
                return .transform(t.settingTranslation2D(s))
            }
            guard let component = TransformComponent(rawValue: String(path)),
                  let d = newField.scalarValue else { return nil }
            return .transform(t.settingVirtualComponent(component, to: CGFloat(d)))
        default:
            return nil
        }
    }
}
