import Foundation
import LayerArtwork

/// Everything a text layer's picture depends on (besides its size), as the contents cache's key
/// and Pango's input.
struct TextArtwork: Hashable {
    /// A run of text with the attributes it sets itself; nil attributes take the layer's values.
    struct Run: Hashable {
        var text: String
        var fontName: String?
        var fontSize: CGFloat?
        var foregroundColor: CGColor?
        var kerning: CGFloat?
    }

    var runs: [Run]
    var fontName: String
    var fontSize: CGFloat
    var foregroundColor: CGColor?
    var isWrapped: Bool
    var truncationMode: CATextLayerTruncationMode
    var alignmentMode: CATextLayerAlignmentMode

    /// The artwork of a text layer; nil when it has no text to draw.
    init?(_ state: TextLayerState) {
        runs = state.runs.filter { !$0.text.isEmpty }.map {
            Run(text: $0.text, fontName: $0.fontName, fontSize: $0.fontSize, foregroundColor: $0.foregroundColor,
                kerning: $0.kerning)
        }
        guard !runs.isEmpty, state.fontSize.isFinite else { return nil }
        fontName = state.fontName
        fontSize = state.fontSize
        foregroundColor = state.foregroundColor
        isWrapped = state.isWrapped
        truncationMode = state.truncationMode
        alignmentMode = state.alignmentMode
    }

    /// The whole text, the runs one after another.
    var text: String { runs.map(\.text).joined() }

    /// The artwork as Pango lays it out and draws it.
    var drawing: TextDrawing {
        let truncation: TextDrawing.Truncation = switch truncationMode {
        case .start: .start
        case .middle: .middle
        case .end: .end
        default: .none
        }
        let alignment: TextDrawing.Alignment = switch alignmentMode {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        default: .natural
        }
        return TextDrawing(runs: runs.map {
            TextDrawing.Run(text: $0.text, fontName: $0.fontName, fontSize: $0.fontSize,
                            foregroundColor: $0.foregroundColor, kerning: $0.kerning)
        }, fontName: fontName, fontSize: fontSize, foregroundColor: foregroundColor, isWrapped: isWrapped,
           truncationMode: truncation, alignmentMode: alignment)
    }

    /// The lines of the layout in bounds of `size`, and whether Pango truncated any with an
    /// ellipsis (for tests and measuring).
    func layoutMetrics(size: CGSize) -> (lines: [TextDrawing.LineMetrics], isEllipsized: Bool) {
        drawing.layoutMetrics(size: size)
    }

    /// The size of the laid-out text, in whole points; wrapped text breaks at `width`.
    func measuredSize(width: CGFloat) -> CGSize {
        drawing.measuredSize(width: width)
    }
}
