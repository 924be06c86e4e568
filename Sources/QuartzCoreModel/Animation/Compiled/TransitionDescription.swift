import Synchronization

/// A transition as the renderer draws it: its kind, its direction, and how far it has
/// progressed at a given time. The renderer composes the layer's before and after states.
package struct TransitionDescription: Sendable, Equatable {
    /// The kind of transition.
    package let type: CATransitionType
    /// The direction; nil means from the left (001:5262-5270).
    package let subtype: CATransitionSubtype?
    /// The progress at the start of the transition.
    let startProgress: Double
    /// The progress at the end of the transition.
    let endProgress: Double
    /// Identifies this compiled transition, so that the render tree keeps the before-state it
    /// captured for it across later commits.
    let id: UInt64
    /// The layer's subtree as committed before the transition was added; set by the render
    /// tree when the commit that carries the transition arrives (nil until then).
    package var before: TransitionSnapshot?

    private static let nextID = Atomic<UInt64>(0)

    init(_ transition: CATransition) {
        type = transition.type
        subtype = transition.subtype
        startProgress = Double(min(max(transition.startProgress, 0), 1))
        endProgress = Double(min(max(transition.endProgress, 0), 1))
        id = Self.nextID.add(1, ordering: .relaxed).newValue
    }

    /// The transition's progress (0 = before state, 1 = after state) at `fraction` of its
    /// duration, after the timing function: `startProgress` to `endProgress`.
    func progress(at fraction: Double) -> Double {
        startProgress + (endProgress - startProgress) * fraction
    }

    package static func == (a: TransitionDescription, b: TransitionDescription) -> Bool {
        a.type == b.type && a.subtype == b.subtype && a.startProgress == b.startProgress
            && a.endProgress == b.endProgress && a.id == b.id && a.before === b.before
    }
}

extension CompiledAnimation {
    /// Whether this is a transition: its kind's case, without its payload copied out.
    package var isTransition: Bool {
        if case .transition = kind { return true }
        return false
    }

    /// The transition this animation draws, or nil when it is not a transition.
    package var transitionDescription: TransitionDescription? {
        guard case let .transition(description) = kind else { return nil }
        return description
    }

    /// Whether this is a transition still waiting for its before-state.
    var isTransitionWithoutBeforeState: Bool {
        guard let description = transitionDescription else { return false }
        return description.before == nil
    }

    /// The same transition with its before-state set (other animations are returned as they are).
    func withTransitionBeforeState(_ before: TransitionSnapshot) -> CompiledAnimation {
        guard var description = transitionDescription else { return self }
        description.before = before
        return CompiledAnimation(keyPath: keyPath, timing: timing, timingFunction: timingFunction,
                                 isRemovedOnCompletion: isRemovedOnCompletion, kind: .transition(description))
    }
}

extension Array where Element == CompiledAnimation {
    /// Whether any of the animations is a transition, each read where it lies in the array's
    /// storage, through a pointer (the array's and a buffer pointer's subscripts copy an
    /// element out, its parts retained and released): asked for every animated layer and frame.
    package var containsTransition: Bool {
        withUnsafeBufferPointer { list in
            guard let animation = list.baseAddress else { return false }
            return list.indices.contains { animation[$0].isTransition }
        }
    }

    /// The last transition that shows at `parentTime` (the layer's local time) and its
    /// progress, or nil; each animation read as `containsTransition` reads it.
    package func shownTransition(atParentTime parentTime: CFTimeInterval) -> (TransitionDescription, Double)? {
        withUnsafeBufferPointer { list in
            guard let animation = list.baseAddress else { return nil }
            for index in list.indices.reversed() where animation[index].isTransition {
                guard let description = animation[index].transitionDescription,
                      let progress = animation[index].transitionProgress(atParentTime: parentTime) else { continue }
                return (description, progress)
            }
            return nil
        }
    }
}
