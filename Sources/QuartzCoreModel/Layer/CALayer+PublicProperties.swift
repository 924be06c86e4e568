import Foundation

extension CALayer {
    /// One property of `CALayer` reached through its public, overridable accessors.
    struct PublicProperty: Sendable {
        /// Reads the property through its getter.
        let get: @Sendable (CALayer) -> Any?
        /// Sets the property through its setter to the value it has in the given state.
        let set: @Sendable (CALayer, LayerState) -> Void
    }

    /// The properties that key-value coding reads and writes through their public accessors, as
    /// Apple's key-value coding calls a property's getter and setter: a subclass that overrides
    /// `bounds` (say, with a `didSet`) sees `setValue(_:forKey: "bounds")` and
    /// `setValue(_:forKeyPath: "bounds.size.width")`. Keyed by the key-value-coding name.
    static let publicProperties: [String: PublicProperty] = [
        "bounds": PublicProperty(get: { $0.bounds }, set: { $0.bounds = $1.bounds }),
        "position": PublicProperty(get: { $0.position }, set: { $0.position = $1.position }),
        "zPosition": PublicProperty(get: { $0.zPosition }, set: { $0.zPosition = $1.zPosition }),
        "anchorPoint": PublicProperty(get: { $0.anchorPoint }, set: { $0.anchorPoint = $1.anchorPoint }),
        "anchorPointZ": PublicProperty(get: { $0.anchorPointZ }, set: { $0.anchorPointZ = $1.anchorPointZ }),
        "transform": PublicProperty(get: { $0.transform }, set: { $0.transform = $1.transform }),
        "sublayerTransform": PublicProperty(get: { $0.sublayerTransform }, set: { $0.sublayerTransform = $1.sublayerTransform }),
        "geometryFlipped": PublicProperty(get: { $0.isGeometryFlipped }, set: { $0.isGeometryFlipped = $1.isGeometryFlipped }),
        "doubleSided": PublicProperty(get: { $0.isDoubleSided }, set: { $0.isDoubleSided = $1.isDoubleSided }),
        "hidden": PublicProperty(get: { $0.isHidden }, set: { $0.isHidden = $1.isHidden }),
        "masksToBounds": PublicProperty(get: { $0.masksToBounds }, set: { $0.masksToBounds = $1.masksToBounds }),
        "opacity": PublicProperty(get: { $0.opacity }, set: { $0.opacity = $1.opacity }),
        "backgroundColor": PublicProperty(get: { $0.backgroundColor }, set: { $0.backgroundColor = $1.backgroundColor }),
        "cornerRadius": PublicProperty(get: { $0.cornerRadius }, set: { $0.cornerRadius = $1.cornerRadius }),
        "maskedCorners": PublicProperty(get: { $0.maskedCorners }, set: { $0.maskedCorners = $1.maskedCorners }),
        "cornerCurve": PublicProperty(get: { $0.cornerCurve }, set: { $0.cornerCurve = $1.cornerCurve }),
        "borderWidth": PublicProperty(get: { $0.borderWidth }, set: { $0.borderWidth = $1.borderWidth }),
        "borderColor": PublicProperty(get: { $0.borderColor }, set: { $0.borderColor = $1.borderColor }),
        "shadowColor": PublicProperty(get: { $0.shadowColor }, set: { $0.shadowColor = $1.shadowColor }),
        "shadowOpacity": PublicProperty(get: { $0.shadowOpacity }, set: { $0.shadowOpacity = $1.shadowOpacity }),
        "shadowOffset": PublicProperty(get: { $0.shadowOffset }, set: { $0.shadowOffset = $1.shadowOffset }),
        "shadowRadius": PublicProperty(get: { $0.shadowRadius }, set: { $0.shadowRadius = $1.shadowRadius }),
        "shadowPath": PublicProperty(get: { $0.shadowPath }, set: { $0.shadowPath = $1.shadowPath }),
        "allowsEdgeAntialiasing": PublicProperty(get: { $0.allowsEdgeAntialiasing }, set: { $0.allowsEdgeAntialiasing = $1.allowsEdgeAntialiasing }),
        "edgeAntialiasingMask": PublicProperty(get: { $0.edgeAntialiasingMask }, set: { $0.edgeAntialiasingMask = $1.edgeAntialiasingMask }),
        "allowsGroupOpacity": PublicProperty(get: { $0.allowsGroupOpacity }, set: { $0.allowsGroupOpacity = $1.allowsGroupOpacity }),
        "shouldRasterize": PublicProperty(get: { $0.shouldRasterize }, set: { $0.shouldRasterize = $1.shouldRasterize }),
        "rasterizationScale": PublicProperty(get: { $0.rasterizationScale }, set: { $0.rasterizationScale = $1.rasterizationScale }),
        "contentsRect": PublicProperty(get: { $0.contentsRect }, set: { $0.contentsRect = $1.contentsRect }),
        "contentsCenter": PublicProperty(get: { $0.contentsCenter }, set: { $0.contentsCenter = $1.contentsCenter }),
        "contentsGravity": PublicProperty(get: { $0.contentsGravity }, set: { $0.contentsGravity = $1.contentsGravity }),
        "contentsScale": PublicProperty(get: { $0.contentsScale }, set: { $0.contentsScale = $1.contentsScale }),
        "contentsFormat": PublicProperty(get: { $0.contentsFormat }, set: { $0.contentsFormat = $1.contentsFormat }),
        "minificationFilter": PublicProperty(get: { $0.minificationFilter }, set: { $0.minificationFilter = $1.minificationFilter }),
        "magnificationFilter": PublicProperty(get: { $0.magnificationFilter }, set: { $0.magnificationFilter = $1.magnificationFilter }),
        "minificationFilterBias": PublicProperty(get: { $0.minificationFilterBias }, set: { $0.minificationFilterBias = $1.minificationFilterBias }),
        "opaque": PublicProperty(get: { $0.isOpaque }, set: { $0.isOpaque = $1.isOpaque }),
        "needsDisplayOnBoundsChange": PublicProperty(get: { $0.needsDisplayOnBoundsChange }, set: { $0.needsDisplayOnBoundsChange = $1.needsDisplayOnBoundsChange }),
        "drawsAsynchronously": PublicProperty(get: { $0.drawsAsynchronously }, set: { $0.drawsAsynchronously = $1.drawsAsynchronously }),
        "beginTime": PublicProperty(get: { $0.beginTime }, set: { $0.beginTime = $1.beginTime }),
        "duration": PublicProperty(get: { $0.duration }, set: { $0.duration = $1.duration }),
        "speed": PublicProperty(get: { $0.speed }, set: { $0.speed = $1.speed }),
        "timeOffset": PublicProperty(get: { $0.timeOffset }, set: { $0.timeOffset = $1.timeOffset }),
        "repeatCount": PublicProperty(get: { $0.repeatCount }, set: { $0.repeatCount = $1.repeatCount }),
        "repeatDuration": PublicProperty(get: { $0.repeatDuration }, set: { $0.repeatDuration = $1.repeatDuration }),
        "autoreverses": PublicProperty(get: { $0.autoreverses }, set: { $0.autoreverses = $1.autoreverses }),
    ]

    /// The public accessors of the property named `key` (or its Swift alias, `isHidden`), if any.
    static func publicProperty(named key: String) -> PublicProperty? {
        publicProperties[key] ?? LayerPropertyAccessor.aliases[key].flatMap { publicProperties[$0] }
    }
}
