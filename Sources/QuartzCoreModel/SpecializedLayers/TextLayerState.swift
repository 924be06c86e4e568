import Foundation

/// One run of text with uniform attributes; attributes left nil take the layer's values.
struct TextLayerRun: Sendable, Equatable {
    var text: String
    var fontName: String?
    var fontSize: CGFloat?
    var foregroundColor: CGColor?
    /// Extra space added after each character, in points.
    var kerning: CGFloat?
}

/// The model values of a `CATextLayer`, with Apple's defaults.
package struct TextLayerState: Sendable {
    /// The text as runs: one run without attributes for a plain string.
    var runs: [TextLayerRun] = []
    var fontName = "Helvetica"
    var fontSize: CGFloat = 36
    var foregroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    var isWrapped = false
    var truncationMode: CATextLayerTruncationMode = .none
    var alignmentMode: CATextLayerAlignmentMode = .natural
    var allowsFontSubpixelQuantization = false

    static let accessors: [String: LayerPropertyAccessor] = [
        "fontSize": .cgFloat(\.text.fontSize),
        "foregroundColor": .color(\.text.foregroundColor),
        "wrapped": .bool(\.text.isWrapped),
        "truncationMode": .constant(\.text.truncationMode),
        "alignmentMode": .constant(\.text.alignmentMode),
        "allowsFontSubpixelQuantization": .bool(\.text.allowsFontSubpixelQuantization),
    ]

    /// Apple's animatable text-layer properties.
    static let implicitlyAnimatedKeys: Set<String> = ["fontSize", "foregroundColor"]

    /// The runs of `string` (a `String`, `NSAttributedString` or `NSString`), or nil when the
    /// value is none of these. Attributed strings keep each run's `.font` (a
    /// `CATextLayerFontDescribing`), `.foregroundColor` (a `CGColor`) and `.kern` (a number).
    static func runs(of string: Any) -> [TextLayerRun]? {
        switch string {
        case let plain as String: return [TextLayerRun(text: plain)]
        case let attributed as NSAttributedString: return attributedRuns(attributed)
        case let plain as NSString: return [TextLayerRun(text: plain as String)]
        default: return nil
        }
    }

    // The attribute names of Apple's Foundation (`.font`, `.foregroundColor`, `.kern`) and
    // Core Text (`kCTFontAttributeName`, ...), which Linux Foundation does not declare.
    private static let fontKeys = ["NSFont"]
    private static let colorKeys = ["NSColor", "CTForegroundColor"]
    private static let kernKeys = ["NSKern"]

    private static func attributedRuns(_ attributed: NSAttributedString) -> [TextLayerRun] {
        var runs: [TextLayerRun] = []
        let whole = NSRange(location: 0, length: attributed.length)
        let text = attributed.string as NSString
        attributed.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            func first(_ keys: [String]) -> Any? {
                keys.lazy.compactMap { attributes[NSAttributedString.Key(rawValue: $0)] }.first
            }
            let font = first(fontKeys) as? CATextLayerFontDescribing
            let kern = first(kernKeys).flatMap(AnimatableValue.init)?.scalarValue
            runs.append(TextLayerRun(text: text.substring(with: range), fontName: font?.textLayerFontName,
                                     fontSize: font?.textLayerFontSize,
                                     foregroundColor: first(colorKeys).flatMap { $0 as? CGColor },
                                     kerning: kern.map { CGFloat($0) }))
        }
        return runs
    }
}
