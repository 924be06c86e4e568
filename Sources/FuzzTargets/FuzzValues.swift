import QuartzCore

/// Values of every kind Apple code hands to key-value coding and animations, read from fuzzed
/// bytes: numbers of each Swift and Foundation type, geometry, transforms, colours, images,
/// paths, strings, arrays, dictionaries, layers, `NSNull` and nil.
enum FuzzValues {
    /// Key paths a layer answers, with their sub-keys, and a few it does not.
    static let keyPaths = [
        "position", "position.x", "position.y", "bounds", "bounds.size", "bounds.size.width", "bounds.origin.y",
        "frame", "anchorPoint", "anchorPointZ", "zPosition", "opacity", "hidden", "isHidden", "cornerRadius",
        "borderWidth", "borderColor", "backgroundColor", "shadowOpacity", "shadowRadius", "shadowOffset",
        "shadowColor", "shadowPath", "transform", "transform.rotation", "transform.rotation.z",
        "transform.scale", "transform.scale.x", "transform.translation", "transform.translation.y",
        "sublayerTransform", "sublayerTransform.scale", "contents", "contentsRect", "contentsCenter",
        "contentsScale", "contentsGravity", "masksToBounds", "doubleSided", "mask", "sublayers", "name",
        "style", "actions", "speed", "timeOffset", "beginTime", "duration", "repeatCount", "fillMode",
        "minificationFilter", "magnificationFilter", "rasterizationScale", "shouldRasterize",
        "allowsGroupOpacity", "allowsEdgeAntialiasing", "edgeAntialiasingMask", "maskedCorners",
        "cornerCurve", "compositingFilter", "customKey", "", ".", "..", "position.", ".x", "transform.rotation.w",
        "bounds.size.width.height", "sublayers.count", "superlayer",
    ]

    /// A value of a kind chosen by the next byte.
    static func value(_ input: inout FuzzInput, depth: Int = 0) -> Any? {
        switch input.byte() % 22 {
        case 0: return nil
        case 1: return NSNull()
        case 2: return input.double()
        case 3: return input.float()
        case 4: return Float(input.double())
        case 5: return Int(truncatingIfNeeded: Int64(bitPattern: UInt64(input.byte()) << 56 | UInt64(input.byte())))
        case 6: return input.bool()
        case 7: return NSNumber(value: input.double())
        case 8: return input.point()
        case 9: return CGSize(width: input.float(), height: input.float())
        case 10: return input.rect()
        case 11: return transform(&input)
        case 12: return CGAffineTransform(a: input.float(), b: input.float(), c: input.float(), d: input.float(),
                                          tx: input.float(), ty: input.float())
        case 13: return CGColor(red: input.float(), green: input.float(), blue: input.float(), alpha: input.float())
        case 14: return input.string(words: ["resizeAspect", "center", "forwards", "both", "linear", "circular"])
        case 15: return PathTarget.makePath(&input, elementLimit: 6)
        case 16: return image(&input)
        case 17 where depth < 2: return (0..<input.index(below: 4)).map { _ in value(&input, depth: depth + 1) as Any }
        case 18 where depth < 2:
            var dictionary: [String: Any] = [:]
            for _ in 0..<input.index(below: 3) { dictionary[input.string(words: keyPaths)] = value(&input, depth: depth + 1) }
            return dictionary
        case 19: return CALayer()
        case 20: return CABasicAnimation(keyPath: input.string(words: keyPaths))
        default: return input.string()
        }
    }

    /// A transform: Apple's constructors with fuzzed arguments, or sixteen fuzzed entries.
    static func transform(_ input: inout FuzzInput) -> CATransform3D {
        switch input.byte() % 4 {
        case 0: return CATransform3DMakeRotation(input.float(), input.float(), input.float(), input.float())
        case 1: return CATransform3DMakeScale(input.float(), input.float(), input.float())
        case 2: return CATransform3DMakeTranslation(input.float(), input.float(), input.float())
        default:
            var t = CATransform3DIdentity
            t.m11 = input.float(); t.m12 = input.float(); t.m13 = input.float(); t.m14 = input.float()
            t.m21 = input.float(); t.m22 = input.float(); t.m23 = input.float(); t.m24 = input.float()
            t.m31 = input.float(); t.m32 = input.float(); t.m33 = input.float(); t.m34 = input.float()
            t.m41 = input.float(); t.m42 = input.float(); t.m43 = input.float(); t.m44 = input.float()
            return t
        }
    }

    /// A tiny image of fuzzed size (zero included) and pixels.
    static func image(_ input: inout FuzzInput) -> CGImage? {
        let width = input.index(below: 5), height = input.index(below: 5)
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        context.setFillColor(CGColor(red: input.float(), green: input.float(), blue: input.float(), alpha: input.float()))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return context.makeImage()
    }
}
