import CompositorCore
import Foundation

/// A canvas-level backdrop's filtered image the CPU renderer keeps from frame to frame
/// (`KeptBackdrops`), its storage taken out of the pool while kept and given back when let go.
struct KeptBackdropBuffer {
    /// The filtered copy.
    let buffer: PixelBuffer
    /// The canvas pixels it was copied from.
    let source: PixelRect
}
