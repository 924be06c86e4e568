/// Why an animation could not be compiled into the form the render side evaluates.
enum AnimationCompileError: Error, Equatable, CustomStringConvertible {
    /// A property animation without a key path: there is nothing to animate.
    case missingKeyPath
    /// A value (named by the property it was given in) has no animatable form: it is not a
    /// number, geometry structure, transform, colour, image, path, string, Bool or array of these.
    case unsupportedValue(property: String, type: String)
    /// Two values that the from/to/by rules must add or subtract are of kinds that cannot be
    /// combined (a point and a colour, or a transform that cannot be inverted).
    case incompatibleValues(String)
    /// A keyframe animation with neither `values` nor a usable `path`.
    case noKeyframes
    /// A subclass of `CAAnimation` this engine does not know how to evaluate.
    case unsupportedAnimationClass(String)

    /// A sentence explaining the error.
    var description: String {
        switch self {
        case .missingKeyPath: return "The animation has no key path, so it animates no property."
        case let .unsupportedValue(property, type):
            return "The animation's \(property) (\(type)) cannot be animated: use a number, CGPoint, CGSize, CGRect, CATransform3D, CGColor, CGImage, CGPath, String, Bool, or an array of these."
        case let .incompatibleValues(what): return "The animation's values cannot be combined: \(what)."
        case .noKeyframes: return "The keyframe animation has neither values nor a path."
        case let .unsupportedAnimationClass(name): return "\(name) is not an animation class this engine can evaluate."
        }
    }
}
