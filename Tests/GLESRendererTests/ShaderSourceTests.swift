import Foundation
@testable import GLESRenderer
import XCTest

/// The shader files: valid GLSL ES 3.00, and embedded in the binary as they are on disk.
final class ShaderSourceTests: XCTestCase {
    /// Shaders/ at the package root, found from this file's path.
    private var shadersDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Shaders")
    }

    /// The stages in Shaders/ (NAME.STAGE.glsl), or with `includes` the files of Shaders/include/.
    private func shaderFiles(includes: Bool = false) throws -> [URL] {
        let directory = includes ? shadersDirectory.appendingPathComponent("include") : shadersDirectory
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".glsl") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    func testEmbeddedSourcesMatchTheShaderFiles() throws {
        let files = try shaderFiles() + shaderFiles(includes: true)
        XCTAssertFalse(files.isEmpty)
        XCTAssertEqual(Set(files.map(\.lastPathComponent)), Set(ShaderSources.all.keys),
                       "run scripts/embed-shaders.sh: Shaders/ and the generated file list different files")
        for file in files {
            var text = try String(contentsOf: file, encoding: .utf8)
            if text.hasSuffix("\n") { text.removeLast() }
            XCTAssertEqual(ShaderSources.all[file.lastPathComponent], text,
                           "run scripts/embed-shaders.sh: \(file.lastPathComponent) changed since it was embedded")
        }
    }

    /// Both quad stages take the distance frames from one file, so their constants cannot drift apart.
    func testBothQuadStagesIncludeTheSharedFrames() throws {
        let frames = try XCTUnwrap(ShaderSources.all["quad.frames.glsl"])
        XCTAssertTrue(frames.contains("void distanceFrame(") && frames.contains("void borderFrame("))
        for stage in [ShaderSources.quadVert, ShaderSources.quadFrag] {
            XCTAssertFalse(stage.contains("void distanceFrame("), "written once, in Shaders/include/quad.frames.glsl")
            let resolved = ShaderIncludes.resolve(stage)
            XCTAssertFalse(resolved.contains("#include"))
            XCTAssertEqual(resolved.components(separatedBy: "void distanceFrame(").count, 2, "spliced in once")
        }
    }

    func testShadersAreGLSLES300() throws {
        for file in try shaderFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("#version 300 es"), file.lastPathComponent)
        }
    }

    func testGlslangValidatorAcceptsEveryShader() throws {
        let candidates = ["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"]
        // scripts/install-deps.sh installs it (Debian: glslang-tools); without it the shaders go unchecked.
        let tool = try XCTUnwrap(candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }),
                                 "glslangValidator is not installed (Debian: glslang-tools)")
        for file in try shaderFiles() {
            // quad.vert.glsl -> vert
            let parts = file.lastPathComponent.split(separator: ".")
            guard parts.count >= 3 else { XCTFail("\(file.lastPathComponent): name it NAME.STAGE.glsl"); continue }
            let stage = String(parts[parts.count - 2])
            // The driver compiles the text with its includes spliced in; so does the validator.
            let resolved = FileManager.default.temporaryDirectory.appendingPathComponent("resolved-\(file.lastPathComponent)")
            try ShaderIncludes.resolve(String(contentsOf: file, encoding: .utf8)).write(to: resolved, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: resolved) }
            // Once with no feature macro, once with all of them (-D needs -l, linking the one stage).
            let everyFeature = ["-l", "-DQC_TEXTURED", "-DQC_CLIPPED", "-DQC_HARD_EDGES", "-DQC_BORDER", "-DQC_CLIP_RECT", "-DQC_BLUR", "-DQC_GRADIENT", "-DQC_VIDEO"]
            let sprite = ["-l", "-DQC_SPRITE", "-DQC_TEXTURED", "-DQC_DAMAGE"]
            for extra in [[], everyFeature, sprite, sprite + ["-DQC_HARD_EDGES"], sprite + ["-DQC_VIDEO"]] {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: tool)
                process.arguments = extra + ["-S", stage, resolved.path]
                let output = Pipe()
                process.standardOutput = output
                process.standardError = output
                try process.run()
                process.waitUntilExit()
                let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                XCTAssertEqual(process.terminationStatus, 0, "\(file.lastPathComponent) \(extra): \(log)")
            }
        }
    }
}
