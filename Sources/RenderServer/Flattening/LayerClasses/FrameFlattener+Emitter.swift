import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// Drawing a `CAEmitterLayer`'s particles: `EmitterSimulation` evaluated at the
/// layer's emission time (`EmitterClock`), one textured quad per live particle, in the order
/// the render mode asks, added together for `.additive`.
extension FrameFlattener {
    /// Draws the live particles of emitter `p` in the layer's space, above its contents.
    ///
    /// A particle shows its cell's `contents` (the `contentsRect` part), `contentsScale` image
    /// pixels per point, scaled by the particle's scale about its centre, rotated by its spin
    /// and centred on its position (z is ignored). Its colour multiplies the image as
    /// its texture tint (colour and alpha). Cells without contents draw nothing.
    mutating func drawEmitterParticles(_ p: PlacedLayer, clip: Int32?) {
        guard case .emitter(let emitter)? = p.state.specialized, !emitter.cells.isEmpty else { return }
        // Particles move as long as the layer's time runs.
        changes.noteContinuousChange(rate: p.rate)
        let layers = facts.layers
        let emissionTime = stores.emitterClock.emissionTime(of: p.layer.id, serial: emitter.serial, atLocalTime: p.localTime,
                                                            liveIDs: { layers[$0] != nil })
        let blend: BlendMode = emitter.renderMode == .additive ? .plusLighter : .sourceOver
        let edges = p.state.antialiasedEdgeBits
        for particle in EmitterSimulation.particles(of: p.state, at: emissionTime) {
            guard let image = particle.contents, let cell = Self.cell(at: particle.cellPath, in: emitter.cells) else { continue }
            let unit = particle.contentsRect
            let pointsPerPixel = 1 / max(cell.contentsScale, .leastNonzeroMagnitude)
            let size = CGSize(width: CGFloat(image.width) * unit.width * pointsPerPixel,
                              height: CGFloat(image.height) * unit.height * pointsPerPixel)
            let scale = CGFloat(particle.scale)
            guard size.width > 0, size.height > 0, scale > 0 else { continue }
            let place = CATransform3DMakeScale(scale, scale, 1)
                .concatenating(CATransform3DMakeRotation(CGFloat(particle.rotation), 0, 0, 1))
                .concatenating(CATransform3DMakeTranslation(CGFloat(particle.position.x), CGFloat(particle.position.y), 0))
                .concatenating(p.world)
            let texture = TextureSource(image: image, unitRect: unit,
                                        minificationFilter: TextureFilter(cell.minificationFilter),
                                        magnificationFilter: TextureFilter(cell.magnificationFilter))
            let quad = Quad(transform: Matrix4(place),
                            rect: CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height),
                            texture: texture, opacity: p.opacity, clipIndex: clip, antialiasedEdges: edges,
                            blendMode: blend)
            let color = ColorMultiplier(red: Float(particle.red), green: Float(particle.green),
                                        blue: Float(particle.blue), alpha: Float(particle.alpha))
            commands.append(.quad(color.apply(to: quad)))
        }
    }

    /// The cell at an index path (top-level index, then sub-cell indices).
    static func cell(at path: [Int], in cells: [EmitterCellState]) -> EmitterCellState? {
        var level = cells
        var found: EmitterCellState?
        for index in path {
            guard level.indices.contains(index) else { return nil }
            found = level[index]
            level = level[index].emitterCells
        }
        return found
    }
}
