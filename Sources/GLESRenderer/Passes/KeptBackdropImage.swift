import CoreGraphics
import Foundation

/// A canvas-level backdrop's filtered image the GLES renderer keeps from frame to frame
/// (`KeptBackdrops`): its target, taken out of the pool while kept.
struct KeptBackdropImage {
    /// The target holding the filtered image.
    let target: RenderTarget
    /// The part of the target's content that covers `covered` (a final blur leaves the image
    /// at its own resolution, `GroupFilterPasses.finalBackdropBlur`).
    let unitRect: CGRect
    /// The canvas pixels the image covers (the copy's).
    let covered: CGRect
}
