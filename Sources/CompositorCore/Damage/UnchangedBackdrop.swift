import Foundation

/// A canvas-level backdrop quad (`Quad.backdrop`) whose backdrop did not change between two
/// consecutive frames: the quad is the same, and no drawable before it that changed touches the
/// pixels its filters read (`BackdropFilter.sourcePixels`). Changes drawn after it (the
/// backdrop-filtered layer's own content and sublayers, anything above) do not count. A renderer
/// that kept the quad's filtered backdrop from the earlier frame may show it again instead of
/// copying and filtering the pixels anew (`DrawList.unchangedBackdrops`).
public struct UnchangedBackdrop: Sendable, Equatable {
    /// The quad's command index in the earlier frame's list.
    public var previousCommand: Int
    /// Its command index in this frame's list.
    public var command: Int

    /// The quad at `previousCommand` in the earlier frame, at `command` now.
    public init(previousCommand: Int, command: Int) {
        self.previousCommand = previousCommand; self.command = command
    }
}
