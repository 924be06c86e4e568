import CPURenderer
import ExampleScenes
import Foundation
import QuartzCore
import RendererTestSupport
import XCTest

/// Every example scene rendered by the GLES renderer (Mesa llvmpipe) and by the CPU renderer
/// must agree: at most 0.5% of pixels may differ by more than 2/255 in any channel, and none by
/// more than 16/255 except on edges (pixels whose 3x3 neighbourhood in the GLES image spans
/// more than 64/255 in some channel). A failing scene leaves both images and an amplified
/// difference image in a temporary folder.
final class CPUEquivalenceTests: XCTestCase {
    static let smallTolerance = 2
    static let largeTolerance = 16
    static let allowedShareOverSmall = 0.005
    static let edgeSpan = 64

    func testEveryExampleSceneRendersTheSameOnBothRenderers() throws {
        SoftwareGL.useUnlessConfigured()
        XCTAssertFalse(ExampleScene.all.isEmpty)
        for scene in ExampleScene.all {
            for time in [0.0, 1.5] {
                let gles = try render(scene, time: time, cpu: false)
                let cpu = try render(scene, time: time, cpu: true)
                let report = Self.compare(reference: gles, candidate: cpu)
                print("CPU vs GLES, \(scene.name) at t=\(time): \(report)")
                let passes = report.shareOverSmall <= Self.allowedShareOverSmall && report.largeOffEdge == 0
                if !passes {
                    let folder = try Self.writeFailure(scene: "\(scene.name)-t\(time)", gles: gles, cpu: cpu)
                    XCTFail("\(scene.name) at t=\(time): \(report); images in \(folder.path)")
                }
            }
        }
    }

    /// The benchmark scenes (rounded bordered cards rotating, with shadows, under perspective,
    /// sprites sharing one image, rounded clips) at N = 100 agree within the same tolerance. (On
    /// edges, llvmpipe snaps vertices to 1/256 pixel, so a pixel centre within that of an edge
    /// without antialiasing may differ.)
    func testBenchmarkScenesRenderTheSameOnBothRenderers() throws {
        SoftwareGL.useUnlessConfigured()
        for kind in [BenchmarkScene.Kind.s1, .s2, .s3, .s4, .s5] {
            let scene = BenchmarkScene(kind: kind, count: 100)
            scene.update(time: 0.7)
            let images = try Self.renderOnBoth(scene, at: 0.7)
            let report = Self.compare(reference: images[0], candidate: images[1])
            print("CPU vs GLES, \(kind.rawValue) N=100: \(report)")
            if report.shareOverSmall > Self.allowedShareOverSmall || report.largeOffEdge > 0 {
                let folder = try Self.writeFailure(scene: kind.rawValue, gles: images[0], cpu: images[1])
                XCTFail("\(kind.rawValue): \(report); images in \(folder.path)")
            }
        }
    }

    /// The comparison measures what it claims: a one-pixel change off any edge fails it.
    func testComparisonFlagsALargeDifferenceAwayFromEdges() throws {
        let flat = Data(repeating: 200, count: 16 * 16 * 4)
        var changed = flat
        changed[(8 * 16 + 8) * 4] = 170
        let a = CGImage(width: 16, height: 16, bytesPerRow: 64, data: flat)!
        let b = CGImage(width: 16, height: 16, bytesPerRow: 64, data: changed)!
        let report = Self.compare(reference: a, candidate: b)
        XCTAssertEqual(report.largeOffEdge, 1)
        XCTAssertEqual(report.overSmall, 1)
        XCTAssertEqual(report.largest, 30)
    }

    private func render(_ scene: ExampleScene, time: CFTimeInterval, cpu: Bool) throws -> CGImage {
        let root = scene.makeRoot()
        let width = Int(scene.size.width), height = Int(scene.size.height)
        let renderer = cpu ? try CARenderer(cpuPixelWidth: width, pixelHeight: height)
                           : try CARenderer(pixelWidth: width, pixelHeight: height)
        renderer.layer = root
        try renderer.renderFrame(atTime: time)
        return try renderer.makeImage()
    }

    struct Report: CustomStringConvertible {
        var pixels = 0, overSmall = 0, largeOffEdge = 0, largeOnEdge = 0, largest = 0
        var shareOverSmall: Double { pixels == 0 ? 0 : Double(overSmall) / Double(pixels) }
        var description: String {
            String(format: "%d of %d pixels (%.3f%%) differ by more than %d, %d by more than %d off edges (%d on edges), largest %d",
                   overSmall, pixels, 100 * shareOverSmall, CPUEquivalenceTests.smallTolerance, largeOffEdge,
                   CPUEquivalenceTests.largeTolerance, largeOnEdge, largest)
        }
    }

    /// A benchmark scene rendered at `time` on its canvas by the GLES renderer, then by the CPU
    /// renderer.
    static func renderOnBoth(_ scene: BenchmarkScene, at time: Double) throws -> [CGImage] {
        try [false, true].map { cpu in
            let width = Int(BenchmarkScene.canvas.width), height = Int(BenchmarkScene.canvas.height)
            let renderer = cpu ? try CARenderer(cpuPixelWidth: width, pixelHeight: height)
                               : try CARenderer(pixelWidth: width, pixelHeight: height)
            renderer.clearColor = BenchmarkScene.clearColor
            renderer.layer = scene.root
            try renderer.renderFrame(atTime: time)
            return try renderer.makeImage()
        }
    }

    static func compare(reference: CGImage, candidate: CGImage) -> Report {
        var report = Report()
        guard reference.width == candidate.width, reference.height == candidate.height else {
            report.largeOffEdge = Int.max; return report
        }
        let w = reference.width, h = reference.height
        report.pixels = w * h
        let a = [UInt8](reference.data), b = [UInt8](candidate.data)
        let strideA = reference.bytesPerRow, strideB = candidate.bytesPerRow
        for y in 0..<h {
            for x in 0..<w {
                var difference = 0
                for c in 0..<4 { difference = max(difference, abs(Int(a[y * strideA + x * 4 + c]) - Int(b[y * strideB + x * 4 + c]))) }
                report.largest = max(report.largest, difference)
                if difference > smallTolerance { report.overSmall += 1 }
                guard difference > largeTolerance else { continue }
                if isEdge(a, stride: strideA, width: w, height: h, x, y) { report.largeOnEdge += 1 } else { report.largeOffEdge += 1 }
            }
        }
        return report
    }

    /// Whether some channel varies by more than `edgeSpan` over the 3x3 neighbourhood of (x, y).
    private static func isEdge(_ bytes: [UInt8], stride: Int, width: Int, height: Int, _ x: Int, _ y: Int) -> Bool {
        for c in 0..<4 {
            var low = 255, high = 0
            for ny in max(0, y - 1)...min(height - 1, y + 1) {
                for nx in max(0, x - 1)...min(width - 1, x + 1) {
                    let v = Int(bytes[ny * stride + nx * 4 + c])
                    low = min(low, v); high = max(high, v)
                }
            }
            if high - low > edgeSpan { return true }
        }
        return false
    }

    /// Writes both renders and their difference (x8, opaque) as PNGs; returns the folder.
    static func writeFailure(scene: String, gles: CGImage, cpu: CGImage) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpu-equivalence-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var bytes = [UInt8](repeating: 255, count: gles.width * gles.height * 4)
        for y in 0..<gles.height {
            for x in 0..<gles.width {
                for c in 0..<3 {
                    let a = Int(gles.data[gles.data.startIndex + y * gles.bytesPerRow + x * 4 + c])
                    let b = Int(cpu.data[cpu.data.startIndex + y * cpu.bytesPerRow + x * 4 + c])
                    let alphaA = Int(gles.data[gles.data.startIndex + y * gles.bytesPerRow + x * 4 + 3])
                    let alphaB = Int(cpu.data[cpu.data.startIndex + y * cpu.bytesPerRow + x * 4 + 3])
                    bytes[(y * gles.width + x) * 4 + c] = UInt8(min(255, 8 * max(abs(a - b), abs(alphaA - alphaB))))
                }
            }
        }
        let diff = CGImage(width: gles.width, height: gles.height, bytesPerRow: gles.width * 4, data: Data(bytes))!
        try gles.writePNG(to: folder.appendingPathComponent("\(scene)-gles.png"))
        try cpu.writePNG(to: folder.appendingPathComponent("\(scene)-cpu.png"))
        try diff.writePNG(to: folder.appendingPathComponent("\(scene)-diff.png"))
        return folder
    }
}
