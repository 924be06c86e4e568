import Foundation

/// The values of a `CAEmitterCell` and its sub-cells, with Apple's defaults: the Sendable copy
/// the render tree carries.
package struct EmitterCellState: Sendable, Equatable {
    var name: String?
    var isEnabled = true
    var birthRate: Float = 0
    var lifetime: Float = 0
    var lifetimeRange: Float = 0
    var emissionLatitude: CGFloat = 0
    var emissionLongitude: CGFloat = 0
    var emissionRange: CGFloat = 0
    var velocity: CGFloat = 0
    var velocityRange: CGFloat = 0
    var xAcceleration: CGFloat = 0
    var yAcceleration: CGFloat = 0
    var zAcceleration: CGFloat = 0
    var scale: CGFloat = 1
    var scaleRange: CGFloat = 0
    var scaleSpeed: CGFloat = 0
    var spin: CGFloat = 0
    var spinRange: CGFloat = 0
    var color: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    var redRange: Float = 0
    var greenRange: Float = 0
    var blueRange: Float = 0
    var alphaRange: Float = 0
    var redSpeed: Float = 0
    var greenSpeed: Float = 0
    var blueSpeed: Float = 0
    var alphaSpeed: Float = 0
    var contents: CGImage?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var minificationFilter: CALayerContentsFilter = .linear
    package var magnificationFilter: CALayerContentsFilter = .linear
    var minificationFilterBias: Float = 0
    package var emitterCells: [EmitterCellState] = []
    // Media timing (CAMediaTiming), in the parent's time: the layer's for a top-level cell,
    // the parent particle's age for a sub-cell.
    var beginTime: Double = 0
    var duration: Double = 0
    var speed: Float = 1
    var timeOffset: Double = 0
    var repeatCount: Float = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed

    package static func == (a: EmitterCellState, b: EmitterCellState) -> Bool {
        EmitterCellPropertyAccessor.all.values.allSatisfy { $0.get(a) == $0.get(b) }
            && a.name == b.name && a.contents === b.contents && a.emitterCells == b.emitterCells
    }
}

/// Reads and writes one animatable property of an emitter cell, for the layer's
/// `emitterCells.<name>.<key>` key paths.
struct EmitterCellPropertyAccessor: Sendable {
    let get: @Sendable (EmitterCellState) -> AnimatableValue
    /// Returns false, changing nothing, when the value has the wrong type.
    let set: @Sendable (inout EmitterCellState, AnimatableValue) -> Bool

    typealias Path<Value> = WritableKeyPath<EmitterCellState, Value> & Sendable

    static func number<T: BinaryFloatingPoint & Sendable>(_ kp: Path<T>) -> Self {
        Self(get: { .scalar(Double($0[keyPath: kp])) },
             set: { s, v in guard let d = v.scalarValue, d.isFinite else { return false }; s[keyPath: kp] = T(d); return true })
    }
    static func bool(_ kp: Path<Bool>) -> Self {
        Self(get: { .bool($0[keyPath: kp]) },
             set: { s, v in guard let d = v.scalarValue else { return false }; s[keyPath: kp] = d != 0; return true })
    }
    static func color(_ kp: Path<CGColor?>) -> Self {
        Self(get: { .color($0[keyPath: kp]) },
             set: { s, v in guard case .color(let c) = v else { return false }; s[keyPath: kp] = c; return true })
    }
    static func image(_ kp: Path<CGImage?>) -> Self {
        Self(get: { .image($0[keyPath: kp]) },
             set: { s, v in guard case .image(let c) = v else { return false }; s[keyPath: kp] = c; return true })
    }
    static func rect(_ kp: Path<CGRect>) -> Self {
        Self(get: { .rect($0[keyPath: kp]) },
             set: { s, v in guard case .rect(let r) = v, r.isFiniteValue else { return false }; s[keyPath: kp] = r; return true })
    }
    static func filter(_ kp: Path<CALayerContentsFilter>) -> Self {
        Self(get: { .string($0[keyPath: kp].rawValue) },
             set: { s, v in guard case .string(let r) = v else { return false }; s[keyPath: kp] = .init(rawValue: r); return true })
    }

    /// Every key of a cell, by its key-value-coding name.
    static let all: [String: EmitterCellPropertyAccessor] = [
        "enabled": .bool(\.isEnabled),
        "birthRate": .number(\.birthRate), "lifetime": .number(\.lifetime), "lifetimeRange": .number(\.lifetimeRange),
        "emissionLatitude": .number(\.emissionLatitude), "emissionLongitude": .number(\.emissionLongitude),
        "emissionRange": .number(\.emissionRange),
        "velocity": .number(\.velocity), "velocityRange": .number(\.velocityRange),
        "xAcceleration": .number(\.xAcceleration), "yAcceleration": .number(\.yAcceleration),
        "zAcceleration": .number(\.zAcceleration),
        "scale": .number(\.scale), "scaleRange": .number(\.scaleRange), "scaleSpeed": .number(\.scaleSpeed),
        "spin": .number(\.spin), "spinRange": .number(\.spinRange),
        "color": .color(\.color),
        "redRange": .number(\.redRange), "greenRange": .number(\.greenRange), "blueRange": .number(\.blueRange),
        "alphaRange": .number(\.alphaRange),
        "redSpeed": .number(\.redSpeed), "greenSpeed": .number(\.greenSpeed), "blueSpeed": .number(\.blueSpeed),
        "alphaSpeed": .number(\.alphaSpeed),
        "contents": .image(\.contents), "contentsRect": .rect(\.contentsRect), "contentsScale": .number(\.contentsScale),
        "minificationFilter": .filter(\.minificationFilter), "magnificationFilter": .filter(\.magnificationFilter),
        "minificationFilterBias": .number(\.minificationFilterBias),
        "beginTime": .number(\.beginTime), "duration": .number(\.duration), "speed": .number(\.speed),
        "timeOffset": .number(\.timeOffset), "repeatCount": .number(\.repeatCount),
        "repeatDuration": .number(\.repeatDuration), "autoreverses": .bool(\.autoreverses),
    ]

    /// The accessor for `key`, accepting `isEnabled` for `enabled`.
    static func named(_ key: Substring) -> EmitterCellPropertyAccessor? {
        all[key == "isEnabled" ? "enabled" : String(key)]
    }
}

extension EmitterCellState {
    /// Resolves `name.key` or `name.emitterCells.name.key` among `cells`: the index path of the
    /// cell and the remaining key; nil when no cell has the name.
    static func resolve(_ path: Substring, in cells: [EmitterCellState]) -> (indices: [Int], key: Substring)? {
        guard let dot = path.firstIndex(of: ".") else { return nil }
        let name = path[..<dot], rest = path[path.index(after: dot)...]
        guard let index = cells.firstIndex(where: { $0.name.map { $0[...] == name } ?? false }) else { return nil }
        let nestedPrefix = "emitterCells."
        if rest.hasPrefix(nestedPrefix) {
            guard let inner = resolve(rest.dropFirst(nestedPrefix.count), in: cells[index].emitterCells) else { return nil }
            return ([index] + inner.indices, inner.key)
        }
        return ([index], rest)
    }

    /// The value at a cell key path (`fire.birthRate`) among `cells`, or nil.
    static func value(atPath path: Substring, in cells: [EmitterCellState]) -> AnimatableValue? {
        guard let (indices, key) = resolve(path, in: cells), let accessor = EmitterCellPropertyAccessor.named(key) else {
            return nil
        }
        return accessor.get(cell(at: indices, in: cells))
    }

    /// Sets the value at a cell key path among `cells`; false when the path names nothing or
    /// the value has the wrong type.
    static func setValue(_ value: AnimatableValue, atPath path: Substring, in cells: inout [EmitterCellState]) -> Bool {
        guard let (indices, key) = resolve(path, in: cells), let accessor = EmitterCellPropertyAccessor.named(key) else {
            return false
        }
        return update(at: indices[...], in: &cells) { accessor.set(&$0, value) }
    }

    private static func cell(at indices: [Int], in cells: [EmitterCellState]) -> EmitterCellState {
        var cell = cells[indices[0]]
        for index in indices.dropFirst() { cell = cell.emitterCells[index] }
        return cell
    }

    private static func update(at indices: ArraySlice<Int>, in cells: inout [EmitterCellState],
                               _ body: (inout EmitterCellState) -> Bool) -> Bool {
        let first = indices[indices.startIndex]
        if indices.count == 1 { return body(&cells[first]) }
        return update(at: indices.dropFirst(), in: &cells[first].emitterCells, body)
    }
}
