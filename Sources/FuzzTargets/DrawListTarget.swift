import CompositorCore
import CoreGraphics
import CPURenderer
import GLESRenderer

/// Any sequence of draw-list commands (quads with every effect, groups with shadows, masks and
/// rasterization keys, unbalanced nesting, clips whose parents point anywhere, non-finite
/// geometry) rendered whole and through damage rectangles by the CPU and the GLES renderer. A
/// malformed list is the producer's bug, but a renderer must refuse it with an error, not crash.
enum DrawListTarget {
    static let size = 24
    nonisolated(unsafe) private static var renderers: [FrameRenderer]?

    private static func makeRenderers() -> [FrameRenderer] {
        var made: [FrameRenderer] = []
        if let cpu = try? CPURenderer(pixelWidth: size, pixelHeight: size, threadCount: 1) { made.append(cpu) }
        if let gles = try? GLESRenderer(pixelWidth: size, pixelHeight: size) { made.append(gles) }
        return made
    }

    static func run(_ input: inout FuzzInput) {
        if renderers == nil { renderers = makeRenderers() }
        let list = makeList(&input)
        let damage = PixelRect(x: input.index(below: size), y: input.index(below: size),
                               width: input.index(below: size + 1), height: input.index(below: size + 1))
        for renderer in renderers ?? [] {
            _ = try? renderer.render(list)
            _ = try? renderer.render(list, damageRegion: [damage])
        }
    }

    static func makeList(_ input: inout FuzzInput) -> DrawList {
        var list = DrawList(pixelWidth: size, pixelHeight: size, clearColor: color(&input))
        for _ in 0..<input.index(below: 5) {
            list.clips.append(Clip(transform: matrix(&input), rect: input.rect(),
                                   cornerRadii: CornerRadii(uniform: Float(input.double())),
                                   parentIndex: input.bool() ? Int32(input.index(below: 8)) - 2 : nil))
        }
        for _ in 0..<input.index(below: 16) {
            switch input.byte() % 8 {
            case 0: list.commands.append(.beginGroup(group(&input)))
            case 1: list.commands.append(.beginMask)
            case 2: list.commands.append(.endGroup)
            default: list.commands.append(.quad(quad(&input)))
            }
        }
        return list
    }

    private static func quad(_ input: inout FuzzInput) -> Quad {
        var quad = Quad(transform: matrix(&input), rect: input.rect(), fillColor: color(&input),
                        cornerRadii: CornerRadii(minXMinY: Float(input.double()), maxXMinY: Float(input.double()),
                                                 maxXMaxY: Float(input.double()), minXMaxY: Float(input.double())),
                        borderWidth: Float(input.double()), borderColor: color(&input), opacity: Float(input.double()),
                        clipIndex: input.bool() ? Int32(input.index(below: 8)) - 2 : nil, isOpaque: input.bool(),
                        isDoubleSided: input.bool(), antialiasedEdges: input.byte(),
                        blurSigma: input.bool() ? Float(input.double()) : 0,
                        blendMode: input.bool() ? .plusLighter : .sourceOver)
        if input.byte() % 4 == 0, let image = FuzzValues.image(&input) {
            quad.texture = TextureSource(image: image, unitRect: input.rect(),
                                         minificationFilter: input.choose([.nearest, .linear, .trilinear]),
                                         magnificationFilter: input.choose([.nearest, .linear]))
        }
        if input.byte() % 4 == 0 {
            let stops = (0..<input.index(below: 20)).map { _ in
                GradientFill.Stop(location: Float(input.double()), red: Float(input.double()), green: Float(input.double()),
                                  blue: Float(input.double()), alpha: Float(input.double()))
            }
            quad.gradient = GradientFill(kind: input.choose([.axial, .radial, .conic]), startPoint: input.point(),
                                         endPoint: input.point(), stops: stops)
        }
        return quad
    }

    private static func group(_ input: inout FuzzInput) -> CompositingGroup {
        var group = CompositingGroup(
            transform: matrix(&input), rect: input.rect(),
            // Sizes up to 300 pixels (and a few negative ones): the CPU renderer's blur costs
            // in proportion to sigma per pixel, so a huge shadowed group is merely slow, which
            // would stop the run as a timeout without telling anything new.
            pixelWidth: Int(UInt16(input.byte()) << 8 | UInt16(input.byte())) % 304 - 4,
            pixelHeight: input.index(below: 64) - 4, opacity: Float(input.double()),
            clipIndex: input.bool() ? Int32(input.index(below: 8)) - 2 : nil, isDoubleSided: input.bool(),
            drawsContent: input.bool(),
            shadow: input.bool() ? GroupShadow(color: color(&input), offsetX: Float(input.double()),
                                               offsetY: Float(input.double()), sigma: Float(input.double())) : nil,
            rasterizationKey: input.bool() ? RasterizationKey(layerID: UInt64(input.byte()), contentVersion: UInt64(input.byte())) : nil,
            filter: input.choose([.nearest, .linear, .trilinear]))
        group.blendMode = input.bool() ? .plusLighter : .sourceOver
        return group
    }

    private static func color(_ input: inout FuzzInput) -> PremultipliedColor {
        PremultipliedColor(red: Float(input.double()), green: Float(input.double()), blue: Float(input.double()),
                           alpha: Float(input.double()))
    }

    private static func matrix(_ input: inout FuzzInput) -> Matrix4 {
        switch input.byte() % 4 {
        case 0: return .identity
        case 1: return .translation(input.double(), input.double())
        case 2: return .scale(input.double(), input.double())
        default:
            return Matrix4(m11: input.double(), m12: input.double(), m13: input.double(), m14: input.double(),
                           m21: input.double(), m22: input.double(), m23: input.double(), m24: input.double(),
                           m31: input.double(), m32: input.double(), m33: input.double(), m34: input.double(),
                           m41: input.double(), m42: input.double(), m43: input.double(), m44: input.double())
        }
    }
}
