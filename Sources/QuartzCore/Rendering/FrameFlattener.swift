import Foundation
import CompositorCore

/// Turns a committed layer tree, evaluated at a media time, into the flattened draw list that
/// every renderer consumes (DESIGN.md, "The path of a frame", steps 2 and 3).
///
/// Per layer, in painter's order: its background (with the border when nothing is drawn
/// between them), its contents, its sublayers sorted by `zPosition` then index, and its border
/// on top of both. Opacity multiplies down the tree. `masksToBounds` pushes a (rounded) clip
/// for the contents and the sublayers. Every layer flattens its sublayers into its own plane;
/// a layer that is not double-sided and faces away is skipped with its sublayers.
struct FrameFlattener {
    /// The committed layers.
    let layers: [UInt64: RenderLayer]
    /// Global media time of the frame.
    let time: CFTimeInterval
    /// Maps the root layer's superlayer space (points) to canvas pixels.
    let viewTransform: CATransform3D

    private(set) var commands: [DrawCommand] = []
    private(set) var clips: [Clip] = []
    /// Whether any visited layer had animations (so later frames may differ).
    private(set) var sawAnimations = false
    /// The earliest global media time, at or after `time`, at which a visited animation changes
    /// what is drawn: `time` while one runs, the start of the first one still to come, or
    /// `.infinity` when none will.
    private(set) var nextChangeTime: CFTimeInterval = .infinity

    init(layers: [UInt64: RenderLayer], time: CFTimeInterval, viewTransform: CATransform3D) {
        self.layers = layers
        self.time = time
        self.viewTransform = viewTransform
    }

    /// Flattens the tree under `rootID` into a draw list of the given pixel size.
    mutating func flatten(rootID: UInt64, pixelWidth: Int, pixelHeight: Int, clearColor: PremultipliedColor) -> DrawList {
        commands.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        if let root = layers[rootID] {
            visit(root, parentState: nil, parentWorld: viewTransform, parentTime: time, parentRate: 1, opacity: 1, clip: nil)
        }
        return DrawList(pixelWidth: pixelWidth, pixelHeight: pixelHeight, clearColor: clearColor,
                        commands: commands, clips: clips)
    }

    /// The presentation state of `layer`: its model state with its animations applied at the
    /// layer's local time, which is returned too (the parent time of its sublayers).
    static func presentation(of layer: RenderLayer, parentTime: CFTimeInterval) -> (LayerState, CFTimeInterval) {
        let localTime = LayerTime.step(parentTime, through: layer.state)
        var state = layer.state
        for animation in layer.animations { animation.apply(to: &state, parentTime: localTime) }
        return (state, localTime)
    }

    private mutating func visit(_ layer: RenderLayer, parentState: LayerState?, parentWorld: CATransform3D,
                                parentTime: CFTimeInterval, parentRate: Double, opacity parentOpacity: Float,
                                clip parentClip: Int32?) {
        let (s, localTime) = Self.presentation(of: layer, parentTime: parentTime)
        let rate = parentRate * Double(layer.state.speed)
        if !layer.animations.isEmpty {
            sawAnimations = true
            noteNextChange(of: layer.animations, localTime: localTime, rate: rate)
        }
        let opacity = parentOpacity * max(0, min(1, s.opacity))
        guard !s.isHidden, opacity > 0 else { return }
        let world = LayerGeometry.toSuperlayer(s, parent: parentState, flattens: layer.kind == .plain)
            .concatenating(parentWorld)
        if !s.isDoubleSided && Self.isFacingAway(s.bounds, world) { return }
        let matrix = Matrix4(world)
        let radii = CornerRadii(s)
        let edges = s.antialiasedEdgeBits

        let image = layer.kind == .plain ? s.contents : nil
        let background = layer.kind == .plain ? PremultipliedColor(s.backgroundColor) : .clear
        let border = layer.kind == .plain && s.borderWidth > 0 ? PremultipliedColor(s.borderColor) : .clear
        let mergeBorder = image == nil && layer.sublayerIDs.isEmpty
        if background.alpha > 0 || (mergeBorder && border.alpha > 0) {
            var quad = Quad(transform: matrix, rect: s.bounds, fillColor: background, cornerRadii: radii,
                            opacity: opacity, clipIndex: parentClip, isDoubleSided: s.isDoubleSided,
                            antialiasedEdges: edges)
            if mergeBorder && border.alpha > 0 {
                quad.borderWidth = Float(s.borderWidth)
                quad.borderColor = border
            }
            quad.isOpaque = background.alpha >= 1 && opacity >= 1 && radii.isZero && quad.borderWidth == 0
            commands.append(.quad(quad))
        }

        var innerClip = parentClip
        if s.masksToBounds {
            clips.append(Clip(transform: matrix, rect: s.bounds, cornerRadii: radii, parentIndex: parentClip))
            innerClip = Int32(clips.count - 1)
        }
        if let image {
            let filterMin = TextureFilter(s.minificationFilter), filterMag = TextureFilter(s.magnificationFilter)
            for piece in ContentsLayout.pieces(for: s, image: image) {
                let texture = TextureSource(image: image, unitRect: piece.unitSource,
                                            minificationFilter: filterMin, magnificationFilter: filterMag)
                commands.append(.quad(Quad(transform: matrix, rect: piece.destination, texture: texture,
                                           opacity: opacity, clipIndex: innerClip,
                                           isDoubleSided: s.isDoubleSided, antialiasedEdges: edges)))
            }
        }
        for id in Self.paintOrder(layer.sublayerIDs, in: layers) {
            guard let sublayer = layers[id] else { continue }
            visit(sublayer, parentState: s, parentWorld: world, parentTime: localTime, parentRate: rate,
                  opacity: opacity, clip: innerClip)
        }
        if !mergeBorder && border.alpha > 0 {
            commands.append(.quad(Quad(transform: matrix, rect: s.bounds, cornerRadii: radii,
                                       borderWidth: Float(s.borderWidth), borderColor: border, opacity: opacity,
                                       clipIndex: parentClip, isDoubleSided: s.isDoubleSided, antialiasedEdges: edges)))
        }
    }

    /// Lowers `nextChangeTime` for a layer's animations, whose parent time is the layer's
    /// `localTime`, which advances `rate` times as fast as global time (0 when paused).
    private mutating func noteNextChange(of animations: [CompiledAnimation], localTime: CFTimeInterval, rate: Double) {
        guard rate != 0 else { return }
        for animation in animations {
            switch animation.timing.phase(atParentTime: localTime) {
            case .active:
                nextChangeTime = time
            case .before where rate > 0:
                let start = time + (animation.timing.beginTime - localTime) / rate
                nextChangeTime = min(nextChangeTime, max(time, start))
            case .before, .after:
                break
            }
        }
    }

    /// Siblings back to front: by `zPosition`, then by index (a stable sort). The common case,
    /// every zPosition 0, returns the array as it is, without allocating.
    static func paintOrder(_ ids: [UInt64], in layers: [UInt64: RenderLayer]) -> [UInt64] {
        func z(_ id: UInt64) -> CGFloat { layers[id]?.state.zPosition ?? 0 }
        guard ids.contains(where: { z($0) != 0 }) else { return ids }
        return ids.enumerated().map { (index: $0.offset, id: $0.element, z: z($0.element)) }
            .sorted { $0.z != $1.z ? $0.z < $1.z : $0.index < $1.index }
            .map(\.id)
    }

    /// Whether the rectangle, mapped through `m`, faces away from the viewer: its projected
    /// corners wind the other way (negative signed area in y-down canvas space).
    static func isFacingAway(_ rect: CGRect, _ m: CATransform3D) -> Bool {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        let p = corners.compactMap { m.projectPoint($0) }
        guard p.count == 4 else { return true }
        var area: CGFloat = 0
        for i in 0..<4 {
            let a = p[i], b = p[(i + 1) % 4]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0
    }
}
