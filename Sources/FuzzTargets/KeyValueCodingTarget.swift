import QuartzCore

/// Sets and reads any key path with any value on a layer of a small tree, inside and outside
/// explicit transactions, then commits and renders: unknown keys and values of the wrong kind
/// must be logged and ignored.
enum KeyValueCodingTarget {
    static func run(_ input: inout FuzzInput) {
        let (root, layer) = FuzzScene.makeTree()
        let target = input.bool() ? layer : root
        CATransaction.flush()
        for _ in 0..<(1 + input.index(below: 6)) {
            let keyPath = input.string(words: FuzzValues.keyPaths)
            switch input.byte() % 4 {
            case 0: _ = target.value(forKeyPath: keyPath)
            case 1: _ = target.value(forKey: keyPath)
            case 2: target.setValue(FuzzValues.value(&input), forKey: keyPath)
            default:
                let explicit = input.bool()
                if explicit { CATransaction.begin(); CATransaction.setAnimationDuration(input.double()) }
                target.setValue(FuzzValues.value(&input), forKeyPath: keyPath)
                if explicit { CATransaction.commit() }
            }
        }
        FuzzScene.render(root, at: [0, input.double()])
    }
}
