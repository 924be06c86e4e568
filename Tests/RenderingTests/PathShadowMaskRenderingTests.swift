import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import GLESRenderer
import RendererTestSupport
import XCTest

/// A `shadowPath` shadow drawn from its cached mask (one blurred, textured quad) paints what the
/// shadow-only group it replaces paints (the coverage drawn into a group, the group's alpha
/// blurred by the renderer's group blur, tinted, offset), on both renderers, and the mask is made
/// once: later frames find it in the cache.
final class PathShadowMaskRenderingTests: XCTestCase {
    private enum Probes: PixelProbes {}
    private let color = PremultipliedColor(red: 0.1, green: 0, blue: 0.2, alpha: 0.6)
    private let offset = (x: 6.0, y: 8.0)
    private let place = Matrix4.translation(20, 15)

    /// A 60 x 50 coverage image of a triangle (0, 0), (60, 20), (10, 50), 4 x 4 samples a pixel.
    private func triangle() -> CGImage {
        let width = 60, height = 50
        func inside(_ x: Double, _ y: Double) -> Bool {
            func side(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double { (bx - ax) * (y - ay) - (by - ay) * (x - ax) }
            let a = side(0, 0, 60, 20), b = side(60, 20, 10, 50), c = side(10, 50, 0, 0)
            return a >= 0 && b >= 0 && c >= 0
        }
        var data = Data(count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var count = 0
                for j in 0..<4 {
                    for i in 0..<4 where inside(Double(x) + (Double(i) + 0.5) / 4, Double(y) + (Double(j) + 0.5) / 4) { count += 1 }
                }
                let a = UInt8((count * 255 + 8) / 16)
                for c in 0..<4 { data[(y * width + x) * 4 + c] = a }
            }
        }
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: data)!
    }

    /// The shadow as the shadow-only group drew it.
    private func groupList(_ coverage: CGImage, sigma: Double) -> DrawList {
        let reach = (3 * sigma).rounded(.up)
        let rect = CGRect(x: min(0, offset.x - reach), y: min(0, offset.y - reach), width: 0, height: 0)
        let maxX = max(60, 60 + offset.x + reach), maxY = max(50, 50 + offset.y + reach)
        let bounds = CGRect(x: rect.minX, y: rect.minY, width: maxX - rect.minX, height: maxY - rect.minY)
        var group = CompositingGroup(transform: place, rect: bounds, pixelWidth: Int(bounds.width), pixelHeight: Int(bounds.height),
                                     drawsContent: false)
        group.shadow = GroupShadow(color: color, offsetX: Float(offset.x), offsetY: Float(offset.y), sigma: Float(sigma))
        let content = Quad(transform: group.localToPixels, rect: CGRect(x: 0, y: 0, width: 60, height: 50),
                           texture: TextureSource(image: coverage))
        return DrawList(pixelWidth: 120, pixelHeight: 110, clearColor: PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1),
                        commands: [.beginGroup(group), .quad(content), .endGroup])
    }

    /// The shadow as the flattener now draws it.
    private func maskList(_ coverage: CGImage, sigma: Double) -> DrawList {
        let quad = Quad(transform: place, rect: CGRect(x: offset.x, y: offset.y, width: 60, height: 50), fillColor: color,
                        texture: TextureSource(image: coverage), blurSigma: Float(sigma))
        return DrawList(pixelWidth: 120, pixelHeight: 110, clearColor: PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1), commands: [.quad(quad)])
    }

    private func largestDifference(_ a: CGImage, _ b: CGImage) -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                largest = max(largest, zip(Probes.pixel(a, x, y), Probes.pixel(b, x, y)).map { abs($0 - $1) }.max()!)
            }
        }
        return largest
    }

    private func check(_ renderer: FrameRenderer, name: String, sigma: Double, tolerance: Int) throws -> CGImage {
        let coverage = triangle()
        _ = try renderer.render(groupList(coverage, sigma: sigma))
        let group = try renderer.readPixels()
        let first = try renderer.render(maskList(coverage, sigma: sigma))
        XCTAssertEqual(first.shadowMasks.entries, 1, name)
        let mask = try renderer.readPixels()
        // The shadow shows: darker than the white background below the triangle's middle.
        XCTAssertLessThan(Probes.pixel(mask, 20 + 25 + 6, 15 + 22 + 8)[1], 200, name)
        XCTAssertLessThanOrEqual(largestDifference(group, mask), tolerance, "\(name) sigma \(sigma)")
        // The next frame draws from the kept mask, the same pixels.
        let second = try renderer.render(maskList(coverage, sigma: sigma))
        XCTAssertEqual(second.shadowMasks.entries, 1, name)
        XCTAssertEqual(largestDifference(mask, try renderer.readPixels()), 0, name)
        return mask
    }

    func testAPathShadowMaskPaintsWhatTheGroupBlurPainted() throws {
        SoftwareGL.useUnlessConfigured()
        // Both renderers' group blurs run the one `BlurPlan` (box halvings above σ 4, 8-bit
        // intermediate levels), the mask an exact Gaussian: the same tolerance for both.
        for (sigma, tolerance) in [(4.0, 2), (7.5, 3)] {
            let gles = try check(try GLESRenderer(pixelWidth: 120, pixelHeight: 110), name: "GLES", sigma: sigma, tolerance: tolerance)
            let cpu = try check(try CPURenderer(pixelWidth: 120, pixelHeight: 110, threadCount: 2), name: "CPU", sigma: sigma, tolerance: tolerance)
            XCTAssertLessThanOrEqual(largestDifference(gles, cpu), 1, "sigma \(sigma): GLES and CPU")
        }
    }
}
