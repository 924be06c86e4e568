import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import GLESRenderer
import RendererTestSupport
import XCTest

/// The damage bounds of a quad (`DamageBounds.of`) hold the pixel centres within half a pixel of
/// its rounded rect (less the half level below which nothing changes), not its box grown by a
/// pixel and rounded outward. These tests hold them to that on both renderers: every pixel a quad
/// changes lies inside them, they are at most a pixel wider on any side than the pixels changed,
/// and after a sequence of partial updates the damage-limited frames equal full renders at every
/// pixel, inside the damage and outside it.
final class TightDamageBoundsTests: XCTestCase {
    private enum Probes: PixelProbes {}
    private static let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)

    private func makeGLES(_ width: Int, _ height: Int) throws -> FrameRenderer {
        SoftwareGL.useUnlessConfigured()
        return try GLESRenderer(pixelWidth: width, pixelHeight: height)
    }

    private func makeCPU(_ width: Int, _ height: Int) throws -> FrameRenderer {
        try CPURenderer(pixelWidth: width, pixelHeight: height, threadCount: 2)
    }

    /// A 4x4 opaque image with four colours, for sprites.
    private static var checker: CGImage {
        Probes.image(width: 4, height: 4) { x, y in (x + y) % 2 == 0 ? [255, 255, 255, 255] : [200, 40, 90, 255] }
    }

    /// A quad turned by `angle` about its centre, moved to (x, y), optionally scaled first.
    private static func placed(_ quad: Quad, x: Double, y: Double, angle: Double = 0, scaleX: Double = 1, scaleY: Double = 1) -> Quad {
        var q = quad
        let r = quad.rect
        q.transform = Matrix4.translation(-Double(r.midX), -Double(r.midY)).concatenating(.scale(scaleX, scaleY))
            .concatenating(Probes.rotationZ(angle)).concatenating(.translation(x, y))
        return q
    }

    /// The edge cases, each centred near (cx, cy): edges on whole and half pixels, fractional
    /// positions, turns, scales of 0.5 and anisotropic ones, rounded corners and borders, hard
    /// edges, blurred shadows, gradients, additive blending, sprites, a quad of no width and
    /// opaque quads drawn without blending.
    private static func cases(cx: Double, cy: Double, phase: Double = 0) -> [(String, Quad)] {
        let white = Self.white
        let card = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 14, height: 10), fillColor: white,
                        cornerRadii: CornerRadii(uniform: 3), borderWidth: 2,
                        borderColor: PremultipliedColor(red: 0.2, green: 0.8, blue: 0.4, alpha: 0.8))
        let plain = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 9, height: 7), fillColor: white)
        var hard = plain
        hard.antialiasedEdges = 0
        var mixed = card
        mixed.antialiasedEdges = 0b0101
        var blurred = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 12, height: 8),
                           fillColor: PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5), cornerRadii: CornerRadii(uniform: 2))
        blurred.blurSigma = 2
        var wideBlur = blurred
        wideBlur.blurSigma = 0.6
        wideBlur.fillColor = white
        var gradient = card
        gradient.gradient = GradientFill(kind: .axial, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 14, y: 10), stops: [
            GradientFill.Stop(location: 0, red: 1, green: 1, blue: 0, alpha: 1),
            GradientFill.Stop(location: 1, red: 0, green: 0.5, blue: 1, alpha: 0.6),
        ])
        var additive = plain
        additive.blendMode = .plusLighter
        additive.fillColor = PremultipliedColor(red: 0.6, green: 0.6, blue: 0.6, alpha: 0.6)
        let sprite = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 8), texture: TextureSource(image: checker))
        var uneven = card
        uneven.cornerRadii = CornerRadii(minXMinY: 0, maxXMinY: 5, maxXMaxY: 1.5, minXMaxY: 7)
        let flat = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 0, height: 6), fillColor: white)
        // Opaque quads on whole pixels or with hard edges are drawn with blending off on the GPU.
        var opaque = plain
        opaque.isOpaque = true
        opaque.fillColor = PremultipliedColor(red: 0.9, green: 0.6, blue: 0.3, alpha: 1)
        var opaqueHard = opaque
        opaqueHard.antialiasedEdges = 0
        let p = phase
        return [
            ("whole pixels", Self.placed(plain, x: cx.rounded() + 0.5, y: cy.rounded() + 0.5)),
            ("half pixels", Self.placed(plain, x: cx.rounded(), y: cy.rounded() + 0.5)),
            ("fractional", Self.placed(plain, x: cx + 0.37 + p, y: cy - 0.21)),
            ("card turned", Self.placed(card, x: cx + 0.3, y: cy + 0.6, angle: 0.52 + p)),
            ("card at 45 degrees", Self.placed(card, x: cx, y: cy, angle: Double.pi / 4)),
            ("card scaled by 0.5", Self.placed(card, x: cx + 0.25, y: cy + 0.5, angle: p, scaleX: 0.5, scaleY: 0.5)),
            ("card stretched", Self.placed(card, x: cx + 0.1, y: cy, angle: 0.3 + p, scaleX: 2.5, scaleY: 0.4)),
            ("uneven radii", Self.placed(uneven, x: cx + 0.45, y: cy + 0.15, angle: 1.1 + p)),
            ("hard edges", Self.placed(hard, x: cx + 0.3 + p, y: cy + 0.7)),
            ("hard edges turned", Self.placed(hard, x: cx, y: cy, angle: 0.4 + p)),
            ("mixed edges", Self.placed(mixed, x: cx + 0.5, y: cy + 0.25, angle: 0.2 + p)),
            ("shadow", Self.placed(blurred, x: cx + 0.4, y: cy + 0.3, angle: 0.7 + p)),
            ("narrow blur", Self.placed(wideBlur, x: cx + 0.5, y: cy, scaleX: 0.5, scaleY: 0.5)),
            ("gradient", Self.placed(gradient, x: cx + 0.2, y: cy + 0.4, angle: -0.6 + p)),
            ("additive", Self.placed(additive, x: cx + 0.6 + p, y: cy + 0.5)),
            ("sprite", Self.placed(sprite, x: cx + 0.3 + p, y: cy + 0.45)),
            ("sprite scaled by 0.5 and turned", Self.placed(sprite, x: cx, y: cy, angle: 0.25 + p, scaleX: 0.5, scaleY: 0.5)),
            ("no width", Self.placed(flat, x: cx.rounded(), y: cy + 0.5)),
            ("opaque on whole pixels", Self.placed(opaque, x: cx.rounded() + 0.5, y: cy.rounded() + 0.5)),
            ("opaque with hard edges", Self.placed(opaqueHard, x: cx + 0.3 + p, y: cy + 0.45)),
        ]
    }

    private static func pixels(of quad: Quad) throws -> PixelRect { DamageBounds.pixels(try XCTUnwrap(DamageBounds.of(quad))) }

    /// Each case drawn alone in white over black: on both renderers every pixel that changes lies
    /// inside its damage bounds, and each side of the bounds lies at most one pixel beyond the
    /// pixels changed (blurred quads: beyond the reach of the blur's tail, asserted separately).
    func testEveryPixelAQuadChangesLiesInItsBoundsAndTheBoundsAreTight() throws {
        let size = 48
        let renderers = [("CPU", try makeCPU(size, size)), ("GLES", try makeGLES(size, size))]
        let clear = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)
        for (name, quad) in Self.cases(cx: 24, cy: 24) {
            let bounds = try Self.pixels(of: quad)
            var changed: PixelRect?
            for (rendererName, renderer) in renderers {
                _ = try renderer.render(DrawList(pixelWidth: size, pixelHeight: size, clearColor: clear, commands: [.quad(quad)]))
                let image = try renderer.readPixels()
                for y in 0..<size {
                    for x in 0..<size where Probes.pixel(image, x, y) != [0, 0, 0, 255] {
                        let inside = x >= bounds.x && x < bounds.x + bounds.width && y >= bounds.y && y < bounds.y + bounds.height
                        XCTAssertTrue(inside, "\(name) on \(rendererName): pixel (\(x), \(y)) changed outside \(bounds)")
                        let pixel = PixelRect(x: x, y: y, width: 1, height: 1)
                        changed = changed.map { $0.union(pixel) } ?? pixel
                    }
                }
            }
            guard let changed else {
                XCTAssertTrue(bounds.isEmpty, "\(name): nothing changes, yet its bounds are \(bounds)")
                continue
            }
            guard quad.blurSigma <= 0 else { continue }
            XCTAssertLessThanOrEqual(changed.x - bounds.x, 1, "\(name): \(bounds) against \(changed) changed")
            XCTAssertLessThanOrEqual(changed.y - bounds.y, 1, "\(name): \(bounds) against \(changed) changed")
            XCTAssertLessThanOrEqual(bounds.x + bounds.width - (changed.x + changed.width), 1, "\(name): \(bounds) against \(changed) changed")
            XCTAssertLessThanOrEqual(bounds.y + bounds.height - (changed.y + changed.height), 1, "\(name): \(bounds) against \(changed) changed")
        }
    }

    /// Figures that follow from the geometry: a 9x7 square on whole pixels damages exactly its
    /// own 63 pixels (the next centres lie half a pixel out, where the coverage is 0); moved by
    /// half a pixel it damages 10x7; a quad of no width damages nothing; a card turned by 45
    /// degrees keeps its rounded corners' pull-back (its box is smaller than its rect's).
    func testBoundsOfSimpleShapes() throws {
        let plain = Quad(transform: .translation(10, 20), rect: CGRect(x: 0, y: 0, width: 9, height: 7), fillColor: Self.white)
        XCTAssertEqual(try Self.pixels(of: plain), PixelRect(x: 10, y: 20, width: 9, height: 7))
        var half = plain
        half.transform = .translation(10.5, 20)
        XCTAssertEqual(try Self.pixels(of: half), PixelRect(x: 10, y: 20, width: 10, height: 7))
        // Marked opaque, it may be drawn with blending off, where the centres exactly half a
        // pixel out (coverage 0 but for rounding) may be written: they are damaged too.
        var opaque = plain
        opaque.isOpaque = true
        XCTAssertEqual(try Self.pixels(of: opaque), PixelRect(x: 9, y: 19, width: 11, height: 9))
        var flat = plain
        flat.rect = CGRect(x: 0, y: 0, width: 0, height: 7)
        XCTAssertTrue(try Self.pixels(of: flat).isEmpty)
        // A 20x20 square turned by 45 degrees about (50, 50) spans 50 ± 14.14; with corners of
        // radius 5 the inset square's corner reaches 50 ± 7.07 and the disc 5 more, 50 ± 12.07
        // (the reach adds 0.5 at most): centres 37.5 ... 62.5 (columns 37 ... 62).
        let turned = Matrix4.translation(-10, -10).concatenating(Probes.rotationZ(Double.pi / 4)).concatenating(.translation(50, 50))
        let card = Quad(transform: turned, rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: Self.white,
                        cornerRadii: CornerRadii(uniform: 5))
        XCTAssertEqual(try Self.pixels(of: card), PixelRect(x: 37, y: 37, width: 26, height: 26))
        var square = card
        square.cornerRadii = .zero
        XCTAssertEqual(try Self.pixels(of: square), PixelRect(x: 35, y: 35, width: 30, height: 30))
        // Colours beyond 1 (unclamped) keep the coarser bounds: grown by a pixel, rounded outward.
        var bright = plain
        bright.fillColor = PremultipliedColor(red: 4, green: 4, blue: 4, alpha: 1)
        XCTAssertEqual(try Self.pixels(of: bright), PixelRect(x: 9, y: 19, width: 11, height: 9))
    }

    /// Frames of the edge cases over coloured, overlapping backgrounds, a few of them moved,
    /// turned and rescaled at each step. At every step, every pixel where full renders of the
    /// previous and the next frame differ lies inside the damage tracker's region (exactly, on
    /// each renderer), and a renderer that drew every step limited to that region equals a full
    /// render at every pixel (the GLES renderer within a level: its damage-limited canvas is drawn
    /// by the `.damage` shader variant, which may round one level differently; the exact check
    /// above does not involve it).
    private func checkUpdates(_ make: (Int, Int) throws -> FrameRenderer, name: String, tolerance: Int) throws {
        let width = 200, height = 120
        func frame(_ step: Int) -> DrawList {
            var commands: [DrawCommand] = []
            // Backgrounds that stay, so changed quads blend over varied colours.
            for k in 0..<6 {
                let color = PremultipliedColor(straightRed: Float(k % 3) * 0.4, green: 0.3 + Float(k % 2) * 0.4, blue: 0.6, alpha: 0.9)
                commands.append(.quad(Quad(transform: .translation(Double(k) * 33.3, Double(k % 2) * 50.5),
                                           rect: CGRect(x: 0, y: 0, width: 40, height: 70), fillColor: color)))
            }
            for (index, (_, quad)) in Self.cases(cx: 0, cy: 0).enumerated() {
                // A third of the cases change at each step (a different third each time).
                let t = Double(step)
                var shift = Matrix4.translation(18 + Double(index % 6) * 32, 18 + Double(index / 6) * 38)
                if (index + step) % 3 == 0 {
                    shift = Matrix4.scale(1 + 0.15 * sin(t), 1 + 0.1 * cos(t)).concatenating(Probes.rotationZ(0.3 * t))
                        .concatenating(shift).concatenating(.translation(0.37 * t, -0.29 * t))
                }
                var q = quad
                q.transform = quad.transform.concatenating(shift)
                commands.append(.quad(q))
            }
            return DrawList(pixelWidth: width, pixelHeight: height, clearColor: PremultipliedColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1),
                            commands: commands)
        }
        let renderer = try make(width, height), reference = try make(width, height)
        var previous = frame(0)
        _ = try renderer.render(previous)
        _ = try reference.render(previous)
        var before = try reference.readPixels()
        for step in 1...6 {
            let next = frame(step)
            let damage = DamageTracker.damage(from: previous, to: next)
            XCTAssertFalse(damage.isEmpty)
            _ = try renderer.render(next, damageRegion: damage)
            let damaged = try renderer.readPixels()
            _ = try reference.render(next)
            let full = try reference.readPixels()
            var missed = 0, differing = 0, firstMissed = "", firstDiffering = ""
            for y in 0..<height {
                for x in 0..<width {
                    let now = Probes.pixel(full, x, y), was = Probes.pixel(before, x, y), got = Probes.pixel(damaged, x, y)
                    let inside = damage.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                    if now != was && !inside {
                        if missed == 0 { firstMissed = "(\(x), \(y)): \(was) became \(now)" }
                        missed += 1
                    }
                    if !zip(got, now).allSatisfy({ abs($0 - $1) <= tolerance }) {
                        if differing == 0 { firstDiffering = "(\(x), \(y)): \(got), a full render \(now)" }
                        differing += 1
                    }
                }
            }
            XCTAssertEqual(missed, 0, "\(name) step \(step): pixels changed outside the damage, first \(firstMissed)")
            XCTAssertEqual(differing, 0, "\(name) step \(step): the damaged frame differs from a full render, first \(firstDiffering)")
            previous = next
            before = full
        }
    }

    func testCPUDamagedFramesEqualFullRendersAfterASequenceOfUpdates() throws {
        try checkUpdates(makeCPU, name: "CPU", tolerance: 0)
    }

    func testGLESDamagedFramesEqualFullRendersAfterASequenceOfUpdates() throws {
        try checkUpdates(makeGLES, name: "GLES", tolerance: 1)
    }
}
