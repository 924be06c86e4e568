import Foundation
import CompositorCore

/// Turns a committed layer tree, evaluated at a media time, into the flattened draw list that
/// every renderer consumes (DESIGN.md, "The path of a frame", steps 2 and 3).
///
/// Per layer, in painter's order: its shadow, its background (with the border when nothing is
/// drawn between them), its contents, its sublayers sorted by `zPosition` then index, and its
/// border on top of both. Opacity multiplies down the tree unless the layer is composited as
/// a group (`CompositingGroup`: group opacity, masks, shadows of composited content,
/// `shouldRasterize`, the two states of a transition); see `drawLayer(_:)` for when groups are
/// made. `masksToBounds` pushes a (rounded) clip for the contents and the sublayers. Every
/// layer flattens its sublayers into its own plane except a transform layer, whose subtree is
/// depth-sorted in 3D; a layer that is not double-sided and faces away is skipped with its
/// sublayers.
struct FrameFlattener {
    /// The committed layers (swapped for a transition's before-state while it is drawn).
    var layers: [UInt64: RenderLayer]
    /// Global media time of the frame.
    let time: CFTimeInterval
    /// Maps the root layer's superlayer space (points) to canvas pixels.
    let viewTransform: CATransform3D

    var commands: [DrawCommand] = []
    var clips: [Clip] = []
    /// The pixel sizes of the canvas and of each open group's image: the last is the target
    /// that commands draw into now.
    private(set) var targetSizes: [CGSize] = []
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
        targetSizes = [CGSize(width: pixelWidth, height: pixelHeight)]
        if let root = layers[rootID] {
            visit(root, in: ParentContext(world: viewTransform, time: time))
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

    /// Places and draws one layer and its subtree.
    mutating func visit(_ layer: RenderLayer, in parent: ParentContext) {
        guard let placed = place(layer, in: parent) else { return }
        draw(placed)
    }

    /// Draws a placed layer: a transform layer's 3D subtree, a running transition, or the layer.
    mutating func draw(_ p: PlacedLayer) {
        if p.layer.kind == .transform {
            drawTransformLayer(p)
        } else if let (transition, progress) = activeTransition(of: p) {
            drawTransition(transition, progress: progress, of: p)
        } else {
            drawLayer(p)
        }
    }

    /// Evaluates a layer at the frame's time and places it in the current target; nil when it
    /// draws nothing (hidden, transparent, or a single-sided layer facing away).
    mutating func place(_ layer: RenderLayer, in parent: ParentContext) -> PlacedLayer? {
        let (s, localTime) = Self.presentation(of: layer, parentTime: parent.time)
        let rate = parent.rate * Double(layer.state.speed)
        if !layer.animations.isEmpty {
            sawAnimations = true
            noteNextChange(of: layer.animations, localTime: localTime, rate: rate)
        }
        let opacity = parent.opacity * max(0, min(1, s.opacity))
        guard !s.isHidden, opacity > 0 else { return nil }
        let toParent = LayerGeometry.toSuperlayer(s, parent: parent.state, flattens: false)
        let world = (parent.flattensSublayers ? toParent.flattenedZ : toParent).concatenating(parent.world)
        if layer.kind == .plain && !s.isDoubleSided && Self.isFacingAway(s.bounds, world) { return nil }
        return PlacedLayer(layer: layer, state: s, parentTime: parent.time, localTime: localTime, rate: rate,
                           toParent: toParent, world: world, opacity: opacity, inheritedOpacity: parent.opacity,
                           clip: parent.clip)
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

    /// Opens a group: the commands that follow draw into its image.
    mutating func beginGroup(_ group: CompositingGroup) {
        commands.append(.beginGroup(group))
        targetSizes.append(CGSize(width: group.pixelWidth, height: group.pixelHeight))
    }

    /// Closes the innermost group.
    mutating func endGroup() {
        commands.append(.endGroup)
        if targetSizes.count > 1 { targetSizes.removeLast() }
    }

    /// The pixel rectangle of the image being drawn into now.
    var targetPixelRect: CGRect {
        CGRect(origin: .zero, size: targetSizes.last ?? .zero)
    }

    /// Notes content that changes with every frame while its layer's time runs (particles).
    mutating func noteContinuousChange(rate: Double) {
        sawAnimations = true
        if rate != 0 { nextChangeTime = time }
    }

    /// Notes content that will change at global time `t` (a tile that fades in, say).
    mutating func noteChange(at t: CFTimeInterval) {
        sawAnimations = true
        nextChangeTime = min(nextChangeTime, max(time, t))
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
        func corner(_ i: Int) -> CGPoint? {
            m.projectPoint(CGPoint(x: i == 0 || i == 3 ? rect.minX : rect.maxX, y: i < 2 ? rect.minY : rect.maxY))
        }
        guard let first = corner(0) else { return true }
        var area: CGFloat = 0
        var a = first
        for i in 1...4 {
            guard let b = i == 4 ? first : corner(i) else { return true }
            area += a.x * b.y - b.x * a.y
            a = b
        }
        return area < 0
    }
}
