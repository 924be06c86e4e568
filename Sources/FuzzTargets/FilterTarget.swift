import QuartzCore

/// Core Image filters given any parameters, and a layer's filter key paths given any names and
/// values: `CIFilter(name:)` and `CIFilter(name:parameters:)` with built-in and unknown names,
/// `setValue(_:forKey:)` and `value(forKey:)` with every kind of value on known and unknown
/// keys, the filters set as `filters`, `backgroundFilters` and `compositingFilter`, then
/// `setValue(_:forKeyPath:)` and animations on `filters.NAME.KEY`-style paths, a commit and a
/// frame on the CPU renderer. Bad names, keys and values must be logged and ignored.
enum FilterTarget {
    /// The built-in filters, and names that are not one.
    static let filterNames = [
        "CIGaussianBlur", "CIBloom", "CIColorControls", "CIColorMatrix", "CIColorInvert", "CISepiaTone",
        "CIColorMonochrome", "CIExposureAdjust", "CIVibrance", "CIMultiplyBlendMode", "CIScreenBlendMode",
        "CISourceOverCompositing", "CIHueBlendMode", "CIAdditionCompositing", "CIDifferenceBlendMode",
        "CINoSuchFilter", "", "gaussianBlur",
    ]
    /// The names filters are given (and key paths use), with odd ones.
    static let layerNames = ["glow", "blur", "a", "", "filters", ".", "a.b", "inputRadius"]
    /// Parameter keys of the built-in filters, the special keys, and keys that are none.
    static let keys = [
        kCIInputRadiusKey, kCIInputIntensityKey, kCIInputColorKey, kCIInputSaturationKey, kCIInputBrightnessKey,
        kCIInputContrastKey, kCIInputEVKey, kCIInputAmountKey, kCIInputBiasVectorKey, "inputRVector", "inputAVector",
        kCIInputImageKey, kCIInputBackgroundImageKey, "name", "enabled", "attributes", "inputKeys", "outputKeys",
        "inputradius", "", "inputRadius.x",
    ]

    static func run(_ input: inout FuzzInput) {
        let (root, layer) = FuzzScene.makeTree()
        CATransaction.flush()
        var made: [CIFilter] = []
        for _ in 0..<(1 + input.index(below: 3)) {
            if let filter = makeFilter(&input) { made.append(filter) }
        }
        switch input.byte() % 4 {
        case 0: layer.filters = made
        case 1: layer.backgroundFilters = made
        case 2: layer.compositingFilter = made.first
        default: layer.filters = input.bool() ? made : made.map { $0 as Any } + [input.string(words: filterNames)]
        }
        CATransaction.flush()
        for _ in 0..<input.index(below: 5) {
            let keyPath = self.keyPath(&input)
            switch input.byte() % 4 {
            case 0: _ = layer.value(forKeyPath: keyPath)
            case 1:
                let animation = CABasicAnimation(keyPath: keyPath)
                animation.fromValue = value(&input)
                animation.toValue = value(&input)
                animation.duration = input.double()
                layer.add(animation, forKey: "fuzz")
            default:
                let explicit = input.bool()
                if explicit { CATransaction.begin(); CATransaction.setAnimationDuration(input.double()) }
                layer.setValue(value(&input), forKeyPath: keyPath)
                if explicit { CATransaction.commit() }
            }
        }
        FuzzScene.render(root, at: [0, input.double(), 0.25])
    }

    /// A filter made by name (nil for a name that is none), with parameters set and read.
    private static func makeFilter(_ input: inout FuzzInput) -> CIFilter? {
        let name = input.string(words: filterNames)
        let filter: CIFilter?
        if input.bool() {
            var parameters: [String: Any] = [:]
            for _ in 0..<input.index(below: 3) { parameters[input.string(words: keys)] = value(&input) }
            filter = CIFilter(name: name, parameters: input.bool() ? parameters : nil)
        } else {
            filter = CIFilter(name: name)
        }
        guard let filter else { return nil }
        if input.bool() { filter.name = input.string(words: layerNames) }
        for _ in 0..<input.index(below: 4) {
            let key = input.string(words: keys)
            switch input.byte() % 4 {
            case 0: _ = filter.value(forKey: key)
            case 1: filter.setDefaults()
            default: filter.setValue(value(&input), forKey: key)
            }
        }
        _ = filter.attributes
        return input.bool() ? filter.copy() as? CIFilter : filter
    }

    /// `filters.NAME.KEY`, `backgroundFilters.NAME.KEY` and their broken forms.
    private static func keyPath(_ input: inout FuzzInput) -> String {
        let list = input.choose(["filters", "backgroundFilters", "compositingFilter", "filter", ""])
        switch input.byte() % 4 {
        case 0: return "\(list).\(input.string(words: layerNames))"
        case 1: return input.string(words: ["filters..inputRadius", "filters.glow.", "filters.glow.inputRadius.x", "filters"])
        default: return "\(list).\(input.string(words: layerNames)).\(input.string(words: keys))"
        }
    }

    /// A parameter value: Core Image's own kinds (`CIVector`, `CIColor`, with any components or
    /// parsed from any string) or any value `FuzzValues` makes.
    private static func value(_ input: inout FuzzInput) -> Any? {
        switch input.byte() % 6 {
        case 0: return CIVector(values: (0..<input.index(below: 6)).map { _ in input.float() })
        case 1: return CIColor(red: input.float(), green: input.float(), blue: input.float(), alpha: input.float())
        case 2: return CIVector(string: input.string(words: ["[1 2 3 4]", "[", "[nan inf]", "[1e400]", "[]"]))
        case 3: return CIColor(string: input.string(words: ["0.5 0.5 0.5 1", "1 0", "nan 1 1 1", ""]))
        default: return FuzzValues.value(&input)
        }
    }
}
