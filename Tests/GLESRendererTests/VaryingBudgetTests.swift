import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
@testable import GLESRenderer
import XCTest

/// The per-quad constants of the distance fields move to the vertex stage only in the variants
/// whose varyings then stay within OpenGL ES 3.0's minimum of 15 vectors, counted from the
/// shader source; either way the pixels are the same.
final class VaryingBudgetTests: XCTestCase {
    typealias S = RenderTestSupport

    private func vectors(_ features: ShaderFeatures, constants: Bool) throws -> Int {
        try XCTUnwrap(features.varyingVectors(vertexConstants: constants), "\(features.macroNames)")
    }

    /// Counted by hand from quad.vert.glsl: position and UV, rect, fill, border colour, params (5);
    /// the uncapped radii (1) unless the constants replace them (2: frame and capped radii); the
    /// border's inner frame and radii (2, constants only); texture clamp and tint (2); the clip
    /// table index (1; the clip's canvas position comes from gl_FragCoord); analytic clip
    /// position, half size and radii (3); damage (1); hard edges' inverse homography (3, the
    /// clip table index riding in it).
    func testCountsOfKnownVariants() throws {
        XCTAssertEqual(try vectors([], constants: false), 6)
        XCTAssertEqual(try vectors([], constants: true), 7)
        // S5's children: bordered cards under their parent's rounded clip.
        let children: ShaderFeatures = [.border, .clipRect, .hardEdges]
        XCTAssertEqual(try vectors(children, constants: true), 15)
        XCTAssertTrue(children.takesVertexConstants)
        // A damaged frame's bordered, textured card under a clip in its plane and one in another.
        let widest: ShaderFeatures = [.textured, .clipped, .clipRect, .damage, .border]
        XCTAssertEqual(try vectors(widest, constants: true), 16)
        XCTAssertEqual(try vectors(widest, constants: false), 13)
        XCTAssertFalse(widest.takesVertexConstants, "16 vectors would not link where only 15 exist")
        // The same with hard edges: the inverse homography takes the clip index's row and two more.
        let widestHard = widest.union(.hardEdges)
        XCTAssertEqual(try vectors(widestHard, constants: false), 15)
        XCTAssertFalse(widestHard.takesVertexConstants)
        // The blurred rect keeps its uncapped radii next to the constants.
        XCTAssertEqual(try vectors([.blur, .clipRect], constants: true), 11)
    }

    func testEveryVariantStaysWithinOpenGLES3sMinimum() throws {
        var withConstants = 0
        for raw in 0..<ShaderFeatures.combinations {
            let features = ShaderFeatures(rawValue: raw)
            // Without the constants every variant fits, so falling back always links.
            XCTAssertLessThanOrEqual(try vectors(features, constants: false), VaryingBudget.minimumVectors, "\(features.macroNames)")
            if features.takesVertexConstants { withConstants += 1 }
        }
        // Most variants take them: only those with a border and at least four other varyings' worth fall back.
        XCTAssertGreaterThan(withConstants, ShaderFeatures.combinations * 3 / 4)
        XCTAssertLessThan(withConstants, ShaderFeatures.combinations)
    }

    /// The count agrees with glslangValidator's preprocessor (`-E`) on every combination of the
    /// features that add varyings, with and without the constants.
    func testTheCountAgreesWithGlslangsPreprocessor() throws {
        let tool = try XCTUnwrap(["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"]
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }), "glslangValidator is not installed (Debian: glslang-tools)")
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("qc-varyings-\(getpid()).vert")
        try ShaderIncludes.resolve(ShaderSources.quadVert).write(to: source, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: source) }
        let adding: [ShaderFeatures] = [.textured, .clipped, .border, .clipRect, .blur, .damage]
        for mask in 0..<(1 << adding.count) {
            var features: ShaderFeatures = []
            for (bit, feature) in adding.enumerated() where mask & (1 << bit) != 0 { features.insert(feature) }
            for constants in [false, true] {
                var macros = features.macroNames
                if constants { macros.append(ShaderFeatures.vertexConstantsMacro) }
                let process = Process()
                process.executableURL = URL(fileURLWithPath: tool)
                process.arguments = ["-E", "-S", "vert"] + macros.map { "-D\($0)" } + [source.path]
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0, "\(macros)")
                // Every output of quad.vert.glsl is a scalar or vector: one row each.
                let declared = text.split(separator: "\n").filter { line in
                    let words = line.split(separator: " ")
                    return words.contains("out") && line.hasSuffix(";") && !line.contains("(")
                }.count
                XCTAssertGreaterThan(declared, 4)
                XCTAssertEqual(try vectors(features, constants: constants), declared, "\(macros)")
            }
        }
    }

    func testConditionsTheCountReads() {
        let source = """
        #version 300 es
        #if defined(A) && !defined(B)
        flat out vec4 v_a;
        #elif defined(B) || defined(C)
        out vec2 v_b; // a vec2 takes a row
        #else
        out mat3 v_m;
        #endif
        #ifndef A
        out float v_c[2];
        #endif
        // out vec4 commented;
        """
        XCTAssertEqual(VaryingBudget.vectors(in: source, defined: ["A"]), 1)
        XCTAssertEqual(VaryingBudget.vectors(in: source, defined: ["A", "B"]), 1)
        XCTAssertEqual(VaryingBudget.vectors(in: source, defined: ["C"]), 3)
        XCTAssertEqual(VaryingBudget.vectors(in: source, defined: []), 5)
        XCTAssertNil(VaryingBudget.vectors(in: "#if VALUE > 1\nout vec4 a;\n#endif\n", defined: []), "an unread condition")
        XCTAssertNil(VaryingBudget.vectors(in: "#ifdef A\nout vec4 a;\n", defined: []), "an unclosed conditional")
    }

    /// S5's unit, bordered rounded cards with and without images, a border wider than half its
    /// card, hard and soft edges, and a blurred rect: the same bytes with the constants made in
    /// either stage.
    func testConstantsFromEitherStagePaintTheSamePixels() throws {
        let side = 128
        let renderer = try S.makeRenderer(width: side, height: side)
        let image = S.image(width: 16, height: 16) { x, y in [UInt8(x * 16), UInt8(y * 16), 128, 255] }
        let clip = Clip(transform: .translation(10.25, 9.5), rect: CGRect(x: 0, y: 0, width: 60, height: 60),
                        cornerRadii: CornerRadii(uniform: 12))
        var quads = [Quad(transform: .translation(10.25, 9.5), rect: CGRect(x: 0, y: 0, width: 60, height: 60),
                          fillColor: PremultipliedColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.35),
                          cornerRadii: CornerRadii(uniform: 12))]
        for (k, center) in [(0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)].enumerated() {
            let transform = Matrix4.translation(-15, -15).concatenating(S.rotationZ(0.3 + Double(k) * .pi / 2))
                .concatenating(.translation(10.25 + center.0 * 60, 9.5 + center.1 * 60))
            quads.append(Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 30, height: 30),
                              fillColor: PremultipliedColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 1),
                              cornerRadii: CornerRadii(uniform: 4.5), borderWidth: 2,
                              borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8),
                              clipIndex: 0, antialiasedEdges: k == 3 ? 0 : 0xF))
        }
        var textured = Quad(transform: S.rotationZ(-0.2).concatenating(.translation(75.5, 70.3)), rect: CGRect(x: 0, y: 0, width: 40, height: 30),
                            fillColor: PremultipliedColor(red: 0.2, green: 0.6, blue: 0.2, alpha: 1),
                            cornerRadii: CornerRadii(minXMinY: 2, maxXMinY: 9, maxXMaxY: 30, minXMaxY: 0), borderWidth: 3,
                            borderColor: PremultipliedColor(red: 0.5, green: 0.1, blue: 0.1, alpha: 0.9))
        textured.texture = TextureSource(image: image)
        let wideBorder = Quad(transform: .translation(80.5, 8.25), rect: CGRect(x: 0, y: 0, width: 20, height: 14),
                              cornerRadii: CornerRadii(uniform: 5), borderWidth: 8,
                              borderColor: PremultipliedColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1))
        var blurred = Quad(transform: .translation(20.5, 85.5), rect: CGRect(x: 0, y: 0, width: 30, height: 20),
                           fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5), cornerRadii: CornerRadii(uniform: 6))
        blurred.blurSigma = 3
        quads += [textured, wideBorder, blurred]
        let clear = PremultipliedColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)

        renderer.usesVertexConstants = true
        let (vertex, _) = try S.render(renderer, width: side, height: side, clear: clear, quads: quads, clips: [clip])
        renderer.usesVertexConstants = false
        let (fragment, _) = try S.render(renderer, width: side, height: side, clear: clear, quads: quads, clips: [clip])
        renderer.usesVertexConstants = true
        XCTAssertEqual(S.largestDifference(vertex, fragment), 0)
        // The first child's border (white at 0.8 over orange) and the wide border's blue are drawn.
        XCTAssertNotEqual(S.pixel(vertex, 21, 20), S.pixel(vertex, 2, 2))
        XCTAssertPixel(S.pixel(vertex, 90, 15), [26, 77, 230, 255], tolerance: 2)
    }
}
