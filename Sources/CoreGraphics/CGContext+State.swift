import CCairo
import Foundation

/// The parts of the graphics state Cairo does not keep: colours, alpha, shadow, font and the CTM
/// as Core Graphics reports it. (Line style, blend mode, clip and antialiasing live in Cairo's
/// own state, saved and restored alongside this one.)
struct GraphicsState: Sendable {
    var ctm = CGAffineTransform.identity
    var fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    var strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    var alpha: CGFloat = 1
    var shadow: ContextShadow?
    var font: CGFont?
    var fontSize: CGFloat = 12
    var interpolationQuality = CGInterpolationQuality.default
}

extension CGContext {
    // MARK: Saving state

    /// Pushes a copy of the graphics state (CTM, clip, colours, line style, shadow, font) onto a stack.
    public func saveGState() {
        savedStates.append(gstate)
        perform { cairo_save($0.cr) }
    }

    /// Restores the graphics state saved last; does nothing when none is saved.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        gstate = saved
        perform { cairo_restore($0.cr) }
    }

    // MARK: The current transformation matrix

    /// The current transformation matrix: from user space to the context's device space.
    public var ctm: CGAffineTransform { gstate.ctm }

    /// The matrix from user space to Cairo's pixel space (top-left origin).
    var cairoMatrix: CGAffineTransform { gstate.ctm.concatenating(deviceFlip) }

    /// Moves the origin of user space.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        concatenate(CGAffineTransform(translationX: tx, y: ty))
    }

    /// Scales user space.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        concatenate(CGAffineTransform(scaleX: sx, y: sy))
    }

    /// Rotates user space by `angle` radians (counter-clockwise in an unflipped context).
    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    /// Concatenates `transform` to the CTM: it applies to points before the current CTM does.
    public func concatenate(_ transform: CGAffineTransform) {
        gstate.ctm = transform.concatenating(gstate.ctm)
        let matrix = cairo_matrix_t(cairoMatrix)
        perform { canvas in
            var m = matrix
            cairo_set_matrix(canvas.cr, &m)
        }
    }

    /// Returns `point` in device space (a Linux addition for the Core Animation bridge and tests: y up).
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint {
        point.applying(gstate.ctm)
    }

    /// Returns `point`, in device space, in user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint {
        point.applying(gstate.ctm.inverted())
    }

    /// Returns `rect` in device space (the bounding box of its corners).
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect {
        rect.applying(gstate.ctm)
    }

    /// Returns `rect`, in device space, in user space (the bounding box of its corners).
    public func convertToUserSpace(_ rect: CGRect) -> CGRect {
        rect.applying(gstate.ctm.inverted())
    }

    // MARK: Colours and alpha

    /// Sets the colour used to fill paths.
    public func setFillColor(_ color: CGColor) { gstate.fillColor = color }

    /// Sets the colour used to stroke paths.
    public func setStrokeColor(_ color: CGColor) { gstate.strokeColor = color }

    /// Sets the fill colour to an sRGB colour.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        gstate.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets the stroke colour to an sRGB colour.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        gstate.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets the fill colour to a grey.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { gstate.fillColor = CGColor(gray: gray, alpha: alpha) }

    /// Sets the stroke colour to a grey.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { gstate.strokeColor = CGColor(gray: gray, alpha: alpha) }

    /// Sets the opacity every later painting operation is multiplied by (clamped to 0...1).
    public func setAlpha(_ alpha: CGFloat) { gstate.alpha = alpha.isFinite ? min(max(alpha, 0), 1) : 1 }

    // MARK: Line style

    /// Sets the width of stroked lines, in user space units.
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return }
        perform { cairo_set_line_width($0.cr, Double(width)) }
    }

    /// Sets how the ends of stroked lines are drawn.
    public func setLineCap(_ cap: CGLineCap) {
        let value = switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
        perform { cairo_set_line_cap($0.cr, value) }
    }

    /// Sets how the joins of stroked lines are drawn.
    public func setLineJoin(_ join: CGLineJoin) {
        let value = switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
        perform { cairo_set_line_join($0.cr, value) }
    }

    /// Sets the limit beyond which miter joins are bevelled (10 by default).
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite, limit >= 1 else { return }
        perform { cairo_set_miter_limit($0.cr, Double(limit)) }
    }

    /// Sets the dash pattern of stroked lines: alternating painted and unpainted lengths, starting
    /// `phase` units into the pattern. An empty array draws solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let dashes = lengths.map(Double.init)
        guard dashes.allSatisfy({ $0.isFinite && $0 >= 0 }), phase.isFinite else { return }
        perform { canvas in
            if dashes.isEmpty || dashes.allSatisfy({ $0 == 0 }) {
                cairo_set_dash(canvas.cr, nil, 0, 0)
            } else {
                cairo_set_dash(canvas.cr, dashes, Int32(dashes.count), Double(phase))
            }
        }
    }

    // MARK: Blending and quality

    /// Sets how later painting combines with what the context holds.
    public func setBlendMode(_ mode: CGBlendMode) {
        let op = mode.cairoOperator
        perform { cairo_set_operator($0.cr, op) }
    }

    /// Turns antialiasing on or off.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        perform { cairo_set_antialias($0.cr, shouldAntialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE) }
    }

    /// Accepted for compatibility: Cairo decides subpixel positioning itself.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        setShouldAntialias(allowsAntialiasing)
    }

    /// How carefully images are smoothed when drawn scaled.
    public var interpolationQuality: CGInterpolationQuality {
        get { gstate.interpolationQuality }
        set { gstate.interpolationQuality = newValue }
    }
}

extension CGBlendMode {
    /// The Cairo operator of the mode.
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal, .plusDarker: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}

extension cairo_matrix_t {
    /// Cairo's form of an affine transform (x' = xx x + xy y + x0, y' = yx x + yy y + y0).
    init(_ t: CGAffineTransform) {
        self.init(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
    }
}
