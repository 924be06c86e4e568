import Foundation

/// The shape of the region a `CAEmitterLayer` emits particles from.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The string value of the constant, as Apple spells it.
    public let rawValue: String
    /// Creates an emitter shape from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Particles are emitted from the single point (`emitterPosition`, `emitterZPosition`)
    /// (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// Particles are emitted along a horizontal line `emitterSize.width` long, centred on the
    /// emitter position.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// Particles are emitted from a rectangle of `emitterSize`, centred on the emitter position.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// Particles are emitted from a cuboid of `emitterSize` and `emitterDepth`, centred on the
    /// emitter position.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// Particles are emitted from a circle of radius `emitterSize.width` around the emitter
    /// position.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// Particles are emitted from a sphere of radius `emitterSize.width` around the emitter
    /// position.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the emitter shape particles are emitted from.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The string value of the constant, as Apple spells it.
    public let rawValue: String
    /// Creates an emitter mode from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Particles are emitted from the shape's defining points: its corners, its line's ends,
    /// or the centre of a circle or sphere.
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// Particles are emitted from the shape's outline.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// Particles are emitted from the shape's surface.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Particles are emitted from anywhere within the shape (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order in which particles are drawn, and how they are blended.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The string value of the constant, as Apple spells it.
    public let rawValue: String
    /// Creates a render mode from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Particles are drawn in any order (the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// The oldest particles are drawn first, beneath younger ones.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// The oldest particles are drawn last, above younger ones.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Particles are drawn from the back to the front by their z position.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Particles are blended additively, so that overlapping particles glow.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
