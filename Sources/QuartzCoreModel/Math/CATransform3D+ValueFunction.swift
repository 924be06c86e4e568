import Foundation

extension CATransform3D {
    /// The transform a `CAValueFunction` named `name` makes from an animation's values, or nil for
    /// an unknown name or the wrong number of values.
    ///
    /// `rotateX`, `rotateY`, `rotateZ` take one angle in radians; `scaleX`, `scaleY`, `scaleZ`,
    /// `translateX`, `translateY`, `translateZ` one amount; `scale` and `translate` three (x, y, z).
    static func valueFunctionTransform(name: String, values: [CGFloat]) -> CATransform3D? {
        let one = values.count == 1 ? values[0] : nil
        switch name {
        case "rotateX": return one.map { CATransform3DMakeRotation($0, 1, 0, 0) }
        case "rotateY": return one.map { CATransform3DMakeRotation($0, 0, 1, 0) }
        case "rotateZ": return one.map { CATransform3DMakeRotation($0, 0, 0, 1) }
        case "scaleX": return one.map { CATransform3DMakeScale($0, 1, 1) }
        case "scaleY": return one.map { CATransform3DMakeScale(1, $0, 1) }
        case "scaleZ": return one.map { CATransform3DMakeScale(1, 1, $0) }
        case "translateX": return one.map { CATransform3DMakeTranslation($0, 0, 0) }
        case "translateY": return one.map { CATransform3DMakeTranslation(0, $0, 0) }
        case "translateZ": return one.map { CATransform3DMakeTranslation(0, 0, $0) }
        case "scale":
            return values.count == 3 ? CATransform3DMakeScale(values[0], values[1], values[2]) : nil
        case "translate":
            return values.count == 3 ? CATransform3DMakeTranslation(values[0], values[1], values[2]) : nil
        default: return nil
        }
    }
}
