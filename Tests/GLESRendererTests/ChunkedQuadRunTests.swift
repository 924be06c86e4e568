import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
@testable import GLESRenderer
import XCTest

/// Runs of plain quads written in chunks on several threads (`ChunkedQuadRun`) encode the same
/// instances, features, bounds and batches, and draw the same pixels, as quads written one by one.
final class ChunkedQuadRunTests: XCTestCase {
    typealias S = RenderTestSupport
    private static let width = 320, height = 200

    /// `count` small quads in a grid, of every kind a run takes or ends at: rounded, bordered,
    /// textured by one of two images (so batches change), transparent or facing away (not
    /// drawn), clipped by the one clip, opaque on whole pixels (blending off), turned, and a
    /// gradient quad (which a run does not take) half-way.
    private static func quads(count: Int, images: [CGImage]) -> [Quad] {
        let columns = width / 4
        return (0..<count).map { k in
            let x = Double(k % columns) * 4, y = Double((k / columns) % (height / 4)) * 4
            var transform = Matrix4.translation(x, y)
            if k % 6 == 1 {
                transform = Matrix4.translation(-1.5, -1.5).concatenating(S.rotationZ(0.3 + Double(k % 10) * 0.1))
                    .concatenating(.translation(x + 1.5, y + 1.5))
            }
            let color = PremultipliedColor(red: Float(k % 7) / 10, green: Float(k % 5) / 8, blue: 0.3, alpha: k % 4 == 0 ? 1 : 0.7)
            var quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 3, height: 3), fillColor: color,
                            cornerRadii: k % 3 == 0 ? CornerRadii(uniform: 0.8) : .zero, borderWidth: k % 5 == 0 ? 0.5 : 0,
                            borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8))
            if k % 7 == 0 { quad.texture = TextureSource(image: images[(k / 7) % 2]) }
            if k % 11 == 0 { quad.opacity = 0 }
            if k % 13 == 0 {
                quad.isDoubleSided = false
                quad.transform = Matrix4.scale(-1, 1, 1).concatenating(.translation(x + 3, y))
            }
            if k % 17 == 0 { quad.clipIndex = 0 }
            if k % 8 == 4 { quad.isOpaque = true; quad.antialiasedEdges = 0 }
            if k == count / 2 {
                quad.gradient = GradientFill(kind: .axial, startPoint: .zero, endPoint: CGPoint(x: 3, y: 0),
                                             stops: [GradientFill.Stop(location: 0, red: 1, green: 0, blue: 0, alpha: 1),
                                                     GradientFill.Stop(location: 1, red: 0, green: 0, blue: 1, alpha: 1)])
            }
            return quad
        }
    }

    private static func list(count: Int, images: [CGImage]) -> DrawList {
        let clip = Clip(transform: .translation(40, 30), rect: CGRect(x: 0, y: 0, width: 200, height: 120),
                        cornerRadii: CornerRadii(uniform: 30))
        return DrawList(pixelWidth: width, pixelHeight: height, clearColor: .clear,
                        commands: quads(count: count, images: images).map { .quad($0) }, clips: [clip])
    }

    private static let images = [S.image(width: 4, height: 4) { x, _ in x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 128] },
                                 S.image(width: 2, height: 2) { x, y in (x + y) % 2 == 0 ? [0, 255, 0, 255] : [0, 0, 0, 0] }]

    /// Renders `list` with chunked runs and one by one (`damage` limiting the frame when given)
    /// and checks that both encode and draw the same.
    private func checkBothWaysAlike(_ renderer: GLESRenderer, _ list: DrawList, damage: [PixelRect]? = nil, expectsChunks: Bool = true,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        func render() throws -> (encoding: EncodingSummary, image: CGImage, drawCalls: Int) {
            let statistics = try damage.map { try renderer.render(list, damageRegion: $0) } ?? renderer.render(list)
            return (EncodingSummary(renderer.lastEncoding, keepsBounds: damage != nil), try renderer.readPixels(), statistics.drawCalls)
        }
        renderer.usesChunkedRuns = false
        let single = try render()
        renderer.usesChunkedRuns = true
        let chunked = try render()
        if expectsChunks {
            XCTAssertGreaterThan(single.encoding.features.count, 2 * ChunkedQuadRun.chunkSize, "several chunks", file: file, line: line)
        }
        XCTAssertEqual(chunked.encoding, single.encoding, file: file, line: line)
        XCTAssertEqual(chunked.drawCalls, single.drawCalls, file: file, line: line)
        XCTAssertEqual(S.largestDifference(chunked.image, single.image), 0, file: file, line: line)
    }

    func testChunkedRunsEncodeAndDrawAsQuadsOneByOne() throws {
        let renderer = try S.makeRenderer(width: Self.width, height: Self.height)
        let list = Self.list(count: 9000, images: Self.images)
        try checkBothWaysAlike(renderer, list)
        let encoding = EncodingSummary(renderer.lastEncoding, keepsBounds: false)
        XCTAssertGreaterThan(encoding.batches.first?.count ?? 0, 10, "the images and the gradients split the batches")
    }

    func testChunkedRunsRecordTheSameDamageBoundsAsQuadsOneByOne() throws {
        let renderer = try S.makeRenderer(width: Self.width, height: Self.height)
        let list = Self.list(count: 9000, images: Self.images)
        _ = try renderer.render(list)
        try checkBothWaysAlike(renderer, list, damage: [PixelRect(x: 10, y: 10, width: 300, height: 90),
                                                        PixelRect(x: 0, y: 104, width: 320, height: 90)])
        XCTAssertTrue(renderer.lastEncoding.bounds.contains { $0 != .zero }, "bounds recorded")
    }

    /// Runs longer and shorter than the last frame's reuse the run's storage: what a longer run
    /// wrote is not read by a shorter one.
    func testRunsGrowAndShrinkAcrossFrames() throws {
        let renderer = try S.makeRenderer(width: Self.width, height: Self.height)
        for count in [5000, 300, 12000, 4100, 9000] {
            try checkBothWaysAlike(renderer, Self.list(count: count, images: count == 4100 ? Self.images.reversed() : Self.images),
                                   expectsChunks: count >= 9000)
        }
    }
}

/// What `GLESRenderer.lastEncoding` holds, comparable: the instances bit for bit.
private struct EncodingSummary: Equatable {
    struct Batch: Equatable {
        var first: Int, count: Int, texture: UInt32, samplerKey: Int, blend: BatchBlend, features: Int, isMixed: Bool
    }

    var instances: [UInt32]
    var features: [Int]
    var bounds: [SIMD4<Int32>]
    var batches: [[Batch]]

    init(_ encoding: (instances: [Float], features: [ShaderFeatures], bounds: [SIMD4<Int32>], batches: [[QuadBatch]]),
         keepsBounds: Bool) {
        instances = encoding.instances.map(\.bitPattern)
        features = encoding.features.map(\.rawValue)
        bounds = keepsBounds ? encoding.bounds : []
        batches = encoding.batches.map { pass in
            pass.map { Batch(first: $0.firstInstance, count: $0.instanceCount, texture: $0.texture, samplerKey: $0.samplerKey,
                             blend: $0.blend, features: $0.features.rawValue, isMixed: $0.isMixed) }
        }
    }
}
