import Foundation
import Logging
import QuartzCore

/// The pictures of the cover flow: landscapes painted with Core Graphics at start (sky, sun,
/// ridges, a lake), or the JPEG and PNG files of a directory.
public enum CoverFlowPhotos {
    /// A picture and its caption.
    public struct Photo {
        /// The decoded image.
        public var image: CGImage
        /// The caption.
        public var title: String
    }

    /// One painted landscape's colours, top of the sky to the nearest ridge.
    private struct Palette {
        var title: String
        var skyTop: (CGFloat, CGFloat, CGFloat)
        var skyHorizon: (CGFloat, CGFloat, CGFloat)
        var sun: (CGFloat, CGFloat, CGFloat)
        var sunHeight: CGFloat
        var ridges: [(CGFloat, CGFloat, CGFloat)]
    }

    private static let palettes: [Palette] = [
        Palette(title: "Sunrise", skyTop: (0.16, 0.20, 0.52), skyHorizon: (1.00, 0.62, 0.38), sun: (1.00, 0.88, 0.55), sunHeight: 0.42,
                ridges: [(0.45, 0.25, 0.40), (0.28, 0.15, 0.30), (0.12, 0.07, 0.16)]),
        Palette(title: "Dunes", skyTop: (0.30, 0.55, 0.90), skyHorizon: (0.95, 0.85, 0.70), sun: (1.00, 0.97, 0.85), sunHeight: 0.78,
                ridges: [(0.93, 0.70, 0.42), (0.85, 0.55, 0.30), (0.70, 0.40, 0.20)]),
        Palette(title: "Fjord", skyTop: (0.45, 0.62, 0.80), skyHorizon: (0.86, 0.92, 0.96), sun: (1.00, 1.00, 0.95), sunHeight: 0.70,
                ridges: [(0.52, 0.60, 0.70), (0.25, 0.38, 0.42), (0.10, 0.22, 0.22)]),
        Palette(title: "Aurora", skyTop: (0.02, 0.05, 0.15), skyHorizon: (0.10, 0.65, 0.50), sun: (0.80, 1.00, 0.85), sunHeight: 0.62,
                ridges: [(0.08, 0.20, 0.25), (0.05, 0.12, 0.16), (0.02, 0.05, 0.08)]),
        Palette(title: "Lagoon", skyTop: (0.10, 0.45, 0.85), skyHorizon: (0.60, 0.90, 0.95), sun: (1.00, 1.00, 0.90), sunHeight: 0.80,
                ridges: [(0.15, 0.70, 0.70), (0.10, 0.55, 0.45), (0.20, 0.45, 0.20)]),
        Palette(title: "Ember", skyTop: (0.25, 0.05, 0.10), skyHorizon: (0.95, 0.35, 0.10), sun: (1.00, 0.70, 0.20), sunHeight: 0.35,
                ridges: [(0.45, 0.12, 0.10), (0.25, 0.06, 0.06), (0.08, 0.02, 0.03)]),
        Palette(title: "Meadow", skyTop: (0.35, 0.65, 0.95), skyHorizon: (0.85, 0.95, 1.00), sun: (1.00, 0.98, 0.80), sunHeight: 0.85,
                ridges: [(0.50, 0.72, 0.45), (0.30, 0.60, 0.25), (0.15, 0.42, 0.12)]),
        Palette(title: "Midnight", skyTop: (0.01, 0.01, 0.06), skyHorizon: (0.12, 0.14, 0.35), sun: (0.95, 0.95, 1.00), sunHeight: 0.72,
                ridges: [(0.10, 0.10, 0.22), (0.06, 0.06, 0.14), (0.02, 0.02, 0.06)]),
    ]

    /// The landscapes painted at `side` pixels square, one per palette.
    public static func painted(side: Int = 384) -> [Photo] {
        palettes.enumerated().compactMap { index, palette in
            paint(palette, side: side, seed: index).map { Photo(image: $0, title: palette.title) }
        }
    }

    /// The JPEG and PNG files of `directory`, by name, captioned with their names without the
    /// extension; files that fail to decode are logged and left out.
    public static func load(directory: URL, logger: Logger = Logger(label: "KioskMenu")) throws -> [Photo] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        return names.compactMap { name in
            let url = directory.appendingPathComponent(name)
            guard ["jpg", "jpeg", "png"].contains(url.pathExtension.lowercased()) else { return nil }
            do {
                return Photo(image: try CGImage.load(contentsOf: url), title: url.deletingPathExtension().lastPathComponent)
            } catch {
                logger.error("cover flow: \(name) left out: \(error)")
                return nil
            }
        }
    }

    private static func colour(_ c: (CGFloat, CGFloat, CGFloat), alpha: CGFloat = 1) -> CGColor {
        CGColor(red: c.0, green: c.1, blue: c.2, alpha: alpha)
    }

    /// Paints one landscape (y up, as a bitmap context is): a sky gradient, a sun with a halo,
    /// three ridges from far to near, and the sky mirrored darker in a lake at the bottom.
    private static func paint(_ palette: Palette, side: Int, seed: Int) -> CGImage? {
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
              let context = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        let s = CGFloat(side)
        let lake = s * 0.22
        if let sky = CGGradient(colorsSpace: nil, colors: [colour(palette.skyHorizon), colour(palette.skyTop)] as CFArray, locations: [0, 1]) {
            context.drawLinearGradient(sky, start: CGPoint(x: 0, y: lake), end: CGPoint(x: 0, y: s), options: [])
        }
        let sunCentre = CGPoint(x: s * (0.3 + 0.4 * CGFloat(seed % 3) / 2), y: s * palette.sunHeight)
        if let halo = CGGradient(colorsSpace: nil, colors: [colour(palette.sun, alpha: 0.9), colour(palette.sun, alpha: 0)] as CFArray,
                                 locations: [0.25, 1]) {
            context.drawRadialGradient(halo, startCenter: sunCentre, startRadius: 0, endCenter: sunCentre, endRadius: s * 0.2, options: [])
        }
        context.setFillColor(colour(palette.sun))
        context.fillEllipse(in: CGRect(x: sunCentre.x - s * 0.05, y: sunCentre.y - s * 0.05, width: s * 0.1, height: s * 0.1))
        for (depth, ridge) in palette.ridges.enumerated() {
            let base = lake + s * (0.28 - 0.08 * CGFloat(depth))
            let amplitude = s * (0.10 - 0.02 * CGFloat(depth))
            let frequency = 2.0 + Double(depth) + Double(seed) * 0.37
            context.move(to: CGPoint(x: 0, y: lake))
            for step in 0...32 {
                let x = s * CGFloat(step) / 32
                let phase = Double(step) / 32 * frequency * .pi + Double(seed + depth)
                let y = base + amplitude * CGFloat(sin(phase) * 0.7 + sin(phase * 2.3) * 0.3)
                context.addLine(to: CGPoint(x: x, y: y))
            }
            context.addLine(to: CGPoint(x: s, y: lake))
            context.closePath()
            context.setFillColor(colour(ridge))
            context.fillPath()
        }
        if let water = CGGradient(colorsSpace: nil, colors: [colour(palette.skyTop), colour(palette.skyHorizon, alpha: 1)] as CFArray,
                                  locations: [0, 1]) {
            context.saveGState()
            context.clip(to: CGRect(x: 0, y: 0, width: s, height: lake))
            context.drawLinearGradient(water, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: lake), options: [])
            context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 0.3))
            context.fill(CGRect(x: 0, y: 0, width: s, height: lake))
            context.restoreGState()
        }
        return context.makeImage()
    }
}
