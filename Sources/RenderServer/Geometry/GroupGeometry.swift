import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// The rectangle and pixel size of a group's intermediate image.
///
/// A group covers a rectangle of its local space at the density the group is seen at: the
/// pixels of the enclosing target per local unit (the largest singular value of the 2D part of
/// the transform, or, under perspective, the largest stretch of the rectangle's projected
/// edges), or a fixed density (`rasterizationScale` for rasterized layers). The rectangle is
/// grown to whole pixels, and, when the transform is a plain scale and translation, moved so
/// that its pixels fall on the target's pixels (no resampling blur). Images are capped at
/// `maximumPixelSize` on their longer side by lowering the density.
struct GroupGeometry: Equatable {
    /// The longest side of an intermediate image, in pixels: the model's cap on a layer's picture.
    static let maximumPixelSize = RasterGeometry.maximumPixelSize

    /// The local rectangle the image covers.
    let rect: CGRect
    /// The image's width in pixels.
    let pixelWidth: Int
    /// The image's height in pixels.
    let pixelHeight: Int
    /// Image pixels per local unit.
    let pixelsPerUnit: CGFloat

    /// The group covering `localRect` under `world`; nil for an empty or non-finite rectangle
    /// or a transform that collapses it.
    init?(covering localRect: CGRect, world: CATransform3D, fixedScale: CGFloat? = nil) {
        guard !localRect.isNull, localRect.width > 0, localRect.height > 0, localRect.minX.isFinite,
              localRect.minY.isFinite, localRect.maxX.isFinite, localRect.maxY.isFinite else { return nil }
        var k = fixedScale ?? Self.pixelsPerUnit(world, over: localRect)
        guard k.isFinite, k > 1e-6 else { return nil }
        let limit = CGFloat(Self.maximumPixelSize)
        let longest = max(localRect.width, localRect.height) * k
        if longest > limit { k *= limit / longest }
        var origin = CGPoint(x: (localRect.minX * k).rounded(.down) / k, y: (localRect.minY * k).rounded(.down) / k)
        if fixedScale == nil, world.isAffine2D, world.m12 == 0, world.m21 == 0, world.m11 == k, world.m22 == k {
            // Pixel-aligned: choose the origin whose target position is a whole pixel.
            origin.x = ((localRect.minX * k + world.m41).rounded(.down) - world.m41) / k
            origin.y = ((localRect.minY * k + world.m42).rounded(.down) - world.m42) / k
        }
        // A translation far beyond the rectangle's scale loses the origin to rounding (or makes it
        // infinite): no group, rather than a size that does not fit an Int.
        let spanX = ((localRect.maxX - origin.x) * k - 1e-6).rounded(.up)
        let spanY = ((localRect.maxY - origin.y) * k - 1e-6).rounded(.up)
        guard origin.x.isFinite, origin.y.isFinite, spanX.isFinite, spanY.isFinite else { return nil }
        let width = Int(min(CGFloat(Self.maximumPixelSize), max(1, spanX)))
        let height = Int(min(CGFloat(Self.maximumPixelSize), max(1, spanY)))
        rect = CGRect(x: origin.x, y: origin.y, width: CGFloat(width) / k, height: CGFloat(height) / k)
        pixelWidth = width
        pixelHeight = height
        pixelsPerUnit = k
    }

    /// Target pixels per local unit of `m` around `rect`.
    static func pixelsPerUnit(_ m: CATransform3D, over rect: CGRect) -> CGFloat {
        if m.isAffine2D { return largestSingularValue(m) }
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        let projected = corners.compactMap { m.projectPoint($0) }
        guard projected.count == 4 else { return largestSingularValue(m) }
        var stretch: CGFloat = 0
        for i in 0..<4 {
            let a = projected[i], b = projected[(i + 1) % 4]
            let local = i % 2 == 0 ? rect.width : rect.height
            guard local > 0 else { continue }
            stretch = max(stretch, hypot(b.x - a.x, b.y - a.y) / local)
        }
        return stretch
    }

    /// The largest singular value of the 2D linear part (how far a unit vector can stretch).
    static func largestSingularValue(_ m: CATransform3D) -> CGFloat {
        let a = m.m11, b = m.m12, c = m.m21, d = m.m22
        let sum = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        return ((sum + max(0, sum * sum - 4 * det * det).squareRoot()) / 2).squareRoot()
    }
}
