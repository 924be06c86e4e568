import Foundation

/// Where on an emitter layer's shape a particle is born (Apple's emitter shapes, 1-3 dimensional,
/// defined by `emitterPosition`, `emitterZPosition`, `emitterSize` and `emitterDepth`).
enum EmitterShapeSampler {
    /// A birth point for `layer`'s shape and mode, drawn from `random`.
    static func point(for layer: EmitterLayerState, random: inout ParticleRandom) -> EmitterVector {
        let c = EmitterVector(x: Double(layer.emitterPosition.x), y: Double(layer.emitterPosition.y),
                              z: Double(layer.emitterZPosition))
        let w = Double(layer.emitterSize.width), h = Double(layer.emitterSize.height), d = Double(layer.emitterDepth)
        let mode = layer.emitterMode
        switch layer.emitterShape {
        case .line:
            if mode == .points { return c + EmitterVector(x: random.unit() < 0.5 ? -w / 2 : w / 2, y: 0, z: 0) }
            return c + EmitterVector(x: random.signed() * w / 2, y: 0, z: 0)
        case .rectangle:
            return c + box(w, h, 0, mode: mode, random: &random)
        case .cuboid:
            return c + box(w, h, d, mode: mode, random: &random)
        case .circle:
            if mode == .points { return c }
            let angle = random.unit() * 2 * .pi
            let r = mode == .outline ? w : w * random.unit().squareRoot()
            return c + EmitterVector(x: r * cos(angle), y: r * sin(angle), z: 0)
        case .sphere:
            if mode == .points { return c }
            let direction = uniformDirection(&random)
            let r = mode == .volume ? w * cbrt(random.unit()) : w
            return c + direction * r
        default:
            return c
        }
    }

    /// A unit vector uniformly distributed over the sphere.
    static func uniformDirection(_ random: inout ParticleRandom) -> EmitterVector {
        let z = random.signed(), angle = random.unit() * 2 * .pi
        let r = (1 - z * z).squareRoot()
        return EmitterVector(x: r * cos(angle), y: r * sin(angle), z: z)
    }

    /// A point of a box centred on the origin (a rectangle when `depth` is 0): a corner, a
    /// point on an edge, on a face, or inside, by mode. Edges and faces are chosen in
    /// proportion to their length or area, so points are uniform over the outline or surface.
    private static func box(_ w: Double, _ h: Double, _ depth: Double, mode: CAEmitterLayerEmitterMode,
                            random: inout ParticleRandom) -> EmitterVector {
        let half = [w / 2, h / 2, depth / 2]
        let flat = depth == 0
        func corner(_ axis: Int) -> Double { random.unit() < 0.5 ? -half[axis] : half[axis] }
        func inside(_ axis: Int) -> Double { random.signed() * half[axis] }
        var p = [0.0, 0.0, 0.0]
        switch mode {
        case .points:
            p = [corner(0), corner(1), flat ? 0 : corner(2)]
        case .outline:
            // An edge runs along one axis with the other two at their extremes.
            let weights = flat ? [2 * w, 2 * h, 0] : [4 * w, 4 * h, 4 * depth]
            let axis = pick(weights, &random)
            for other in 0..<3 where other != axis { p[other] = flat && other == 2 ? 0 : corner(other) }
            p[axis] = inside(axis)
        case .surface where !flat:
            // A face is flat along one axis, at one of its extremes.
            let axis = pick([h * depth, w * depth, w * h], &random)
            for other in 0..<3 { p[other] = other == axis ? corner(other) : inside(other) }
        default:
            p = [inside(0), inside(1), flat ? 0 : inside(2)]
        }
        return EmitterVector(x: p[0], y: p[1], z: p[2])
    }

    /// An index chosen with probability proportional to its weight (the first when all are 0).
    private static func pick(_ weights: [Double], _ random: inout ParticleRandom) -> Int {
        let total = weights.reduce(0, +)
        guard total > 0 else { return 0 }
        var target = random.unit() * total
        for (index, weight) in weights.enumerated() {
            if target < weight { return index }
            target -= weight
        }
        return weights.count - 1
    }
}
