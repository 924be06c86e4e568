import Foundation

extension CALayer {
    /// Returns how far a corner of `curve` reaches along each edge, as a multiple of the corner
    /// radius: 1 for `.circular`, about 1.528665 for `.continuous` (whose curve eases into the
    /// straight edge), and 1 for a curve Core Animation does not know, as Apple's answers
    /// (measured: GNUstep libs-quartzcore `Tests/quartzcore/CALayer/modern.m`).
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }
}
