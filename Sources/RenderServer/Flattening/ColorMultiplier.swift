import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// Per-component factors that multiply the straight colours of what a subtree draws: a
/// replicator instance's `instanceColor` plus its offsets, or an emitter particle's colour.
///
/// A premultiplied colour (r·a, g·a, b·a, a) becomes (r·R·a·A, g·G·a·A, b·B·a·A, a·A); an image
/// is multiplied the same way through its quad's `textureTint`.
struct ColorMultiplier: Equatable {
    var red: Float, green: Float, blue: Float, alpha: Float

    /// No change.
    static let identity = ColorMultiplier(red: 1, green: 1, blue: 1, alpha: 1)

    /// Whether multiplying changes nothing.
    var isIdentity: Bool { self == .identity }

    /// `color` with its straight components multiplied.
    func apply(to color: PremultipliedColor) -> PremultipliedColor {
        PremultipliedColor(red: color.red * red * alpha, green: color.green * green * alpha,
                           blue: color.blue * blue * alpha, alpha: color.alpha * alpha)
    }

    /// `quad` with its fill, gradient, border and image multiplied.
    func apply(to quad: Quad) -> Quad {
        var q = quad
        if q.texture != nil {
            let t = q.textureTint
            q.textureTint = PremultipliedColor(red: t.red * red * alpha, green: t.green * green * alpha,
                                               blue: t.blue * blue * alpha, alpha: t.alpha * alpha)
        }
        q.fillColor = apply(to: q.fillColor)
        q.borderColor = apply(to: q.borderColor)
        // A fill made translucent must blend with what is behind it (Listing 6.9's reflection:
        // the instance at alpha 0.4 over the background), not replace it.
        if q.fillColor.alpha < 1 { q.isOpaque = false }
        // Nor does a body made translucent cover its shadow (`Quad.coveredRect`).
        if alpha < 1 { q.coveredRect = nil }
        if var gradient = q.gradient {
            gradient.stops = gradient.stops.map { s in
                GradientFill.Stop(location: s.location, red: s.red * red, green: s.green * green,
                                  blue: s.blue * blue, alpha: s.alpha * alpha)
            }
            q.gradient = gradient
        }
        return q
    }

    /// Multiplies the quads of `commands[range]` that paint picture (not those of masks, whose
    /// alpha is a coverage, not a colour). A multiplied group may not reuse a rasterized image
    /// keyed only by its layer, so it loses its rasterization key.
    func apply(to commands: inout [DrawCommand], from start: Int) {
        guard !isIdentity, start < commands.count else { return }
        // For each open group: whether its mask section has begun.
        var inMask: [Bool] = []
        for index in start..<commands.count {
            switch commands[index] {
            case .quad(let quad):
                if inMask.last != true { commands[index] = .quad(apply(to: quad)) }
            case .beginGroup(var group):
                group.rasterizationKey = nil
                commands[index] = .beginGroup(group)
                inMask.append(inMask.last == true)
            case .beginMask:
                if !inMask.isEmpty { inMask[inMask.count - 1] = true }
            case .endGroup:
                _ = inMask.popLast()
            }
        }
    }
}
