import CoreGraphics
import Foundation

/// Makes a frame's `PassPlan` from its draw-list tree: the one order of offscreen passes both
/// renderers run, in the manner of a render-task graph (each pass a node, each target an edge
/// from its writer to its readers).
///
/// The planner keeps its plan and scratch storage from frame to frame: planning a frame like the
/// last allocates nothing.
public final class PassPlanner {
    /// The plan of the last frame planned.
    public private(set) var plan = PassPlan()
    private var tree: DrawListTree?
    private var maximumSize = Int.max
    /// The host reads gathered while its barriers are planned (they go to `reads` after them).
    private var hostReads: [PassPlan.Read] = []
    /// For each target, the completion rank of its last reader so far (see `finishLifetimes`).
    private var lastReadRank: [Int] = []
    private var releaseCounts: [Int] = []

    /// A planner with no plan yet.
    public init() {}

    /// Plans the frame of `tree` drawn onto a `canvasWidth` x `canvasHeight` canvas: the nodes at
    /// positions `roots` of `tree.nodes` (all of `tree.roots`, or those a damage-limited frame
    /// draws), every target at most `maximumSize` pixels a side (a group larger than that is
    /// drawn scaled down to fit). `isKept(g)` says whether the image of the group at index `g`
    /// is kept from an earlier frame (then none of its content is planned); `isBackdropKept(c)`
    /// whether the filtered backdrop of the canvas-level backdrop quad at command `c` is
    /// (`KeptBackdrops`: then neither its copy nor its filters are planned).
    @discardableResult
    public func plan<Roots: Collection<Int>>(_ tree: DrawListTree, roots: Roots, canvasWidth: Int, canvasHeight: Int,
                                             maximumSize: Int = .max, isKept: (Int) -> Bool = { _ in false },
                                             isBackdropKept: (Int) -> Bool = { _ in false }) -> PassPlan {
        self.tree = tree
        self.maximumSize = max(maximumSize, 1)
        plan.passes.removeAll(keepingCapacity: true)
        plan.targets.removeAll(keepingCapacity: true)
        plan.reads.removeAll(keepingCapacity: true)
        plan.released.removeAll(keepingCapacity: true)
        plan.groups.removeAll(keepingCapacity: true)
        plan.groups.append(contentsOf: repeatElement(.notDrawn, count: tree.groups.count))
        let canvas = addTarget(width: canvasWidth, height: canvasHeight)
        plan.targets[canvas].outlivesFrame = true
        // The roots read through a concrete type: walked through the generic `Collection` (this
        // function is not specialized for its callers in other modules), each of ten thousand
        // sprites cost about 3,000 instructions a frame.
        if let range = roots as? Range<Int> {
            planImage(.canvas, nodes: range, target: canvas, canvasWidth: canvasWidth, canvasHeight: canvasHeight, isKept: isKept,
                      isBackdropKept: isBackdropKept)
        } else {
            planImage(.canvas, nodes: Array(roots), target: canvas, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                      isKept: isKept, isBackdropKept: isBackdropKept)
        }
        finishLifetimes()
        self.tree = nil
        return plan
    }

    // MARK: - Images and groups

    /// Plans the groups among `nodes`, then the pass drawing them into `target` (a pass space of
    /// `canvasWidth` x `canvasHeight`) and its barriers; returns the pass.
    @discardableResult
    private func planImage<Nodes: Collection<Int>>(_ kind: PassPlan.Kind, nodes: Nodes, target: Int, canvasWidth: Int,
                                                   canvasHeight: Int, scale: Double = 1, isKept: (Int) -> Bool,
                                                   isBackdropKept: (Int) -> Bool = { _ in false }) -> Int {
        guard let tree else { return 0 }
        // Without groups no node plans a group's passes. (Quads are still looked at one by one for
        // backdrops: a tree the renderer's cache reshaped from the last frame's does not carry
        // `hasBackdrops`.)
        if !tree.groups.isEmpty {
            for position in nodes {
                if case .group(let index) = tree.nodes[position] { planGroup(index, isKept: isKept) }
            }
        }
        let host = addPass(kind, target: target, scale: scale)
        hostReads.removeAll(keepingCapacity: true)
        for position in nodes {
            switch tree.nodes[position] {
            case .quad(let command):
                // Asked in place: the quad is copied out of its command only when it has a backdrop.
                guard tree.hasBackdrop(quadAt: command), !isBackdropKept(command) else { continue }
                planBackdrop(tree.quad(at: command), command: command, node: position, host: host, canvasWidth: canvasWidth,
                             canvasHeight: canvasHeight)
            case .group(let index):
                let targets = plan.groups[index]
                guard let image = targets.image else { continue }
                if let shadow = targets.shadow { hostReads.append(PassPlan.Read(target: shadow, role: .groupShadow(index))) }
                if let blend = planBlend(of: index, node: position, host: host, canvasWidth: canvasWidth, canvasHeight: canvasHeight) {
                    plan.groups[index].blended = blend
                    hostReads.append(PassPlan.Read(target: blend, role: .blended(index)))
                } else {
                    hostReads.append(PassPlan.Read(target: image, role: .groupImage(index)))
                }
            }
        }
        plan.passes[host].barriers = (host + 1)..<plan.passes.count
        let start = plan.reads.count
        plan.reads.append(contentsOf: hostReads)
        plan.passes[host].reads = start..<plan.reads.count
        return host
    }

    /// Plans the passes of the group at `index` (content, mask, filters, shadow), its children's first.
    private func planGroup(_ index: Int, isKept: (Int) -> Bool) {
        guard let tree else { return }
        let node = tree.groups[index], group = node.group
        let visible = group.pixelWidth > 0 && group.pixelHeight > 0 && group.opacity > 0
            && group.rect.width > 0 && group.rect.height > 0 && (group.drawsContent || group.shadow != nil)
            && (group.isDoubleSided || !group.transform.facesAway)
        guard visible else { return }
        let scale = Self.scale(of: group, maximumSize: maximumSize)
        let width = max(1, Int((Double(group.pixelWidth) * scale).rounded(.down)))
        let height = max(1, Int((Double(group.pixelHeight) * scale).rounded(.down)))
        let rasterized = group.rasterizationKey != nil
        var image: Int
        if isKept(index) {
            image = addTarget(width: width, height: height)
        } else {
            var mask: Int?
            if let maskNodes = node.mask {
                mask = addTarget(width: width, height: height)
                planImage(.mask(group: index), nodes: maskNodes, target: mask!, canvasWidth: group.pixelWidth,
                          canvasHeight: group.pixelHeight, scale: scale, isKept: isKept)
            }
            image = addTarget(width: width, height: height)
            let content = planImage(.content(group: index), nodes: node.content, target: image, canvasWidth: group.pixelWidth,
                                    canvasHeight: group.pixelHeight, scale: scale, isKept: isKept)
            if let mask, group.filters.isEmpty { appendRead(PassPlan.Read(target: mask, role: .mask), to: content) }
            for (step, filter) in group.filters.enumerated() {
                if case .color(let matrix) = filter, matrix.isIdentity { continue }
                image = addStep(.filter(group: index, step: step), over: image, scale: scale)
            }
            if let mask, !group.filters.isEmpty {
                image = addStep(.applyMask(group: index), over: image, scale: scale, extra: PassPlan.Read(target: mask, role: .mask))
            }
        }
        plan.targets[image].outlivesFrame = rasterized
        var shadowTarget: Int?
        if let shadow = group.shadow, shadow.color.alpha > 0 {
            let blur = BlurPlan(sigma: Double(shadow.renderedSigma) * scale, contentWidth: width, contentHeight: height,
                                maximumSize: maximumSize)
            let target = addTarget(width: blur.width, height: blur.height)
            plan.targets[target].outlivesFrame = rasterized
            let pass = addPass(.shadow(group: index), target: target, scale: scale)
            appendRead(PassPlan.Read(target: image, role: .source), to: pass)
            shadowTarget = target
        }
        plan.groups[index] = PassPlan.GroupTargets(image: image, shadow: shadowTarget, blended: nil, scale: scale,
                                                   isKept: isKept(index))
    }

    /// Target pixels per group pixel: 1, or less for a group larger than `maximumSize` pixels a side.
    public static func scale(of group: CompositingGroup, maximumSize: Int) -> Double {
        let limit = Double(maximumSize)
        return min(1, limit / Double(group.pixelWidth), limit / Double(group.pixelHeight))
    }

    /// Adds a pass writing a new target of `source`'s size from `source` (and `extra`); returns the target.
    private func addStep(_ kind: PassPlan.Kind, over source: Int, scale: Double, host: Int? = nil,
                         extra: PassPlan.Read? = nil) -> Int {
        let target = addTarget(width: plan.targets[source].width, height: plan.targets[source].height)
        let pass = addPass(kind, target: target, scale: scale, host: host)
        appendRead(PassPlan.Read(target: source, role: .source), to: pass)
        if let extra { appendRead(extra, to: pass) }
        return target
    }

    // MARK: - Barriers

    /// Plans the copy and filter steps of a backdrop quad drawn into the host pass `host`.
    private func planBackdrop(_ quad: Quad, command: Int, node: Int, host: Int, canvasWidth: Int, canvasHeight: Int) {
        guard let backdrop = quad.backdrop else { return }
        let source = backdrop.sourcePixels(of: quad, width: canvasWidth, height: canvasHeight)
        guard !source.isEmpty, quad.opacity > 0 else { return }
        let hostTarget = plan.passes[host].target
        let copy = BackdropCopy(of: source, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                                targetWidth: plan.targets[hostTarget].width, targetHeight: plan.targets[hostTarget].height,
                                maximumSize: maximumSize)
        let scale = min(copy.scale.x, copy.scale.y)
        var image = addTarget(width: copy.width, height: copy.height)
        let pass = addPass(.backdropCopy(command: command, node: node), target: image, scale: scale, host: host)
        plan.passes[pass].copy = copy
        appendRead(PassPlan.Read(target: hostTarget, role: .host), to: pass)
        for (step, filter) in backdrop.filters.enumerated() {
            if case .color(let matrix) = filter, matrix.isIdentity { continue }
            image = addStep(.backdropFilter(command: command, node: node, step: step), over: image, scale: scale, host: host)
        }
        hostReads.append(PassPlan.Read(target: image, role: .backdrop))
    }

    /// Plans the blend of the group at `index` with its host's pixels; returns the blended
    /// target, or nil when the group composites without one (no blend formula, nothing drawn,
    /// no pixel covered). A group its transform turns or projects mixes in the host's pixels
    /// under its transformed bounds (`TransformedBlend`), any other in its own.
    private func planBlend(of index: Int, node: Int, host: Int, canvasWidth: Int, canvasHeight: Int) -> Int? {
        guard let tree, let image = plan.groups[index].image else { return nil }
        let group = tree.groups[index].group
        guard let formula = group.blendFormula, formula != .normal, formula.isBlendFormula, group.drawsContent else { return nil }
        let t = group.transform
        let space: PassPlan.BlendSpace = TransformedBlend.keepsAxesAligned(t) ? .group : .host
        let bounds: PixelRect
        if space == .group {
            let x0 = Double(group.rect.minX) * t.m11 + t.m41, x1 = Double(group.rect.maxX) * t.m11 + t.m41
            let y0 = Double(group.rect.minY) * t.m22 + t.m42, y1 = Double(group.rect.maxY) * t.m22 + t.m42
            bounds = PixelRect(enclosing: CGRect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0)))
                .intersection(PixelRect(x: 0, y: 0, width: canvasWidth, height: canvasHeight))
        } else {
            bounds = TransformedBlend.coveredPixels(of: group, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        }
        guard !bounds.isEmpty else { return nil }
        let hostTarget = plan.passes[host].target
        let copy = BackdropCopy(of: bounds, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                                targetWidth: plan.targets[hostTarget].width, targetHeight: plan.targets[hostTarget].height,
                                maximumSize: maximumSize)
        let target = space == .group ? addTarget(width: plan.targets[image].width, height: plan.targets[image].height)
            : addTarget(width: copy.width, height: copy.height)
        let pass = addPass(.blend(group: index, node: node), target: target, scale: plan.groups[index].scale, host: host)
        plan.passes[pass].copy = copy
        plan.passes[pass].blendSpace = space
        appendRead(PassPlan.Read(target: image, role: .source), to: pass)
        appendRead(PassPlan.Read(target: hostTarget, role: .host), to: pass)
        return target
    }

    // MARK: - Storage

    private func addTarget(width: Int, height: Int) -> Int {
        plan.targets.append(PassPlan.Target(width: width, height: height, writer: nil, lastReader: nil, outlivesFrame: false))
        return plan.targets.count - 1
    }

    private func addPass(_ kind: PassPlan.Kind, target: Int, scale: Double, host: Int? = nil) -> Int {
        let index = plan.passes.count
        plan.passes.append(PassPlan.Pass(kind: kind, target: target, reads: plan.reads.count..<plan.reads.count,
                                         barriers: (index + 1)..<(index + 1), host: host, releases: 0..<0, scale: scale,
                                         copy: nil, mayWriteInPlace: false))
        if plan.targets[target].writer == nil { plan.targets[target].writer = index }
        return index
    }

    /// Appends a read to `pass`, whose reads must be the last in `reads`.
    private func appendRead(_ read: PassPlan.Read, to pass: Int) {
        precondition(plan.passes[pass].reads.upperBound == plan.reads.count, "reads appended out of order")
        plan.reads.append(read)
        plan.passes[pass].reads = plan.passes[pass].reads.lowerBound..<plan.reads.count
    }

    // MARK: - Lifetimes

    /// Finds each target's last reader and lists the targets each pass releases.
    ///
    /// Passes complete in list order, except that a host completes after its barriers (which
    /// run inside it): a pass at index i has rank 2i, a host with barriers 2b + 1 for its last
    /// barrier b. A target read by the canvas, kept beyond the frame, or never read lives until
    /// the frame ends.
    private func finishLifetimes() {
        let targetCount = plan.targets.count
        lastReadRank.removeAll(keepingCapacity: true)
        lastReadRank.append(contentsOf: repeatElement(-1, count: targetCount))
        for (index, pass) in plan.passes.enumerated() {
            let rank = pass.barriers.isEmpty ? 2 * index : 2 * (pass.barriers.upperBound - 1) + 1
            for read in plan.reads[pass.reads] where rank > lastReadRank[read.target] {
                lastReadRank[read.target] = rank
                plan.targets[read.target].lastReader = index
            }
        }
        releaseCounts.removeAll(keepingCapacity: true)
        releaseCounts.append(contentsOf: repeatElement(0, count: plan.passes.count + 1))
        for target in plan.targets.indices {
            guard let reader = plan.targets[target].lastReader else { continue }
            if plan.targets[target].outlivesFrame || plan.passes[reader].kind == .canvas {
                plan.targets[target].lastReader = nil
                continue
            }
            releaseCounts[reader + 1] += 1
        }
        // Prefix sums: pass i releases released[counts[i]..<counts[i + 1]].
        for i in 0..<plan.passes.count { releaseCounts[i + 1] += releaseCounts[i] }
        plan.released.append(contentsOf: repeatElement(0, count: releaseCounts[plan.passes.count]))
        for i in plan.passes.indices { plan.passes[i].releases = releaseCounts[i]..<releaseCounts[i] }
        for target in plan.targets.indices {
            guard let reader = plan.targets[target].lastReader else { continue }
            let slot = plan.passes[reader].releases.upperBound
            plan.released[slot] = target
            plan.passes[reader].releases = plan.passes[reader].releases.lowerBound..<(slot + 1)
        }
        // A step reading its source last, at the source's size, may write over it (a blend in
        // the host's pixels reads it through the group's transform: never).
        for i in plan.passes.indices {
            let pass = plan.passes[i]
            guard let source = plan.reads[pass.reads].first(where: { $0.role == .source })?.target else { continue }
            plan.passes[i].mayWriteInPlace = plan.targets[source].lastReader == i && pass.blendSpace == .group
                && plan.targets[source].width == plan.targets[pass.target].width
                && plan.targets[source].height == plan.targets[pass.target].height
        }
    }
}
