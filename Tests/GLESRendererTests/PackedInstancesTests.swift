import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
@testable import GLESRenderer
import XCTest

/// The instances of a frame drawn whole, uploaded packed per batch (`PackedInstances`): which
/// attributes a range keeps, that the shader reads back every float as written, and that frames
/// draw the same pixels packed and as encoded.
final class PackedInstancesTests: XCTestCase {
    typealias S = RenderTestSupport
    private let noClip = ClipResolver.Resolution(analytic: nil, tableIndex: -1)
    /// The indices of `QuadInstance.attributes`: the transform rows, the rect and the fill colour.
    private let row1 = 0, row2 = 1, row4 = 2, rect = 3, fill = 4

    /// S1's cards: rounded, bordered, turned about their centres, each its own opaque colour.
    private func card(_ k: Int) -> Quad {
        let angle = 0.1 + Double(k) * 0.37
        let transform = Matrix4.translation(-10, -8).concatenating(S.rotationZ(angle))
            .concatenating(.translation(Double(k % 9) * 24 + 12, Double(k / 9) * 20 + 10))
        return Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 20, height: 16),
                    fillColor: PremultipliedColor(red: Float(k % 5) / 4, green: Float(k % 3) / 2, blue: 0.25, alpha: 1),
                    cornerRadii: CornerRadii(uniform: 3), borderWidth: 2,
                    borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8))
    }

    /// S4's sprites: one image, moved along x.
    private func sprite(_ k: Int, image: CGImage) -> Quad {
        Quad(transform: .translation(Double(k % 12) * 20 + 3.25 * Double(k % 4), Double(k / 12) * 18),
             rect: CGRect(x: 0, y: 0, width: 16, height: 16), texture: TextureSource(image: image), opacity: 0.85)
    }

    /// The instances of `quads` as `QuadInstance.write` writes them (textured ones with one texture's coordinates).
    private func encoded(_ quads: [Quad]) -> [Float] {
        var instances = [Float](repeating: 0, count: quads.count * QuadInstance.stride)
        let coordinates = (rect: SIMD4<Float>(0, 0, 1, 1), clamp: SIMD4<Float>(0.0625, 0.0625, 0.9375, 0.9375))
        instances.withUnsafeMutableBufferPointer { out in
            for (k, quad) in quads.enumerated() {
                QuadInstance.write(quad, texture: quad.texture == nil ? nil : coordinates, clip: noClip,
                                   margin: QuadInstance.drawnMargin(quad), into: out.baseAddress! + k * QuadInstance.stride)
            }
        }
        return instances
    }

    /// Packs `ranges` of `instances` and reads every attribute back as the shader would: from
    /// the packed floats, the array's defaults beyond its components, or the constant.
    private func packAndCheck(_ instances: [Float], ranges: [(first: Int, count: Int)],
                              file: StaticString = #filePath, line: UInt = #line) -> (PackedInstances, [Float]) {
        var packed = PackedInstances()
        var out: [Float] = []
        instances.withUnsafeBufferPointer { instances in
            packed.plan(ranges, instances: instances.baseAddress!)
            out = [Float](repeating: .nan, count: packed.byteCount / 4)
            out.withUnsafeMutableBufferPointer { packed.write(into: $0.baseAddress!, instances: instances.baseAddress!) }
            for range in ranges where range.count > 0 {
                guard let layout = packed.layout(first: range.first, count: range.count) else {
                    return XCTFail("range \(range) not planned", file: file, line: line)
                }
                for instance in range.first..<range.first + range.count {
                    for (index, attribute) in QuadInstance.attributes.enumerated() {
                        let components = Int(layout.components[index])
                        var value = packed.constant(of: index, in: layout, instances: instances.baseAddress!)
                        if components > 0 {
                            let at = layout.byteOffset / 4 + (instance - layout.first) * layout.stride + Int(layout.offsets[index])
                            value = SIMD4(0, 0, 0, 1)
                            for c in 0..<components { value[c] = out[at + c] }
                        }
                        for c in 0..<attribute.components {
                            let written = instances[instance * QuadInstance.stride + attribute.offset + c]
                            XCTAssertEqual(value[c].bitPattern, written.bitPattern,
                                           "instance \(instance), attribute \(attribute.location), component \(c)", file: file, line: line)
                        }
                    }
                }
            }
        }
        return (packed, out)
    }

    func testCardsKeepOnlyTheirTransformAndColour() {
        // More than one chunk, so the chunks' differences are combined.
        let quads = (0..<(PackedInstances.chunkSize + 500)).map(card)
        let (packed, _) = packAndCheck(encoded(quads), ranges: [(0, quads.count)])
        let layout = packed.layouts[0]
        // The rows m11 m12 (m14 = 0, 1), m21 m22 (m24 = 0, 1) and m41 m42 (0, m44 = 1): the array's
        // defaults beyond two components; the colour's red, green and blue (alpha 1 by default);
        // the rect, border, radii and the rest constant.
        XCTAssertEqual(layout.components[row1], 2)
        XCTAssertEqual(layout.components[row2], 2)
        XCTAssertEqual(layout.components[row4], 2)
        XCTAssertEqual(layout.components[rect], 0)
        XCTAssertEqual(layout.components[fill], 3)
        XCTAssertEqual(layout.stride, 9)
        XCTAssertEqual(layout.pairs, 4, "m11 m12, m21 m22, m41 m42 and red green moved in pairs")
        XCTAssertEqual(layout.moves, 5, "blue alone")
        XCTAssertEqual(packed.byteCount, quads.count * 9 * 4)
        XCTAssertEqual(packed.floatsPerInstance, 9)
        XCTAssertEqual(Array(0..<15).map { Int(layout.components[$0]) }.reduce(0, +), 9, "nothing else read from the buffer")
    }

    func testSpritesOfOneImageKeepOnlyTheirTranslation() {
        let image = S.image(width: 8, height: 8) { x, y in [UInt8(x * 30), UInt8(y * 30), 0, 255] }
        let quads = (0..<300).map { sprite($0, image: image) }
        let (packed, out) = packAndCheck(encoded(quads), ranges: [(0, quads.count)])
        XCTAssertEqual(packed.layouts[0].stride, 2)
        XCTAssertEqual(packed.layouts[0].components[row4], 2)
        XCTAssertEqual(packed.layouts[0].moves, 1, "m41 m42 in one pair")
        XCTAssertEqual(packed.layouts[0].pairs, 1)
        XCTAssertEqual(Array(out.prefix(4)), [0, 0, 23.25, 0], "m41 m42 of the first two sprites")
    }

    func testZeroesOfEitherSignDiffer() {
        var instances = encoded([card(0), card(1)])
        // Row 4's z (0 as written): -0 is not 0 to the packer, which compares bits.
        instances[QuadInstance.stride + 10] = -0.0
        let (packed, _) = packAndCheck(instances, ranges: [(0, 2)])
        XCTAssertEqual(packed.layouts[0].components[row4], 3, "m41 m42 and m43 of either sign")
    }

    func testIdenticalQuadsUploadNothing() {
        let (packed, _) = packAndCheck(encoded(Array(repeating: card(3), count: 40)), ranges: [(0, 40)])
        XCTAssertEqual(packed.layouts[0].stride, 0)
        XCTAssertEqual(packed.byteCount, 0)
    }

    func testRangesArePackedOnceInOrder() {
        let quads = (0..<150).map(card)
        let image = S.image(width: 4, height: 4) { _, _ in [255, 0, 0, 255] }
        let instances = encoded(quads + (0..<50).map { sprite($0, image: image) })
        let (packed, _) = packAndCheck(instances, ranges: [(0, 150), (150, 0), (0, 150), (150, 50)])
        XCTAssertEqual(packed.layouts.map(\.first), [0, 150], "the empty range left out, the repeated one packed once")
        XCTAssertEqual(packed.layouts.map(\.byteOffset), [0, 150 * 9 * 4])
        XCTAssertEqual(packed.layouts[1].stride, 2)
        XCTAssertEqual(packed.byteCount, (150 * 9 + 50 * 2) * 4)
        XCTAssertNil(packed.layout(first: 0, count: 149))
    }

    // MARK: - Frames

    /// Renders `list` packed and as encoded (then packed again, after a damage-limited frame that
    /// uploads as encoded) and checks that the three draw the same pixels; returns the bytes of
    /// instances the packed and the encoded frames uploaded.
    private func drawBothWays(_ list: DrawList, file: StaticString = #filePath, line: UInt = #line) throws -> (packed: Int, encoded: Int) {
        let renderer = try S.makeRenderer(width: list.pixelWidth, height: list.pixelHeight)
        _ = try renderer.render(list)
        let packed = (try renderer.readPixels(), renderer.lastInstanceBytes)
        renderer.packsInstances = false
        _ = try renderer.render(list)
        let encoded = (try renderer.readPixels(), renderer.lastInstanceBytes)
        renderer.packsInstances = true
        _ = try renderer.render(list, damageRegion: [PixelRect(x: 0, y: 0, width: 40, height: 30), PixelRect(x: 60, y: 50, width: 30, height: 30)])
        _ = try renderer.render(list)
        XCTAssertEqual(renderer.lastInstanceBytes, packed.1, file: file, line: line)
        XCTAssertEqual(S.largestDifference(packed.0, encoded.0), 0, file: file, line: line)
        XCTAssertEqual(S.largestDifference(try renderer.readPixels(), encoded.0), 0, "packed again", file: file, line: line)
        return (packed.1, encoded.1)
    }

    func testCardsDrawTheSamePixelsPacked() throws {
        let list = DrawList(pixelWidth: 220, pixelHeight: 200, clearColor: .clear, commands: (0..<90).map { .quad(card($0)) }, clips: [])
        let bytes = try drawBothWays(list)
        XCTAssertEqual(bytes.encoded, 90 * QuadInstance.stride * 4)
        XCTAssertEqual(bytes.packed, 90 * 9 * 4)
    }

    func testSpritesDrawTheSamePixelsPacked() throws {
        let image = S.image(width: 16, height: 16) { x, y in
            let alpha = UInt8(max(0, 255 - 30 * abs(x - 8) - 30 * abs(y - 8)))
            return [alpha, alpha / 2, 0, alpha]
        }
        let list = DrawList(pixelWidth: 240, pixelHeight: 200, clearColor: .clear,
                            commands: (0..<120).map { .quad(sprite($0, image: image)) }, clips: [])
        let bytes = try drawBothWays(list)
        XCTAssertEqual(bytes.encoded, 120 * QuadInstance.stride * 4)
        XCTAssertEqual(bytes.packed, 120 * 2 * 4)
    }

    /// Batches of every kind, split by textures, blending, a clip and a gradient: each packed
    /// on its own, together a fraction of the instances as encoded.
    func testMixedBatchesDrawTheSamePixelsPacked() throws {
        let image = S.image(width: 4, height: 4) { x, _ in x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 128] }
        var quads = (0..<60).map(card) + (0..<40).map { sprite($0, image: image) }
        quads[7].clipIndex = 0
        quads[20].isOpaque = true
        quads[20].transform = .translation(30, 40)
        quads[20].cornerRadii = .zero
        quads[33].gradient = GradientFill(kind: .axial, startPoint: .zero, endPoint: CGPoint(x: 20, y: 0),
                                          stops: [GradientFill.Stop(location: 0, red: 1, green: 0, blue: 0, alpha: 1),
                                                  GradientFill.Stop(location: 1, red: 0, green: 0, blue: 1, alpha: 1)])
        quads[70].transform.m14 = 0.002  // in perspective: row 1 keeps m14 as well
        let clip = Clip(transform: .translation(20, 20), rect: CGRect(x: 0, y: 0, width: 150, height: 120), cornerRadii: CornerRadii(uniform: 20))
        let list = DrawList(pixelWidth: 240, pixelHeight: 200, clearColor: .clear, commands: quads.map { .quad($0) }, clips: [clip])
        let bytes = try drawBothWays(list)
        XCTAssertLessThan(bytes.packed * 2, bytes.encoded)
    }
}
