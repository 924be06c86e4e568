import Foundation

/// A line chart of milliseconds per frame against the number of layers, one line per
/// (backend, scene), written as a standalone SVG file (log-scaled axes: N spans 100 to 10000).
struct BenchmarkPlot {
    /// One measured point.
    struct Point { var n: Int; var milliseconds: Double }
    /// The measured series, keyed "backend scene" (for example "cpu S1").
    private(set) var series: [(name: String, points: [Point])] = []

    /// Adds a measurement to the series `name`.
    mutating func add(_ name: String, n: Int, milliseconds: Double) {
        if let index = series.firstIndex(where: { $0.name == name }) {
            series[index].points.append(Point(n: n, milliseconds: milliseconds))
        } else {
            series.append((name, [Point(n: n, milliseconds: milliseconds)]))
        }
    }

    /// The chart as SVG text.
    func svg(title: String, width: Double = 900, height: Double = 560) -> String {
        let all = series.flatMap(\.points)
        guard !all.isEmpty else { return "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n" }
        let left = 70.0, right = 190.0, top = 40.0, bottom = 50.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let nRange = logRange(all.map { Double($0.n) }), msRange = logRange(all.map { max($0.milliseconds, 0.01) })
        func x(_ n: Int) -> Double { left + plotWidth * (log10(Double(n)) - nRange.lower) / (nRange.upper - nRange.lower) }
        func y(_ ms: Double) -> Double {
            top + plotHeight * (1 - (log10(max(ms, 0.01)) - msRange.lower) / (msRange.upper - msRange.lower))
        }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        out += "<text x=\"\(left)\" y=\"24\" font-size=\"15\">\(escaped(title))</text>\n"
        for decade in Int(nRange.lower.rounded(.down))...Int(nRange.upper.rounded(.up)) {
            let n = Int(pow(10, Double(decade)))
            guard Double(decade) >= nRange.lower, Double(decade) <= nRange.upper else { continue }
            out += line(x(n), top, x(n), top + plotHeight, "#ddd")
            out += "<text x=\"\(format(x(n)))\" y=\"\(format(top + plotHeight + 18))\" text-anchor=\"middle\">\(n)</text>\n"
        }
        for decade in Int(msRange.lower.rounded(.down))...Int(msRange.upper.rounded(.up)) {
            for step in [1.0, 2, 5] {
                let ms = step * pow(10, Double(decade))
                let value = log10(ms)
                guard value >= msRange.lower, value <= msRange.upper else { continue }
                out += line(left, y(ms), left + plotWidth, y(ms), "#ddd")
                out += "<text x=\"\(format(left - 6))\" y=\"\(format(y(ms) + 4))\" text-anchor=\"end\">\(label(ms))</text>\n"
            }
        }
        out += line(left, top + plotHeight, left + plotWidth, top + plotHeight, "#333")
        out += line(left, top, left, top + plotHeight, "#333")
        out += "<text x=\"\(format(left + plotWidth / 2))\" y=\"\(format(height - 12))\" text-anchor=\"middle\">layers (N)</text>\n"
        out += "<text x=\"16\" y=\"\(format(top + plotHeight / 2))\" transform=\"rotate(-90 16 \(format(top + plotHeight / 2)))\" text-anchor=\"middle\">ms per frame (median)</text>\n"
        for (index, entry) in series.enumerated() {
            let colour = Self.palette[index % Self.palette.count]
            let dashed = entry.name.hasPrefix("cpu") ? " stroke-dasharray=\"6 4\"" : ""
            let points = entry.points.sorted { $0.n < $1.n }.map { "\(format(x($0.n))),\(format(y($0.milliseconds)))" }
            out += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"\(dashed) points=\"\(points.joined(separator: " "))\"/>\n"
            for p in entry.points {
                out += "<circle cx=\"\(format(x(p.n)))\" cy=\"\(format(y(p.milliseconds)))\" r=\"3\" fill=\"\(colour)\"/>\n"
            }
            let legendY = top + 10 + Double(index) * 18
            out += "<line x1=\"\(format(left + plotWidth + 16))\" y1=\"\(format(legendY))\" x2=\"\(format(left + plotWidth + 40))\" y2=\"\(format(legendY))\" stroke=\"\(colour)\" stroke-width=\"2\"\(dashed)/>\n"
            out += "<text x=\"\(format(left + plotWidth + 46))\" y=\"\(format(legendY + 4))\">\(escaped(entry.name))</text>\n"
        }
        return out + "</svg>\n"
    }

    private static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    /// The decimal-log range of `values`, padded, never empty.
    private func logRange(_ values: [Double]) -> (lower: Double, upper: Double) {
        let logs = values.map(log10)
        var lower = logs.min() ?? 0, upper = logs.max() ?? 1
        if upper - lower < 0.5 { lower -= 0.25; upper += 0.25 }
        let pad = (upper - lower) * 0.05
        return (lower - pad, upper + pad)
    }

    private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ colour: String) -> String {
        "<line x1=\"\(format(x1))\" y1=\"\(format(y1))\" x2=\"\(format(x2))\" y2=\"\(format(y2))\" stroke=\"\(colour)\"/>\n"
    }
    private func format(_ v: Double) -> String { String(format: "%.1f", v) }
    private func label(_ ms: Double) -> String { ms >= 1 ? String(format: "%g", ms) : String(format: "%.2g", ms) }
    private func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
