import CCairo
import Foundation

/// Pieces of a dashed stroke that Cairo strokes together with one dash pattern and phase.
struct DashedPieceStroke {
    var dashes: [Double]
    var phase: Double
    var pieces: [DashedPiece]

    /// At most this many dashes per device pixel of a piece keep the pattern as it is.
    static let dashesPerPixel = 4.0

    /// Groups `pieces` by the dash phase each continues from; a piece with more than
    /// `dashesPerPixel` dashes a pixel (plus a few hundred) gets a pattern of the same coverage
    /// instead, a quarter pixel long along it, so that Cairo walks few dashes.
    static func strokes(of pieces: [DashedPiece], pattern: DashStyle, in cr: OpaquePointer) -> [DashedPieceStroke] {
        var strokes: [DashedPieceStroke] = []
        var indexOfPhase: [Double: Int] = [:]
        var approximated = 0, dropped = 0
        defer { logLimit(approximated: approximated, dropped: dropped) }
        for piece in pieces {
            let length = piece.length
            let pixels = deviceLength(of: piece, in: cr)
            let budget = dashesPerPixel * pixels + 256
            if !(length / pattern.period <= budget) {
                let period = length / max(dashesPerPixel * pixels, 1)
                guard period.isFinite, period > 0 else { dropped += 1; continue }
                approximated += 1
                strokes.append(DashedPieceStroke(dashes: approximation(of: pattern, period: period, in: cr), phase: 0, pieces: [piece]))
                continue
            }
            let phase = pattern.phase + piece.offsetInSubpath
            if let index = indexOfPhase[phase] {
                strokes[index].pieces.append(piece)
            } else {
                indexOfPhase[phase] = strokes.count
                strokes.append(DashedPieceStroke(dashes: pattern.dashes, phase: phase, pieces: [piece]))
            }
        }
        return strokes
    }

    /// Warns once for a stroke whose dashes were not all drawn as given.
    private static func logLimit(approximated: Int, dropped: Int) {
        guard approximated + dropped > 0 else { return }
        CoreGraphicsLog.logger.warning("""
            Dashed stroke limited: \(approximated) piece(s) with over \(dashesPerPixel) dashes a pixel drawn \
            with a pattern of the same coverage, \(dropped) of unmeasurable length left out
            """)
    }

    /// The piece's length in device pixels.
    private static func deviceLength(of piece: DashedPiece, in cr: OpaquePointer) -> Double {
        zip(piece.points, piece.points.dropFirst()).reduce(0) { sum, segment in
            var dx = segment.1.x - segment.0.x, dy = segment.1.y - segment.0.y
            cairo_user_to_device_distance(cr, &dx, &dy)
            return sum + hypot(dx, dy)
        }
    }

    /// A two-dash pattern `period` long that covers as much of a line as `pattern` does with the
    /// line's caps: Cairo's own approximation (`_cairo_stroke_style_dash_approximate`).
    static func approximation(of pattern: DashStyle, period: Double, in cr: OpaquePointer) -> [Double] {
        let width = cairo_get_line_width(cr)
        let roundCoverage = 9 * Double.pi / 32
        let cap = cairo_get_line_cap(cr)
        let capScale = cap == CAIRO_LINE_CAP_SQUARE ? 1 : cap == CAIRO_LINE_CAP_ROUND ? roundCoverage : 0
        let dashes = pattern.dashes.count % 2 == 1 ? pattern.dashes + pattern.dashes : pattern.dashes
        let stroked = stride(from: 0, to: dashes.count, by: 2).reduce(0.0) {
            $0 + dashes[$1] + capScale * min(dashes[$1 + 1], width)
        }
        let coverage = min(stroked / pattern.period, 1)
        let on: Double = switch cap {
        case CAIRO_LINE_CAP_ROUND:
            max(period * (coverage - roundCoverage) / (1 - roundCoverage), period * coverage - roundCoverage * width)
        case CAIRO_LINE_CAP_SQUARE: max(0, period * coverage - width)
        default: period * coverage
        }
        return [on, period - on]
    }
}
