import XCTest
import CompositorCore
@testable import GLESRenderer

/// The clip depth limit is the draw list's (`Clip.maximumDepth`): the quad shader cannot read a
/// Swift constant, so this checks that the one in quad.frag.glsl says the same.
final class ClipDepthLimitTests: XCTestCase {
    func testShaderFollowsTheDrawListClipDepthLimit() throws {
        let source = try XCTUnwrap(ShaderSources.all["quad.frag.glsl"])
        XCTAssertTrue(source.contains("const int maximumClipDepth = \(Clip.maximumDepth);"),
                      "quad.frag.glsl's maximumClipDepth differs from Clip.maximumDepth")
    }
}
