import XCTest
@testable import CompositorCore
@testable import RenderServer

/// The storages a moved drawing's prefetch asks for (`MovedLayerSpares.prefetchStorages`): those
/// of the frame's parity, the initialized ones only, each read as its quad's bits.
final class MovedSparesPrefetchTests: XCTestCase {
    private let source = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 6),
                              fillColor: PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5))

    private func address(_ quad: Quad) -> UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passUnretained(quad.storage).toOpaque())
    }

    private func storages(_ spares: MovedLayerSpares, _ count: Int, frame: UInt64) -> [UnsafeRawPointer] {
        var visited: [UnsafeRawPointer] = []
        spares.forEachStorage(count, frame: frame) { visited.append($0) }
        return visited
    }

    /// A quad is its storage's reference alone: its bits are the storage's address.
    func testAQuadIsItsStoragesAddress() {
        XCTAssertEqual(MemoryLayout<Quad>.size, MemoryLayout<UnsafeRawPointer>.size)
        var quad = source
        let expected = address(source)
        withUnsafePointer(to: &quad) { pointer in
            XCTAssertEqual(UnsafeRawPointer(pointer).load(as: UnsafeRawPointer.self), expected)
        }
    }

    /// Slot `2i + parity` for the frame's parity, up to the initialized slots; prefetching them
    /// changes nothing.
    func testTheFramesParityAndOnlyInitializedSlots() {
        let spares = MovedLayerSpares.make(quads: 3)
        var inPlace = 0, byTransform = 0
        XCTAssertTrue(storages(spares, 3, frame: 0).isEmpty, "no slot initialized")
        let even = (0..<2).map { index in
            spares.quad(source, movedTo: .translation(Double(index), 0), index: index, frame: 0, sameFields: false,
                        inPlace: &inPlace, byTransform: &byTransform)
        }
        // Slots 0 to 3 initialized, a pair a quad: the even ones hold frame 0's quads, the odd
        // ones the source (each quad's pair filled when it is first drawn).
        XCTAssertEqual(storages(spares, 2, frame: 0), even.map(address))
        XCTAssertEqual(storages(spares, 3, frame: 0), even.map(address), "slot 4 not initialized")
        XCTAssertEqual(storages(spares, 1, frame: 0), [address(even[0])])
        XCTAssertEqual(storages(spares, 3, frame: 1), [address(source), address(source)], "slot 5 not initialized")
        XCTAssertEqual(storages(spares, 0, frame: 0), [])
        spares.prefetchStorages(3, frame: 0)
        spares.prefetchStorages(3, frame: 1)
        XCTAssertEqual(storages(spares, 2, frame: 0), even.map(address))
        XCTAssertEqual(even.map(\.transform), [.translation(0, 0), .translation(1, 0)])
    }
}
