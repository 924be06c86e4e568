import XCTest
import CoreGraphics
import CompositorCore

/// `DrawListTree.withCommandsInPlace`: the pointer `CommandsInPlace.quad(at:)` gives is the
/// command's own quad, read where it lies, for every quad of a list with groups and masks.
final class CommandsInPlaceTests: XCTestCase {
    private func quad(_ x: CGFloat) -> DrawCommand {
        .quad(Quad(transform: .translation(Double(x), 2), rect: CGRect(x: x, y: 0, width: 4, height: 4), opacity: 0.5))
    }

    func testAQuadCommandsMemoryIsItsQuads() {
        XCTAssertTrue(CommandsInPlace.quadLiesInPlace)
    }

    func testEveryQuadIsReadInPlace() {
        let group = DrawCommand.beginGroup(CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 8),
                                                            pixelWidth: 8, pixelHeight: 8))
        let commands = [quad(0), group, quad(2), .beginMask, quad(3), .endGroup, quad(5)]
        let tree = DrawListTree(commands)
        tree.withCommandsInPlace { inPlace in
            XCTAssertEqual(inPlace.count, commands.count)
            for index in [0, 2, 4, 6] {
                let pointer = inPlace.quad(at: index)
                XCTAssertEqual(pointer.pointee, tree.quad(at: index))
                XCTAssertEqual(pointer.pointee.rect.minX, CGFloat(index == 0 ? 0 : index == 6 ? 5 : index == 4 ? 3 : 2))
                // The very storage the command holds, not a copy of its fields.
                let own = tree.quad(at: index)
                XCTAssertTrue(withUnsafeBytes(of: own) { a in withUnsafeBytes(of: pointer.pointee) { a.elementsEqual($0) } })
            }
        }
    }
}
