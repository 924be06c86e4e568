import QuartzCore

/// A keyframe animation of any shape: values of mixed kinds, key times and timing functions of
/// other lengths than the values, any calculation and rotation mode, a fuzzed path and timing;
/// added to a layer, read back through `presentation()` and rendered at several times.
enum KeyframeAnimationTarget {
    static let keyPaths = ["position", "position.x", "opacity", "transform", "transform.rotation.z", "bounds",
                           "backgroundColor", "cornerRadius", "contentsRect", "shadowOffset", "zPosition", "hidden",
                           "transform.scale", "sublayerTransform", "anchorPoint", "unknownKey"]

    static func run(_ input: inout FuzzInput) {
        let (root, layer) = FuzzScene.makeTree()
        CATransaction.flush()
        let animation = CAKeyframeAnimation(keyPath: input.string(words: keyPaths))
        if input.byte() % 4 != 0 { animation.values = (0..<input.index(below: 7)).map { _ in FuzzValues.value(&input) as Any } }
        if input.bool() { animation.keyTimes = (0..<input.index(below: 7)).map { _ in NSNumber(value: input.double()) } }
        if input.bool() {
            animation.timingFunctions = (0..<input.index(below: 6)).map { _ in
                input.bool() ? CAMediaTimingFunction(name: input.choose([.linear, .easeIn, .easeOut, .easeInEaseOut, .default]))
                    : CAMediaTimingFunction(controlPoints: Float(input.double()), Float(input.double()),
                                            Float(input.double()), Float(input.double()))
            }
        }
        if input.bool() { animation.path = PathTarget.makePath(&input, elementLimit: 8) }
        animation.calculationMode = input.choose([.linear, .discrete, .paced, .cubic, .cubicPaced])
        if input.bool() { animation.rotationMode = input.choose([.rotateAuto, .rotateAutoReverse]) }
        if input.bool() { animation.tensionValues = (0..<input.index(below: 6)).map { _ in NSNumber(value: input.double()) } }
        animation.duration = input.double()
        animation.beginTime = input.bool() ? input.double() : 0
        animation.repeatCount = Float(input.double())
        animation.autoreverses = input.bool()
        animation.speed = Float(input.double())
        animation.timeOffset = input.bool() ? input.double() : 0
        animation.fillMode = input.choose([.removed, .forwards, .backwards, .both])
        animation.isAdditive = input.bool()
        animation.isCumulative = input.bool()
        layer.add(animation, forKey: input.bool() ? "fuzz" : nil)
        let times = [0, input.double(), input.double()]
        FuzzScene.render(root, at: times)
        _ = layer.presentation()?.value(forKeyPath: animation.keyPath ?? "")
    }
}
