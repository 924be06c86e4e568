import Foundation

/// A value an animation or layer holds that Foundation has no archivable class for (a
/// transform, a colour, a path, a timing or value function, an image), in the form
/// `NSKeyedArchiver` stores: a kind, a list of numbers, a name (of a colour space or value
/// function) and, for an image, its PNG data.
final class ArchivedAnimationValue: NSObject, NSSecureCoding {
    /// What the numbers describe.
    enum Kind: String {
        /// 16 numbers, the matrix of a `CATransform3D` row by row.
        case transform
        /// The components of a `CGColor`, alpha last; `name` is its colour space's name.
        case color
        /// A `CGPath`: per element its type (`CGPathElementType`'s raw value) then its points.
        case path
        /// The four control-point coordinates of a `CAMediaTimingFunction`.
        case timingFunction
        /// A `CAValueFunction`; `name` is its name.
        case valueFunction
        /// A `CGImage`; `data` holds it as PNG.
        case image
    }

    static var supportsSecureCoding: Bool { true }

    let kind: Kind
    let numbers: [Double]
    let name: String?
    let data: Data?

    init(kind: Kind, numbers: [Double], name: String? = nil, data: Data? = nil) {
        self.kind = kind; self.numbers = numbers; self.name = name; self.data = data
    }

    func encode(with coder: NSCoder) {
        coder.encode(kind.rawValue as NSString, forKey: "kind")
        coder.encode(numbers.map { NSNumber(value: $0) } as NSArray, forKey: "numbers")
        if let name { coder.encode(name as NSString, forKey: "name") }
        if let data { coder.encode(data as NSData, forKey: "data") }
    }

    required init?(coder: NSCoder) {
        guard let raw = coder.decodeObject(of: NSString.self, forKey: "kind"), let kind = Kind(rawValue: raw as String),
              let numbers = coder.decodeObject(of: [NSArray.self, NSNumber.self], forKey: "numbers") as? [NSNumber] else {
            return nil
        }
        self.kind = kind
        self.numbers = numbers.map(\.doubleValue)
        name = coder.decodeString(forKey: "name")
        data = coder.containsValue(forKey: "data") ? coder.decodeObject(of: NSData.self, forKey: "data") as Data? : nil
    }
}

extension ArchivedAnimationValue {
    /// The archived form of `value`, or nil when it is not one of the kinds above.
    convenience init?(_ value: Any) {
        switch value {
        case let t as CATransform3D:
            self.init(kind: .transform, numbers: [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                                                  t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init))
        case let color as CGColor:
            guard let components = color.components else { return nil }
            self.init(kind: .color, numbers: components.map(Double.init), name: color.colorSpace?.name)
        case let path as CGPath:
            self.init(kind: .path, numbers: path.elements.flatMap(Self.numbers(of:)))
        case let function as CAMediaTimingFunction:
            var numbers: [Double] = []
            for index in 1...2 {
                var point: [Float] = [0, 0]
                function.getControlPoint(at: index, values: &point)
                numbers += point.map(Double.init)
            }
            self.init(kind: .timingFunction, numbers: numbers)
        case let function as CAValueFunction:
            self.init(kind: .valueFunction, numbers: [], name: function.name.rawValue)
        case let image as CGImage:
            guard let png = try? image.pngData() else { return nil }
            self.init(kind: .image, numbers: [], data: png)
        default:
            return nil
        }
    }

    /// The value this archived form stands for, or nil when its numbers do not describe one.
    var value: Any? {
        let n = numbers.map { CGFloat($0) }
        switch kind {
        case .transform:
            guard n.count == 16 else { return nil }
            return CATransform3D(m11: n[0], m12: n[1], m13: n[2], m14: n[3], m21: n[4], m22: n[5], m23: n[6], m24: n[7],
                                 m31: n[8], m32: n[9], m33: n[10], m34: n[11], m41: n[12], m42: n[13], m43: n[14], m44: n[15])
        case .color:
            guard let space = CGColorSpace(name: name ?? CGColorSpace.sRGB) else { return nil }
            return CGColor(colorSpace: space, components: n)
        case .path:
            return Self.path(from: n)
        case .timingFunction:
            guard n.count == 4 else { return nil }
            return CAMediaTimingFunction(controlPoints: Float(n[0]), Float(n[1]), Float(n[2]), Float(n[3]))
        case .valueFunction:
            return name.flatMap { CAValueFunction(name: CAValueFunctionName(rawValue: $0)) }
        case .image:
            return data.flatMap { try? CGImage.decodePNG($0) }
        }
    }

    /// One path element as numbers: its type, then its points' coordinates.
    private static func numbers(of element: CGPath.Element) -> [Double] {
        func xy(_ points: CGPoint...) -> [Double] { points.flatMap { [Double($0.x), Double($0.y)] } }
        switch element {
        case .moveToPoint(let p): return [Double(CGPathElementType.moveToPoint.rawValue)] + xy(p)
        case .addLineToPoint(let p): return [Double(CGPathElementType.addLineToPoint.rawValue)] + xy(p)
        case .addQuadCurveToPoint(let c, let e): return [Double(CGPathElementType.addQuadCurveToPoint.rawValue)] + xy(c, e)
        case .addCurveToPoint(let c1, let c2, let e):
            return [Double(CGPathElementType.addCurveToPoint.rawValue)] + xy(c1, c2, e)
        case .closeSubpath: return [Double(CGPathElementType.closeSubpath.rawValue)]
        }
    }

    /// The path the numbers of `numbers(of:)` describe, or nil when they are cut short or name
    /// an unknown element.
    private static func path(from n: [CGFloat]) -> CGPath? {
        let path = CGMutablePath()
        var i = 0
        func points(_ count: Int) -> [CGPoint]? {
            guard i + 2 * count <= n.count else { return nil }
            defer { i += 2 * count }
            return (0..<count).map { CGPoint(x: n[i + 2 * $0], y: n[i + 2 * $0 + 1]) }
        }
        while i < n.count {
            guard let type = Int32(exactly: n[i]).flatMap(CGPathElementType.init(rawValue:)) else { return nil }
            i += 1
            switch type {
            case .moveToPoint: guard let p = points(1) else { return nil }; path.move(to: p[0])
            case .addLineToPoint: guard let p = points(1) else { return nil }; path.addLine(to: p[0])
            case .addQuadCurveToPoint: guard let p = points(2) else { return nil }; path.addQuadCurve(to: p[1], control: p[0])
            case .addCurveToPoint:
                guard let p = points(3) else { return nil }; path.addCurve(to: p[2], control1: p[0], control2: p[1])
            case .closeSubpath: path.closeSubpath()
            }
        }
        return path
    }
}
