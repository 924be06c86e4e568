/// A transition as the renderer draws it: its kind, its direction, and how far it has
/// progressed at a given time. The renderer composes the layer's before and after states.
struct TransitionDescription: Sendable, Equatable {
    /// The kind of transition.
    let type: CATransitionType
    /// The direction; nil means from the left (001:5262-5270).
    let subtype: CATransitionSubtype?
    /// The progress at the start of the transition.
    let startProgress: Double
    /// The progress at the end of the transition.
    let endProgress: Double

    init(_ transition: CATransition) {
        type = transition.type
        subtype = transition.subtype
        startProgress = Double(min(max(transition.startProgress, 0), 1))
        endProgress = Double(min(max(transition.endProgress, 0), 1))
    }

    /// The transition's progress (0 = before state, 1 = after state) at `fraction` of its
    /// duration, after the timing function: `startProgress` to `endProgress`.
    func progress(at fraction: Double) -> Double {
        startProgress + (endProgress - startProgress) * fraction
    }
}
