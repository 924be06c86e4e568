import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import GLESRenderer
import RendererTestSupport
import XCTest

/// A list with every kind of malformed nesting draws the same on both renderers, as
/// `DrawListTree` repairs it: stray `.endGroup` and `.beginMask` ignored, a second `.beginMask`
/// ignored with what follows kept in the mask, and the open group closed at the end.
final class MalformedNestingRenderTests: XCTestCase, PixelProbes {
    private typealias S = MalformedNestingRenderTests

    private func quad(x: CGFloat, width: CGFloat, _ color: PremultipliedColor) -> DrawCommand {
        .quad(Quad(transform: .identity, rect: CGRect(x: x, y: 0, width: width, height: 20), fillColor: color))
    }

    private var list: DrawList {
        let group = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 20),
                                     pixelWidth: 40, pixelHeight: 20)
        return DrawList(pixelWidth: 40, pixelHeight: 20, commands: [
            .endGroup, .beginMask,                    // stray: ignored
            quad(x: 0, width: 10, S.red),             // on the canvas
            .beginGroup(group),
            quad(x: 10, width: 30, S.blue),           // the group's content
            .beginMask,
            quad(x: 10, width: 10, S.green),          // its mask
            .beginMask,                               // a second mask: ignored...
            quad(x: 30, width: 10, S.green),          // ...so this is part of the mask
        ])                                            // never ended: closed here
    }

    private func assertRepairedPicture(_ image: CGImage, _ renderer: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertPixel(S.pixel(image, 5, 10), [255, 0, 0, 255], "\(renderer): the quad after the stray commands", file: file, line: line)
        XCTAssertPixel(S.pixel(image, 15, 10), [0, 0, 255, 255], "\(renderer): content under the mask", file: file, line: line)
        XCTAssertPixel(S.pixel(image, 25, 10), [0, 0, 0, 0], "\(renderer): content where the mask is empty", file: file, line: line)
        XCTAssertPixel(S.pixel(image, 35, 10), [0, 0, 255, 255], "\(renderer): the mask goes on after a second .beginMask", file: file, line: line)
    }

    func testBothRenderersDrawTheRepairedTree() throws {
        XCTAssertEqual(DrawListTree(list).repairs.map(\.kind), [.endWithoutGroup, .maskOutsideGroup, .secondMask, .unclosedGroup])
        let cpu = try CPURenderer(pixelWidth: 40, pixelHeight: 20, threadCount: 1)
        _ = try cpu.render(list)
        assertRepairedPicture(try cpu.readPixels(), "CPU")
        SoftwareGL.useUnlessConfigured()
        let gles = try GLESRenderer(pixelWidth: 40, pixelHeight: 20)
        _ = try gles.render(list)
        assertRepairedPicture(try gles.readPixels(), "GLES")
    }
}
