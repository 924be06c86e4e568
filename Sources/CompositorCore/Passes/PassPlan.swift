import CoreGraphics
import Foundation

/// The offscreen passes of one frame, in the order they run, and what each reads and writes:
/// made once from the draw list by `PassPlanner`, executed by every renderer in its own way.
///
/// A pass writes one target (`targets`, by index; target 0 is the canvas) and reads others
/// (`reads`): a group's content pass reads the images and shadows of the groups it composites,
/// a filter step the image before it, a shadow the finished image. Every pass comes after the
/// passes whose output it reads, and a group's passes all come before the pass that composites
/// it (a group starts transparent and reads nothing drawn before it), so the list is a
/// topological order of the frame's render-task graph, the canvas last.
///
/// Some passes read their host's pixels part-way through it: a backdrop's copy
/// (`BackdropFilter`) and a group's blend with what lies behind it (`CompositingGroup.blendFormula`).
/// They are the host's `barriers`, listed right after it in node order; a renderer runs them
/// when its drawing of the host reaches their `node`, then goes on drawing into the host
/// without clearing it.
///
/// A target's lifetime ends with its last reader: the pass that reads it last lists it in
/// `releases`, and a renderer hands it back to its pool once that pass is done (for a host,
/// once its barriers and all its drawing are), so that a later pass of the frame may reuse it.
public struct PassPlan: Sendable, Equatable {
    /// What a pass does.
    public enum Kind: Sendable, Equatable {
        /// The roots of the frame drawn onto the canvas (target 0); always the last pass.
        case canvas
        /// A group's content nodes drawn into its image; when the pass reads a `mask`, the
        /// image is then multiplied by the mask's alpha.
        case content(group: Int)
        /// A group's mask nodes drawn into the mask's image.
        case mask(group: Int)
        /// Step `step` of a group's `filters` run over the image before it.
        case filter(group: Int, step: Int)
        /// A filtered group's image multiplied by its mask's alpha (filters come before the mask).
        case applyMask(group: Int)
        /// A group's finished image's alpha blurred for its shadow (`BlurPlan`).
        case shadow(group: Int)
        /// A barrier: a group's image mixed with the host's pixels under it by its blend formula,
        /// ready to composite source-over; `node` is the group's position in the tree's nodes.
        case blend(group: Int, node: Int)
        /// A barrier: the host's pixels that the backdrop quad at `node` (the `.quad` command
        /// `command`) reads, copied.
        case backdropCopy(command: Int, node: Int)
        /// A barrier: step `step` of the backdrop filter of the quad at `node`, over the image
        /// before it, edges duplicated.
        case backdropFilter(command: Int, node: Int, step: Int)
    }

    /// Where a `.blend` pass mixes a group with what lies behind it.
    public enum BlendSpace: Sendable, Equatable {
        /// In the group's own pixels, each with the host pixel under its centre; the pass's
        /// target is of the group's image's size and is composited through the group's
        /// transform. For a transform that keeps axes aligned.
        case group
        /// In the host's pixels under the group's transformed bounds (`copy.read`), the pass's
        /// target of the copy's size, shown over them untransformed: for a group its transform
        /// turns or projects (`TransformedBlend`).
        case host
    }

    /// Why a pass reads a target.
    public enum Role: Sendable, Equatable {
        /// The image of the group at this index, composited (or blended).
        case groupImage(Int)
        /// The blurred shadow of the group at this index, composited under it.
        case groupShadow(Int)
        /// A group's image mixed with its backdrop, composited instead of the image.
        case blended(Int)
        /// A group's mask, whose alpha multiplies the image.
        case mask
        /// The image a step works on (a filter's input, a shadow's image).
        case source
        /// The host's pixels drawn so far (a backdrop's copy, a blend).
        case host
        /// A backdrop's filtered copy, shown through the backdrop quad.
        case backdrop
    }

    /// An offscreen image of the frame (or the canvas).
    public struct Target: Sendable, Equatable {
        /// The width in pixels.
        public var width: Int
        /// The height in pixels.
        public var height: Int
        /// The pass that writes it first, or nil when no pass does (a rasterized group's image
        /// kept from an earlier frame).
        public var writer: Int?
        /// The pass whose end ends the target's lifetime (it lists the target in `releases`),
        /// or nil when it lives until the frame ends (the canvas, what a cache keeps, what the
        /// canvas reads).
        public var lastReader: Int?
        /// Whether the target is kept beyond the frame (a rasterized group's image and shadow).
        public var outlivesFrame: Bool
    }

    /// One pass.
    public struct Pass: Sendable, Equatable {
        /// What the pass does.
        public var kind: Kind
        /// The target written.
        public var target: Int
        /// The pass's reads: a range of `PassPlan.reads`.
        public var reads: Range<Int>
        /// The passes run part-way through this one (a range of `PassPlan.passes`, right after it).
        public var barriers: Range<Int>
        /// The host a barrier runs inside, or nil.
        public var host: Int?
        /// The targets whose lifetime ends when this pass is done: a range of `PassPlan.released`.
        public var releases: Range<Int>
        /// Target pixels per pixel of the space the pass's geometry is given in: a group's scale
        /// (below 1 when it was drawn smaller to fit the largest target), a backdrop copy's
        /// (filter sigmas are multiplied by it).
        public var scale: Double
        /// A copy of the host's pixels the pass makes (`.backdropCopy`, `.blend`), or nil.
        public var copy: BackdropCopy?
        /// Where a `.blend` pass mixes (`.group` for every other pass).
        public var blendSpace: BlendSpace = .group
        /// Whether the pass may write its `source` in place: it is the source's last reader and
        /// the two are of one size (a renderer that cannot read and write one image ignores it).
        public var mayWriteInPlace: Bool
    }

    /// A target a pass reads, and why.
    public struct Read: Sendable, Equatable {
        /// The target read.
        public var target: Int
        /// What the pass does with it.
        public var role: Role

        /// A read of `target` for `role`.
        public init(target: Int, role: Role) {
            self.target = target; self.role = role
        }
    }

    /// What the plan gives each group of the tree.
    public struct GroupTargets: Sendable, Equatable {
        /// The group's finished image (content, filters, mask), or nil when it is not drawn.
        public var image: Int?
        /// Its blurred shadow, or nil without one.
        public var shadow: Int?
        /// Its image mixed with its backdrop, or nil when it composites without a blend formula.
        public var blended: Int?
        /// Target pixels per group pixel (below 1 for a group larger than the largest target).
        public var scale: Double
        /// Whether the image is kept from an earlier frame (no pass draws it).
        public var isKept: Bool

        static let notDrawn = GroupTargets(image: nil, shadow: nil, blended: nil, scale: 1, isKept: false)
    }

    /// The passes, in the order they run (barriers right after their host), the canvas's last
    /// among the passes that are not barriers.
    public internal(set) var passes: [Pass] = []
    /// The targets, the canvas first.
    public internal(set) var targets: [Target] = []
    /// The reads of every pass, each pass's contiguous.
    public internal(set) var reads: [Read] = []
    /// The targets released after each pass, each pass's contiguous.
    public internal(set) var released: [Int] = []
    /// For each group of the tree (by index), its targets.
    public internal(set) var groups: [GroupTargets] = []

    /// An empty plan.
    public init() {}

    /// The targets pass `index` reads.
    public func reads(of index: Int) -> ArraySlice<Read> { reads[passes[index].reads] }

    /// The targets whose lifetime ends with pass `index`.
    public func releases(of index: Int) -> ArraySlice<Int> { released[passes[index].releases] }

    /// The index of the canvas pass.
    public var canvasPass: Int? { passes.lastIndex { $0.kind == .canvas } }

    /// The target of the pass reading `role` among `index`'s reads, if any.
    public func target(read role: Role, by index: Int) -> Int? {
        reads(of: index).first { $0.role == role }?.target
    }
}
