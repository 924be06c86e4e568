import Foundation

/// The particles of an emitter layer as a pure function of its values and time.
///
/// Each cell gives birth at a steady rate (`cell.birthRate × layer.birthRate` per second, the
/// first birth at the cell's `beginTime`), and every particle's random attributes are drawn
/// from a stream keyed by the layer's `seed`, the cell and the birth's index. A particle's
/// state at any time then follows in closed form (constant acceleration, linear scale, spin
/// and colour speeds), so the same values, seed and time always give the same particles
/// whatever the frame rate, and a renderer may evaluate them on the GPU.
///
/// Attributes follow the book's fire example (001:3786-3817): start value ± range (uniform),
/// and per-second speeds. The layer's `lifetime`, `velocity`, `scale` and `spin` multiply the
/// cells'. Sub-cells are emitted by each particle of their parent cell while it lives, from
/// the parent's position at the moment of birth; their `beginTime` and `duration` count from
/// the parent's birth. The simulation uses the current values for all time (a value that
/// changes, or is animated, changes the whole history) and caps each cell at its
/// `maximumBirthsPerCell` most recent births.
package enum EmitterSimulation {
    /// The most births of one cell (per parent particle) the simulation considers, so that a
    /// huge birth rate or lifetime cannot stall a frame.
    static let maximumBirthsPerCell = 200_000

    /// The live particles of the emitter layer `layer` at `time` seconds of emission, in the
    /// order `renderMode` draws them.
    package static func particles(of layer: LayerState, at time: Double) -> [EmitterParticle] {
        let emitter = layer.emitter
        guard time.isFinite, time >= 0 else { return [] }
        var run = Run(layer: emitter, time: time)
        for (index, cell) in emitter.cells.enumerated() {
            run.emit(cell, path: [index], parentKey: UInt64(emitter.seed), source: nil, window: 0..<Double.infinity)
        }
        return drawOrder(run.particles, mode: emitter.renderMode)
    }

    /// `particles` in the order `mode` draws them: births in order for unordered and additive
    /// rendering, oldest first or last, or back (lowest z) to front.
    static func drawOrder(_ particles: [EmitterParticle], mode: CAEmitterLayerRenderMode) -> [EmitterParticle] {
        let indexed = Array(particles.enumerated())
        func sorted(_ before: (EmitterParticle, EmitterParticle) -> Bool) -> [EmitterParticle] {
            indexed.sorted { a, b in
                if before(a.element, b.element) { return true }
                if before(b.element, a.element) { return false }
                return a.offset < b.offset
            }.map(\.element)
        }
        switch mode {
        case .oldestFirst: return sorted { $0.birthTime < $1.birthTime }
        case .oldestLast: return sorted { $0.birthTime > $1.birthTime }
        case .backToFront: return sorted { $0.position.z < $1.position.z }
        default: return particles
        }
    }

    /// The longest time after a cell's birth window that its particles, or their descendants,
    /// can still be alive.
    static func horizon(of cell: EmitterCellState, layer: EmitterLayerState) -> Double {
        let longest = max(0, Double(cell.lifetime) + abs(Double(cell.lifetimeRange))) * max(0, Double(layer.lifetime))
        let children = cell.emitterCells.map { Double(max($0.beginTime, 0)) + horizon(of: $0, layer: layer) }.max() ?? 0
        return longest + children
    }

    /// One evaluation: the layer, the time, and the particles found so far.
    private struct Run {
        let layer: EmitterLayerState
        let time: Double
        var particles: [EmitterParticle] = []

        init(layer: EmitterLayerState, time: Double) {
            self.layer = layer
            self.time = time
        }

        /// Emits `cell`'s particles born within `window` (parent time) up to now; `source` is the
        /// parent particle emitting them, nil for the layer's shape.
        mutating func emit(_ cell: EmitterCellState, path: [Int], parentKey: UInt64, source: EmitterParticle?,
                           window: Range<Double>) {
            let rate = Double(cell.birthRate) * Double(layer.birthRate)
            let speed = Double(cell.speed)
            guard cell.isEnabled, rate > 0, rate.isFinite, speed > 0 else { return }
            let start = window.lowerBound + cell.beginTime
            // Births happen in the active interval [start, activeEnd) and not after now.
            var activeEnd = window.upperBound
            if cell.duration > 0 { activeEnd = min(activeEnd, start + cell.duration / speed) }
            let end = min(activeEnd, time)
            let earliest = max(start, time - EmitterSimulation.horizon(of: cell, layer: layer))
            guard end >= earliest else { return }
            // Birth k happens at local time k / rate; local time = (parent time - start)·speed + timeOffset.
            func birthTime(_ k: Int) -> Double { start + (Double(k) / rate - cell.timeOffset) / speed }
            // Local birth indices, widened by one each way against rounding (the guards below
            // keep only births in the interval); beyond 2^52 indices are not exact, so stop.
            let firstLocal = ((earliest - start) * speed + cell.timeOffset) * rate
            let lastLocal = ((end - start) * speed + cell.timeOffset) * rate
            guard firstLocal > -0x1p52, lastLocal < 0x1p52 else { return } // also false for NaN
            let lastK = Int(lastLocal.rounded(.down)) + 1
            // Past the cap, the most recent births are kept.
            let firstK = max(0, Int(firstLocal.rounded(.up)) - 1, lastK - EmitterSimulation.maximumBirthsPerCell)
            guard lastK >= firstK else { return }
            let cellKey = ParticleRandom.key(parentKey, UInt64(path.last ?? 0))
            for k in firstK...lastK {
                let born = birthTime(k)
                guard born >= start, born < activeEnd, born <= time else { continue }
                let particle = makeParticle(cell, path: path, key: ParticleRandom.key(cellKey, UInt64(k)),
                                            born: born, source: source)
                if particle.age < particle.lifetime { particles.append(particle) }
                for (index, child) in cell.emitterCells.enumerated() {
                    emit(child, path: path + [index], parentKey: particle.identifier, source: particle,
                         window: born..<(born + particle.lifetime))
                }
            }
        }

        /// The particle of `cell` born at `born`, its random attributes drawn from `key`'s stream
        /// in a fixed order, evaluated now.
        private func makeParticle(_ cell: EmitterCellState, path: [Int], key: UInt64, born: Double,
                                  source: EmitterParticle?) -> EmitterParticle {
            var random = ParticleRandom(key: key)
            func varied(_ value: Double, _ range: Double) -> Double { value + range * random.signed() }
            let drawnLifetime = varied(Double(cell.lifetime), Double(cell.lifetimeRange)) * Double(layer.lifetime)
            // A non-finite or negative lifetime (bad cell values) gives a particle that never lives.
            let lifetime = drawnLifetime.isFinite && drawnLifetime > 0 ? drawnLifetime : 0
            let origin: EmitterVector
            if let source {
                let t = born - source.birthTime
                origin = source.initialPosition + source.initialVelocity * t + source.acceleration * (t * t / 2)
            } else {
                origin = EmitterShapeSampler.point(for: layer, random: &random)
            }
            let direction = emissionDirection(cell, random: &random)
            let speed = varied(Double(cell.velocity), Double(cell.velocityRange)) * Double(layer.velocity)
            let scale0 = varied(Double(cell.scale), Double(cell.scaleRange)) * Double(layer.scale)
            let spin = varied(Double(cell.spin), Double(cell.spinRange)) * Double(layer.spin)
            let base = cell.color?.rgbaComponents ?? [1, 1, 1, 1]
            let ranges = [cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange].map(Double.init)
            let speeds = [cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed].map(Double.init)
            let color0 = (0..<4).map { varied(base[$0], ranges[$0]) }

            let age = time - born
            let v0 = direction * speed
            let a = EmitterVector(x: Double(cell.xAcceleration), y: Double(cell.yAcceleration), z: Double(cell.zAcceleration))
            let color = (0..<4).map { min(max(color0[$0] + speeds[$0] * age, 0), 1) }
            return EmitterParticle(
                cellPath: path, identifier: key, birthTime: born, age: age, lifetime: lifetime,
                initialPosition: origin, initialVelocity: v0, acceleration: a,
                position: origin + v0 * age + a * (age * age / 2), velocity: v0 + a * age,
                scale: max(0, scale0 + Double(cell.scaleSpeed) * age), rotation: spin * age, spin: spin,
                red: color[0], green: color[1], blue: color[2], alpha: color[3],
                contents: cell.contents, contentsRect: cell.contentsRect)
        }

        /// A direction uniformly distributed over the cone of angle `emissionRange` around the
        /// emission direction (longitude in the xy-plane from the x axis, latitude out of it).
        private func emissionDirection(_ cell: EmitterCellState, random: inout ParticleRandom) -> EmitterVector {
            let longitude = Double(cell.emissionLongitude), latitude = Double(cell.emissionLatitude)
            let axis = EmitterVector(x: cos(latitude) * cos(longitude), y: cos(latitude) * sin(longitude), z: sin(latitude))
            let halfAngle = min(abs(Double(cell.emissionRange)) / 2, .pi)
            // Uniform over the spherical cap: cos θ uniform in [cos(half angle), 1].
            let cosTheta = 1 - random.unit() * (1 - cos(halfAngle))
            let sinTheta = (max(0, 1 - cosTheta * cosTheta)).squareRoot()
            let phi = random.unit() * 2 * .pi
            // An orthonormal basis around the axis: `side` in the xy-plane, `up` completing it.
            let side = EmitterVector(x: -sin(longitude), y: cos(longitude), z: 0)
            let up = EmitterVector(x: -sin(latitude) * cos(longitude), y: -sin(latitude) * sin(longitude), z: cos(latitude))
            return axis * cosTheta + side * (sinTheta * cos(phi)) + up * (sinTheta * sin(phi))
        }
    }
}
