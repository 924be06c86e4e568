import Foundation

/// Redraws, for each rendered frame, the layers whose display-driving properties animate.
///
/// A layer class that returns true from `needsDisplay(forKey:)` for a property draws that
/// property. While an animation of such a property runs, a renderer asks this driver, once per
/// frame, for the frame's contents: each such layer's presentation copy at the frame's time is
/// made and displayed (through the subclass's `display()`/`draw(in:)` or the delegate), and the
/// image it draws stands in for the layer's contents in that frame only. The model layer's own
/// contents (drawn from the model value when it was set) are untouched, so the layer shows them
/// again once the animation ends. This is what Apple's Core Animation does for custom
/// properties drawn from the presentation layer, such as a pie chart's progress.
///
/// Layers are found when a commit includes them (every layer whose animations were added or
/// removed changed in its transaction) or `displayIfNeeded()` runs on them. The driver belongs to
/// the transactions of the thread that owns the layer tree (`TransactionStack`, lent with them to
/// a helper thread), and a renderer is handed it when it is made (`ofCallingThread`): the renderer
/// must draw on that thread, as `CARenderer` does (drawing calls app code, which is not
/// thread-safe).
package final class DisplayAnimationDriver {
    /// The driver of the calling thread's transactions, to hand to a renderer made on it.
    package static var ofCallingThread: DisplayAnimationDriver { TransactionStack.current.displayDriver }

    private struct Entry {
        weak var layer: CALayer?
    }
    private var entries: [UInt64: Entry] = [:]

    /// Remembers `layer` when one of its animations drives its display.
    func noteAnimations(of layer: CALayer) {
        guard !layer.isPresentationCopy else { return }
        if layer.displayDrivingKeys().isEmpty {
            // Most changed layers have no animation, and most commits find the driver idle.
            if !entries.isEmpty { entries.removeValue(forKey: layer.layerID) }
        } else {
            entries[layer.layerID] = Entry(layer: layer)
        }
    }

    /// Notes that `layer` has no animation (any longer): `noteAnimations(of:)` for a layer known
    /// to have none, without looking at its animations.
    func forgetAnimations(of layer: CALayer) {
        if !entries.isEmpty { entries.removeValue(forKey: layer.layerID) }
    }

    /// The number of layers the driver watches (for tests and diagnostics).
    var watchedLayerCount: Int { entries.count }

    /// Returns the render tree for a frame at `time`: `layers` with the contents of every watched
    /// layer whose display-driving property differs from its model value at that time replaced
    /// by a drawing of its presentation copy.
    package func layersForFrame(_ layers: LayerIDTable<RenderLayer>, at time: CFTimeInterval) -> LayerIDTable<RenderLayer> {
        guard !entries.isEmpty else { return layers }
        var result = layers
        for (id, entry) in entries {
            guard let layer = entry.layer else {
                entries.removeValue(forKey: id)
                continue
            }
            let keys = layer.displayDrivingKeys()
            guard !keys.isEmpty else {
                entries.removeValue(forKey: id)
                continue
            }
            guard result[id] != nil else { continue }
            let presented = layer.presentationState(at: time)
            let differs = keys.contains { presented.animatableValue(forKeyPath: $0) != layer.state.animatableValue(forKeyPath: $0) }
            guard differs else { continue }
            result[id]?.state.contents = layer.drawPresentation(presented)
        }
        return result
    }
}

extension CALayer {
    /// The key paths of the layer's animations for which the class's `needsDisplay(forKey:)` is true.
    func displayDrivingKeys() -> Set<String> {
        guard !animationStore.isEmpty else { return [] }
        var keys = Set<String>()
        func collect(_ animation: CAAnimation) {
            if let property = animation as? CAPropertyAnimation, let path = property.keyPath,
               type(of: self).needsDisplay(forKey: path) {
                keys.insert(path)
            }
            if let group = animation as? CAAnimationGroup { group.animations?.forEach(collect) }
        }
        for attached in animationStore { collect(attached.animation) }
        return keys
    }

    /// Makes a presentation copy with `presented` values, displays it and returns what it drew.
    func drawPresentation(_ presented: LayerState) -> CGImage? {
        let copy = type(of: self).init(CARuntimeInstantiation(), copying: self)
        copy.state = presented
        // Custom keys are read back from `customObjects`: give the copy the animated values.
        for (key, value) in presented.customValues where state.customValues[key] != value {
            copy.customObjects[key] = value.anyValue
        }
        copy.modelLayerStorage = self
        copy.display()
        return copy.contentsObject as? CGImage
    }
}
