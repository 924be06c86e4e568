import Foundation

/// Reads and writes one property of `LayerState` in its animatable form.
///
/// The table below is the single list of a layer's key-value-coding keys: `value(forKey:)`,
/// key-path animations and the render side's evaluation all go through it.
struct LayerPropertyAccessor: Sendable {
    let get: @Sendable (LayerState) -> AnimatableValue
    /// The value in the property's own Swift type (what `value(forKey:)` returns).
    let native: @Sendable (LayerState) -> Any?
    /// Returns false, changing nothing, when the value has the wrong type.
    let set: @Sendable (inout LayerState, AnimatableValue) -> Bool

    init(native: @escaping @Sendable (LayerState) -> Any?, get: @escaping @Sendable (LayerState) -> AnimatableValue,
         set: @escaping @Sendable (inout LayerState, AnimatableValue) -> Bool) {
        self.native = native; self.get = get; self.set = set
    }

    typealias Path<Value> = WritableKeyPath<LayerState, Value> & Sendable

    static func cgFloat(_ kp: Path<CGFloat>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .scalar(Double($0[keyPath: kp])) },
             set: { s, v in guard let d = v.scalarValue else { return false }; s[keyPath: kp] = CGFloat(d); return true })
    }
    static func float(_ kp: Path<Float>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .scalar(Double($0[keyPath: kp])) },
             set: { s, v in guard let d = v.scalarValue else { return false }; s[keyPath: kp] = Float(d); return true })
    }
    static func double(_ kp: Path<Double>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .scalar($0[keyPath: kp]) },
             set: { s, v in guard let d = v.scalarValue else { return false }; s[keyPath: kp] = d; return true })
    }
    static func bool(_ kp: Path<Bool>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .bool($0[keyPath: kp]) },
             set: { s, v in
                 switch v {
                 case .bool(let b): s[keyPath: kp] = b
                 case .scalar(let d): s[keyPath: kp] = d != 0
                 default: return false
                 }
                 return true
             })
    }
    static func point(_ kp: Path<CGPoint>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .point($0[keyPath: kp]) },
             set: { s, v in guard case .point(let p) = v else { return false }; s[keyPath: kp] = p; return true })
    }
    static func size(_ kp: Path<CGSize>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .size($0[keyPath: kp]) },
             set: { s, v in guard case .size(let p) = v else { return false }; s[keyPath: kp] = p; return true })
    }
    static func rect(_ kp: Path<CGRect>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .rect($0[keyPath: kp]) },
             set: { s, v in guard case .rect(let p) = v else { return false }; s[keyPath: kp] = p; return true })
    }
    static func transform(_ kp: Path<CATransform3D>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .transform($0[keyPath: kp]) },
             set: { s, v in guard case .transform(let p) = v else { return false }; s[keyPath: kp] = p; return true })
    }
    static func color(_ kp: Path<CGColor?>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .color($0[keyPath: kp]) },
             set: { s, v in guard case .color(let p) = v else { return false }; s[keyPath: kp] = p; return true })
    }
    static func image(_ kp: Path<CGImage?>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .image($0[keyPath: kp]) },
             set: { s, v in guard case .image(let p) = v else { return false }; s[keyPath: kp] = p; return true })
    }
    static func path(_ kp: Path<CGPath?>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .path($0[keyPath: kp]) },
             set: { s, v in guard case .path(let p) = v else { return false }; s[keyPath: kp] = p; return true })
    }
    /// A string-valued constant type (`contentsGravity`, `minificationFilter`, ...).
    static func constant<T: RawRepresentable & Sendable>(_ kp: Path<T>) -> Self where T.RawValue == String {
        Self(native: { $0[keyPath: kp] }, get: { .string($0[keyPath: kp].rawValue) },
             set: { s, v in
                 guard case .string(let raw) = v, let value = T(rawValue: raw) else { return false }
                 s[keyPath: kp] = value
                 return true
             })
    }
    /// An option set stored as its raw bits.
    static func options<T: OptionSet & Sendable>(_ kp: Path<T>) -> Self where T.RawValue: BinaryInteger {
        Self(native: { $0[keyPath: kp] }, get: { .scalar(Double($0[keyPath: kp].rawValue)) },
             set: { s, v in
                 guard let d = v.scalarValue, d >= 0, d == d.rounded(), d <= Double(UInt32.max) else { return false }
                 s[keyPath: kp] = T(rawValue: T.RawValue(d))
                 return true
             })
    }

    /// Every key of `LayerState`, by its key-value-coding name.
    static let all: [String: LayerPropertyAccessor] = [
        "bounds": .rect(\.bounds),
        "position": .point(\.position),
        "zPosition": .cgFloat(\.zPosition),
        "anchorPoint": .point(\.anchorPoint),
        "anchorPointZ": .cgFloat(\.anchorPointZ),
        "transform": .transform(\.transform),
        "sublayerTransform": .transform(\.sublayerTransform),
        "geometryFlipped": .bool(\.isGeometryFlipped),
        "doubleSided": .bool(\.isDoubleSided),
        "hidden": .bool(\.isHidden),
        "masksToBounds": .bool(\.masksToBounds),
        "opacity": .float(\.opacity),
        "backgroundColor": .color(\.backgroundColor),
        "cornerRadius": .cgFloat(\.cornerRadius),
        "maskedCorners": .options(\.maskedCorners),
        "cornerCurve": .constant(\.cornerCurve),
        "borderWidth": .cgFloat(\.borderWidth),
        "borderColor": .color(\.borderColor),
        "shadowColor": .color(\.shadowColor),
        "shadowOpacity": .float(\.shadowOpacity),
        "shadowOffset": .size(\.shadowOffset),
        "shadowRadius": .cgFloat(\.shadowRadius),
        "shadowPath": .path(\.shadowPath),
        "allowsEdgeAntialiasing": .bool(\.allowsEdgeAntialiasing),
        "edgeAntialiasingMask": .options(\.edgeAntialiasingMask),
        "allowsGroupOpacity": .bool(\.allowsGroupOpacity),
        "shouldRasterize": .bool(\.shouldRasterize),
        "rasterizationScale": .cgFloat(\.rasterizationScale),
        "contents": .image(\.contents),
        "contentsRect": .rect(\.contentsRect),
        "contentsCenter": .rect(\.contentsCenter),
        "contentsGravity": .constant(\.contentsGravity),
        "contentsScale": .cgFloat(\.contentsScale),
        "contentsFormat": .constant(\.contentsFormat),
        "minificationFilter": .constant(\.minificationFilter),
        "magnificationFilter": .constant(\.magnificationFilter),
        "minificationFilterBias": .float(\.minificationFilterBias),
        "opaque": .bool(\.isOpaque),
        "needsDisplayOnBoundsChange": .bool(\.needsDisplayOnBoundsChange),
        "drawsAsynchronously": .bool(\.drawsAsynchronously),
        "beginTime": .double(\.beginTime),
        "duration": .double(\.duration),
        "speed": .float(\.speed),
        "timeOffset": .double(\.timeOffset),
        "repeatCount": .float(\.repeatCount),
        "repeatDuration": .double(\.repeatDuration),
        "autoreverses": .bool(\.autoreverses),
    ]

    /// Swift property names that differ from the key-value-coding key (Apple accepts both for
    /// Boolean properties: `isHidden` is the getter of `hidden`).
    static let aliases: [String: String] = [
        "isGeometryFlipped": "geometryFlipped", "isDoubleSided": "doubleSided", "isHidden": "hidden",
        "isOpaque": "opaque",
    ]

    /// The accessor for `key`, resolving aliases.
    static func named(_ key: String) -> LayerPropertyAccessor? {
        all[key] ?? aliases[key].flatMap { all[$0] }
    }
}

extension LayerState: ResolvedAnimationTarget {
    package func animatableValue(at keyPath: AnimationKeyPath) -> AnimatableValue? {
        let base: AnimatableValue, field: KeyPathField?
        switch keyPath.resolution {
        case let .geometry(property, f): (base, field) = (property.value(in: self), f)
        case let .property(accessor, f): (base, field) = (accessor.get(self), f)
        case .byName: return valueByName(keyPath.name)
        }
        guard let field else { return base }
        return KeyPathFields.field(field, of: base)
    }

    @discardableResult
    package mutating func setAnimatableValue(_ value: AnimatableValue, at keyPath: AnimationKeyPath) -> Bool {
        switch keyPath.resolution {
        case let .geometry(property, field):
            guard let field else { return property.set(value, in: &self) }
            guard let updated = KeyPathFields.setting(field, of: property.value(in: self), to: value) else { return false }
            return property.set(updated, in: &self)
        case let .property(accessor, field):
            return set(value, through: accessor, field: field)
        case .byName:
            return setValueByName(value, forKeyPath: keyPath.name)
        }
    }

    package func scalarValue(at keyPath: AnimationKeyPath) -> Double? { fieldScalarValue(at: keyPath) }

    @discardableResult
    package mutating func setScalarValue(_ value: Double, at keyPath: AnimationKeyPath) -> Bool {
        setFieldScalarValue(value, at: keyPath)
    }

    /// Sets the property of `accessor`, or its `field`.
    private mutating func set(_ value: AnimatableValue, through accessor: LayerPropertyAccessor, field: KeyPathField?) -> Bool {
        guard let field else { return accessor.set(&self, value) }
        guard let updated = KeyPathFields.setting(field, of: accessor.get(self), to: value) else { return false }
        return accessor.set(&self, updated)
    }

    /// The value at a key path that names no property every layer has: an emitter cell's, a
    /// filter's, a specialized layer's property, or a custom key.
    private func valueByName(_ keyPath: String) -> AnimatableValue? {
        if let nested = specializedNestedValue(forKeyPath: keyPath) { return nested }
        if let filterValue = filters?.value(forKeyPath: keyPath) { return filterValue }
        let (head, rest) = KeyPathFields.split(keyPath)
        guard let base = specialized?.accessor(forKey: head)?.get(self) ?? customValues[head] else { return nil }
        guard let rest else { return base }
        return KeyPathFields.field(rest, of: base)
    }

    /// Sets the value at a key path that names no property every layer has.
    private mutating func setValueByName(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        if let handled = setSpecializedNestedValue(value, forKeyPath: keyPath) { return handled }
        if LayerFilters.isParameterKeyPath(keyPath) { return filters?.setValue(value, forKeyPath: keyPath) ?? false }
        let (head, rest) = KeyPathFields.split(keyPath)
        if let accessor = specialized?.accessor(forKey: head) {
            return set(value, through: accessor, field: rest.map(KeyPathField.init))
        }
        guard let rest else {
            customValues[head] = value
            return true
        }
        guard let current = customValues[head],
              let updated = KeyPathFields.setting(rest, of: current, to: value) else { return false }
        customValues[head] = updated
        return true
    }
}
