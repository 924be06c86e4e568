import Foundation

/// The properties whose values Apple's CALayer checks when they are set, as measured (GNUstep
/// libs-quartzcore `Tests/quartzcore/CALayer/modern.m`, run against Apple's QuartzCore): a
/// corner curve or contents format it does not know puts the property back to its default, and
/// bits that are not corners are dropped from the corner mask.
extension LayerState {
    /// The corner curves Core Animation knows.
    static let knownCornerCurves: Set<CALayerCornerCurve> = [.circular, .continuous]
    /// The contents formats Core Animation knows.
    static let knownContentsFormats: Set<CALayerContentsFormat> = [.RGBA8Uint, .RGBA16Float, .gray8Uint]
    /// All four corners.
    static let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                           .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

    /// Puts an unknown corner curve or contents format back to its default and drops the bits
    /// of `maskedCorners` that are not corners, logging what was changed.
    mutating func applySetterValidation() {
        if !Self.knownCornerCurves.contains(cornerCurve) {
            Diagnostics.reject("CALayer: unknown cornerCurve \"\(cornerCurve.rawValue)\"; circular used, as Apple's does")
            cornerCurve = .circular
        }
        if !Self.knownContentsFormats.contains(contentsFormat) {
            Diagnostics.reject("CALayer: unknown contentsFormat \"\(contentsFormat.rawValue)\"; RGBA8 used, as Apple's does")
            contentsFormat = .RGBA8Uint
        }
        maskedCorners = maskedCorners.intersection(Self.allCorners)
    }
}
