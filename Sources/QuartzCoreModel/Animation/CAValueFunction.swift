/// The names of the value functions, which turn scalar animation values into transforms.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String

    /// Creates a value-function name from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A rotation about the x axis by one value, in radians.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// A rotation about the y axis by one value, in radians.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// A rotation about the z axis by one value, in radians.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// A scale by three values (x, y, z).
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// A scale along x by one value.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// A scale along y by one value.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// A scale along z by one value.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// A translation by three values (x, y, z).
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// A translation along x by one value.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// A translation along y by one value.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// A translation along z by one value.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// A function that converts the scalar values of a property animation into the transform it
/// applies, for animating `transform` with scalars (001:5175-5180). It cannot be subclassed.
public final class CAValueFunction: Sendable {
    /// The function's name.
    public let name: CAValueFunctionName

    /// Returns the value function with `name`, or nil when the name is unknown.
    public init?(name: CAValueFunctionName) {
        guard CATransform3D.valueFunctionTransform(name: name.rawValue, values: Self.probeValues(for: name)) != nil
        else { return nil }
        self.name = name
    }

    /// One set of inputs of the right arity, used to check that a name is known.
    private static func probeValues(for name: CAValueFunctionName) -> [CGFloat] {
        name == .scale || name == .translate ? [0, 0, 0] : [0]
    }
}
