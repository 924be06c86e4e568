import Foundation
import CompositorCore

/// The images being drawn into while a frame is flattened: the canvas, then the image of each
/// group open inside it (`CompositingGroup`). Commands drawn now land in the last; what lies
/// outside it need not be drawn (a tiled layer's tiles, say).
struct GroupTargets: Sendable {
    /// The pixel sizes of the canvas and of each open group's image.
    private var sizes: [CGSize]

    /// The targets of a frame on a canvas of the given pixel size, no group open.
    init(canvasWidth: Int, canvasHeight: Int) {
        sizes = [CGSize(width: canvasWidth, height: canvasHeight)]
    }

    /// Opens `group`: its image is the target until it is closed.
    mutating func open(_ group: CompositingGroup) {
        sizes.append(CGSize(width: group.pixelWidth, height: group.pixelHeight))
    }

    /// Closes the innermost group (never the canvas).
    mutating func close() {
        if sizes.count > 1 { sizes.removeLast() }
    }

    /// The pixel rectangle of the image being drawn into now.
    var current: CGRect {
        CGRect(origin: .zero, size: sizes.last ?? .zero)
    }
}
