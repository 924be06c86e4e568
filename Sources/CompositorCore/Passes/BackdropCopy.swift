import CoreGraphics
import Foundation

/// A copy of a rectangle of a host's pixels into an offscreen image of its own (a backdrop's,
/// a blend's): which target pixels it reads, its size, and the part of the host's pass space
/// it covers.
///
/// A host drawn smaller than its pass space (a group scaled down to fit the largest target) is
/// read at its own resolution; a copy larger than the largest target is scaled down to fit.
public struct BackdropCopy: Sendable, Equatable {
    /// The host target's pixels read (row 0 at the top).
    public var read: PixelRect
    /// The copy's width in pixels.
    public var width: Int
    /// The copy's height in pixels.
    public var height: Int
    /// The rectangle of the host's pass space the copy covers.
    public var covered: CGRect

    /// The copy of `rect` (pixels of a pass space of `canvasWidth` x `canvasHeight`) from a
    /// host target of `targetWidth` x `targetHeight`, into an image no larger than
    /// `maximumSize` on a side.
    public init(of rect: PixelRect, canvasWidth: Int, canvasHeight: Int, targetWidth: Int, targetHeight: Int,
                maximumSize: Int = .max) {
        let sx = Double(targetWidth) / Double(canvasWidth), sy = Double(targetHeight) / Double(canvasHeight)
        let x0 = min(targetWidth - 1, Int((Double(rect.x) * sx).rounded(.down)))
        let y0 = min(targetHeight - 1, Int((Double(rect.y) * sy).rounded(.down)))
        let x1 = max(x0 + 1, min(targetWidth, Int((Double(rect.x + rect.width) * sx).rounded(.up))))
        let y1 = max(y0 + 1, min(targetHeight, Int((Double(rect.y + rect.height) * sy).rounded(.up))))
        read = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let limit = Double(maximumSize)
        let fit = min(1, limit / Double(read.width), limit / Double(read.height))
        width = max(1, Int(Double(read.width) * fit))
        height = max(1, Int(Double(read.height) * fit))
        covered = CGRect(x: Double(x0) / sx, y: Double(y0) / sy, width: Double(read.width) / sx, height: Double(read.height) / sy)
    }

    /// Copy pixels per pass-space pixel, horizontally and vertically.
    public var scale: (x: Double, y: Double) { (Double(width) / covered.width, Double(height) / covered.height) }
}
