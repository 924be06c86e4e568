import Foundation

/// A layer that provides simple text layout and rendering of plain or attributed strings.
///
/// The text is shaped and drawn by the renderer at `contentsScale` (which defaults to 1, as the
/// book warns: set it to the screen's scale for sharp text). `fontSize` and `foregroundColor`
/// are animatable.
open class CATextLayer: CALayer {
    /// The string exactly as it was set.
    private var stringObject: Any?
    /// The font exactly as it was set.
    private var fontObject: Any?

    /// Creates a text layer with Apple's defaults: Helvetica, 36 points, opaque white, not wrapped.
    public override init() {
        super.init()
        installSpecializedState(.text(TextLayerState()))
    }

    /// Creates a text layer from an archive (see `CALayer.init?(coder:)`): its defaults,
    /// then what the archive holds, its own properties included.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installSpecializedState(.text(TextLayerState()))
        decodeArchivedSpecializedProperties(from: coder)
        // The string and font are objects, not keyed properties of the specialized state.
        if let string = coder.decodeAnimationValue(forKey: "string") { self.string = string }
        if let font = coder.decodeAnimationValue(forKey: "font") { self.font = font }
    }

    /// Archives the layer's properties, then its string and font.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodeAnimationValue(string, forKey: "string")
        coder.encodeAnimationValue(font, forKey: "font")
    }

    /// Creates a copy of `layer`, as Core Animation does for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATextLayer {
            stringObject = other.stringObject
            fontObject = other.fontObject
        }
    }

    /// Returns the default value of `key` for text layers.
    open override class func defaultValue(forKey key: String) -> Any? {
        if key == "font" { return "Helvetica" }
        return specializedDefault(forKey: key, in: .text(TextLayerState())) ?? super.defaultValue(forKey: key)
    }

    /// Returns the size the text needs, in the superlayer's coordinate space: the logical box of
    /// the laid-out string in whole points (wrapped text broken at the current bounds' width),
    /// mapped through the layer's transform as the frame is; zero without text. A layout
    /// manager's answer comes first, as for any layer.
    open override func preferredFrameSize() -> CGSize {
        if layoutManagerStorage != nil { return super.preferredFrameSize() }
        let current = state
        guard let artwork = TextArtwork(current.text) else { return .zero }
        var measured = current
        measured.bounds.size = artwork.measuredSize(width: current.bounds.width)
        return Self.frame(of: measured).size
    }

    /// The text to draw: a `String` or an `NSAttributedString`; defaults to nil. Values of
    /// other types are ignored and reported.
    open var string: Any? {
        get { stringObject }
        set {
            guard let newValue else {
                stringObject = nil
                setProperty(\.text.runs, [], key: "string")
                return
            }
            guard let runs = TextLayerState.runs(of: newValue) else {
                Diagnostics.reject("CATextLayer: ignored string of type \(type(of: newValue))")
                return
            }
            stringObject = newValue
            setProperty(\.text.runs, runs, key: "string")
        }
    }

    /// The font of a plain string: a font name or another `CATextLayerFontDescribing` value;
    /// defaults to Helvetica. A size the font carries is ignored: `fontSize` sets the size.
    /// Not used for attributed strings, whose runs carry their own fonts.
    open var font: Any? {
        get { fontObject ?? "Helvetica" }
        set {
            guard let newValue else {
                fontObject = nil
                setProperty(\.text.fontName, "Helvetica", key: "font")
                return
            }
            guard let font = newValue as? CATextLayerFontDescribing else {
                Diagnostics.reject("CATextLayer: ignored font of type \(type(of: newValue))")
                return
            }
            fontObject = newValue
            setProperty(\.text.fontName, font.textLayerFontName, key: "font")
        }
    }

    /// The size of the font of a plain string, in points; defaults to 36. Animatable.
    open var fontSize: CGFloat {
        get { state.text.fontSize }
        set {
            guard newValue >= 0 else {
                Diagnostics.reject("CATextLayer: ignored negative fontSize \(newValue)")
                return
            }
            setFinite(\.text.fontSize, newValue, key: "fontSize")
        }
    }

    /// The colour of a plain string's text; defaults to opaque white. Animatable.
    open var foregroundColor: CGColor? {
        get { state.text.foregroundColor }
        set { setProperty(\.text.foregroundColor, newValue, key: "foregroundColor") }
    }

    /// Whether the text wraps to fit the bounds; defaults to false.
    open var isWrapped: Bool {
        get { state.text.isWrapped }
        set { setProperty(\.text.isWrapped, newValue, key: "wrapped") }
    }

    /// How text that does not fit the bounds is truncated; defaults to `.none`.
    open var truncationMode: CATextLayerTruncationMode {
        get { state.text.truncationMode }
        set { setProperty(\.text.truncationMode, newValue, key: "truncationMode") }
    }

    /// How lines are aligned within the bounds; defaults to `.natural`.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { state.text.alignmentMode }
        set { setProperty(\.text.alignmentMode, newValue, key: "alignmentMode") }
    }

    /// Whether glyph positions may be rounded to whole pixels; defaults to false.
    open var allowsFontSubpixelQuantization: Bool {
        get { state.text.allowsFontSubpixelQuantization }
        set { setProperty(\.text.allowsFontSubpixelQuantization, newValue, key: "allowsFontSubpixelQuantization") }
    }
}
