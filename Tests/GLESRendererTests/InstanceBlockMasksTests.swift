import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
@testable import GLESRenderer
import XCTest

/// The masks of blocks of instances (`InstanceBlockMasks`): the floats found differing across a
/// range from the blocks' masks are those found reading every instance, and the encoder's runs
/// find the masks of the blocks they write whole, or leave them unknown.
final class InstanceBlockMasksTests: XCTestCase {
    typealias S = RenderTestSupport
    private let noClip = ClipResolver.Resolution(analytic: nil, tableIndex: -1)
    private let size = InstanceBlockMasks.blockSize

    /// Cards turned by their index, each its own colour, the first `count` of a grid.
    private static func cards(_ count: Int) -> [Quad] {
        (0..<count).map { k in
            let transform = Matrix4.translation(-3, -2).concatenating(S.rotationZ(0.1 + Double(k % 23) * 0.27))
                .concatenating(.translation(Double(k % 80) * 4 + 3, Double((k / 80) % 50) * 4 + 2))
            return Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 6, height: 4),
                        fillColor: PremultipliedColor(red: Float(k % 5) / 4, green: Float(k % 3) / 2, blue: 0.25, alpha: 1),
                        cornerRadii: CornerRadii(uniform: 1), borderWidth: 0.5,
                        borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8))
        }
    }

    /// The floats (bit `i`: float `i`) in which an instance of `range` differs from its first, bit for bit.
    private func differing(_ instances: [Float], _ range: Range<Int>) -> UInt64 {
        var mask: UInt64 = 0
        for i in range {
            for f in 0..<QuadInstance.stride
            where instances[i * QuadInstance.stride + f].bitPattern != instances[range.lowerBound * QuadInstance.stride + f].bitPattern {
                mask |= 1 << UInt64(f)
            }
        }
        return mask
    }

    func testRangesFindTheSameFloatsFromBlockMasksAsFromEveryInstance() {
        let count = 1000
        var instances = [Float](repeating: 0, count: count * QuadInstance.stride)
        instances.withUnsafeMutableBufferPointer { out in
            for (k, quad) in Self.cards(count).enumerated() {
                QuadInstance.write(quad, texture: nil, clip: noClip, margin: QuadInstance.drawnMargin(quad), into: out.baseAddress! + k * QuadInstance.stride)
            }
        }
        // One instance in the middle of block 10 with another corner radius, one first of block 12
        // with another border width; -0 for +0 in the last instance's unused z.
        instances[650 * QuadInstance.stride + 29] = 2
        instances[768 * QuadInstance.stride + 24] = 1
        instances[999 * QuadInstance.stride + 10] = -0.0
        var masks = [UInt64](repeating: InstanceBlockMasks.unknown, count: (count + size - 1) / size)
        instances.withUnsafeBufferPointer { instances in
            for block in 0..<(count / size) {
                masks[block] = InstanceBlockMasks.mask(ofBlockAt: instances.baseAddress! + block * size * QuadInstance.stride)
            }
        }
        XCTAssertEqual(masks[10], differing(instances, 640..<704))
        XCTAssertNotEqual(masks[10] & 1 << 29, 0, "the radius differs in block 10")
        XCTAssertEqual(masks[12] & 1 << 24, 1 << 24, "the border width of block 12's first differs from the rest")
        // A block not found is read instance by instance.
        masks[11] = InstanceBlockMasks.unknown
        let ranges = [0..<count, 5..<640, 600..<700, 650..<651, 649..<651, 64..<128, 63..<130, 700..<1000, 768..<832, 769..<999,
                      900..<1000, 998..<1000]
        instances.withUnsafeBufferPointer { data in
            masks.withUnsafeBufferPointer { masks in
                for range in ranges {
                    let expected = differing(instances, range)
                    let fromMasks = InstanceBlockMasks.differingFloats(from: range.lowerBound, to: range.upperBound,
                                                                       against: range.lowerBound, instances: data.baseAddress!,
                                                                       masks: masks.baseAddress!)
                    let fromInstances = InstanceBlockMasks.differingFloats(from: range.lowerBound, to: range.upperBound,
                                                                           against: range.lowerBound, instances: data.baseAddress!,
                                                                           masks: nil)
                    XCTAssertEqual(fromMasks, expected, "\(range)")
                    XCTAssertEqual(fromInstances, expected, "\(range)")
                }
            }
        }
        XCTAssertEqual(differing(instances, 0..<count) & (1 << 29 | 1 << 24 | 1 << 10), 1 << 29 | 1 << 24 | 1 << 10)
    }

    func testForgettingABatchForgetsEveryBlockItTouches() {
        var masks = InstanceBlockMasks()
        masks.forgetAll(capacity: 10 * size + 1)
        XCTAssertEqual(masks.blockCount, 11)
        masks.withUnsafeMutableMasks { for block in 0..<11 { $0[block] = UInt64(block) } }
        masks.forget(first: 2 * size + 5, count: 2 * size)
        XCTAssertEqual((0..<11).map { masks.mask(ofBlock: $0) == InstanceBlockMasks.unknown },
                       [false, false, true, true, true, false, false, false, false, false, false])
        masks.forgetAll(capacity: size)
        XCTAssertEqual(masks.blockCount, 11, "the storage kept")
        XCTAssertTrue((0..<11).allSatisfy { masks.mask(ofBlock: $0) == InstanceBlockMasks.unknown })
    }

    /// Checks that every block of the last frame's instances is unknown or holds the floats in
    /// which its instances differ from its first; returns the blocks found.
    private func checkMasks(of renderer: GLESRenderer, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let instances = renderer.lastEncoding.instances, masks = renderer.lastInstanceBlockMasks
        var found = 0
        for block in 0..<(instances.count / QuadInstance.stride / size) where masks.mask(ofBlock: block) != InstanceBlockMasks.unknown {
            XCTAssertEqual(masks.mask(ofBlock: block), differing(instances, block * size..<(block + 1) * size), "block \(block)",
                           file: file, line: line)
            found += 1
        }
        return found
    }

    func testRunsFindTheMasksOfTheBlocksTheyWriteWhole() throws {
        let renderer = try S.makeRenderer(width: 320, height: 200)
        let count = 3 * ChunkedQuadRun.chunkSize + 100
        let list = DrawList(pixelWidth: 320, pixelHeight: 200, clearColor: .clear, commands: Self.cards(count).map { .quad($0) }, clips: [])
        _ = try renderer.render(list)
        // The run starts at instance 0: every whole block lies in one chunk.
        XCTAssertEqual(checkMasks(of: renderer), count / size)
        let packed = renderer.lastInstanceBytes
        renderer.usesChunkedRuns = false
        _ = try renderer.render(list)
        XCTAssertEqual(checkMasks(of: renderer), 0, "quads written one by one find no mask")
        XCTAssertEqual(renderer.lastInstanceBytes, packed, "the same layouts without the masks")
    }

    func testBlocksOfSplitBatchesAreForgotten() throws {
        // S5's units (a rounded clipping parent and four clipped children) in cells of 8 pixels:
        // the batch mixes features and is split into lean ones, its instances reordered.
        var quads: [Quad] = [], clips: [Clip] = []
        for k in 0..<1000 {
            let parent = Matrix4.translation(Double(k % 40) * 8, Double(k / 40) * 8)
            clips.append(Clip(transform: parent, rect: CGRect(x: 0, y: 0, width: 8, height: 8), cornerRadii: CornerRadii(uniform: 1.6)))
            quads.append(Quad(transform: parent, rect: CGRect(x: 0, y: 0, width: 8, height: 8),
                              fillColor: PremultipliedColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.35), cornerRadii: CornerRadii(uniform: 1.6)))
            for c in 0..<4 {
                let child = Matrix4.translation(-2, -2).concatenating(S.rotationZ(0.4 + Double(c) * .pi / 2))
                    .concatenating(.translation(Double(1 + 6 * (c % 2)), Double(1 + 6 * (c / 2)))).concatenating(parent)
                quads.append(Quad(transform: child, rect: CGRect(x: 0, y: 0, width: 4, height: 4),
                                  fillColor: PremultipliedColor(red: 0.9 - 0.1 * Float(c), green: 0.5, blue: 0.2, alpha: 1),
                                  borderWidth: 0.5, borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8),
                                  clipIndex: Int32(k)))
            }
        }
        let list = DrawList(pixelWidth: 320, pixelHeight: 200, clearColor: .clear, commands: quads.map { .quad($0) }, clips: clips)
        let renderer = try S.makeRenderer(width: 320, height: 200)
        _ = try renderer.render(list)
        XCTAssertGreaterThan(renderer.lastEncoding.batches.last?.count ?? 0, 1, "the batch split")
        XCTAssertEqual(checkMasks(of: renderer), 0, "the reordered instances' blocks forgotten")
        let lean = (try renderer.readPixels(), renderer.lastInstanceBytes)
        renderer.packsInstances = false
        _ = try renderer.render(list)
        XCTAssertEqual(S.largestDifference(try renderer.readPixels(), lean.0), 0)
        XCTAssertLessThan(lean.1, renderer.lastInstanceBytes)
    }
}
