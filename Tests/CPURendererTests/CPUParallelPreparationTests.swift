import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Long lists are prepared on the painter's threads (`FrameCompositor.prepareInParallel`): the
/// list they give has the same drawables in the same order as preparing them one after another,
/// and paints the same bytes, for a mix of lean sprites, general quads, clipped and blurred quads
/// and groups.
final class CPUParallelPreparationTests: XCTestCase {
    private static let canvas = (width: 160, height: 120)

    /// Premultiplied noise with clear texels (sprites are cut to their alpha hulls).
    private static func image(seed: UInt64, width: Int, height: Int) -> CGImage {
        var generator = SeededGenerator(seed: seed)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for texel in 0..<width * height where (texel / width + texel % width) % 5 != 0 {
            let alpha = UInt8(generator.next(256))
            for channel in 0..<3 { bytes[4 * texel + channel] = UInt8(generator.next(Int(alpha) + 1)) }
            bytes[4 * texel + 3] = alpha
        }
        return CGImage(width: width, height: height, bytesPerRow: 4 * width, data: Data(bytes))!
    }

    private static let noise = image(seed: 3, width: 24, height: 20)
    private static let largeNoise = image(seed: 4, width: 64, height: 48)

    /// `count` drawables of eight kinds in turn, and a group (with a mask and a shadow) every
    /// hundred, placed by `seed`.
    private static func list(count: Int, seed: UInt64) -> DrawList {
        var generator = SeededGenerator(seed: seed)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        func placed(angle: Double = 0) -> Matrix4 {
            SpriteFixtures.placed(x: random(-10...Double(canvas.width)), y: random(-10...Double(canvas.height)),
                                  scaleX: random(0.3...1.6), scaleY: random(0.3...1.6), angle: angle)
        }
        let clips = [Clip(transform: .identity, rect: CGRect(x: 10, y: 8, width: 120, height: 90)),
                     Clip(transform: SpriteFixtures.placed(x: 40, y: 20, angle: 0.3), rect: CGRect(x: 0, y: 0, width: 70, height: 50),
                          cornerRadii: CornerRadii(uniform: 9), parentIndex: 0)]
        var commands: [DrawCommand] = []
        for index in 0..<count {
            if index % 100 == 50 {
                let shadow = GroupShadow(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5), offsetX: 3, offsetY: 4, sigma: 2)
                commands.append(.beginGroup(CompositingGroup(transform: placed(), rect: CGRect(x: 0, y: 0, width: 30, height: 24),
                                                             pixelWidth: 30, pixelHeight: 24, opacity: 0.8, shadow: shadow)))
                commands.append(.quad(Quad(transform: .identity, rect: CGRect(x: 2, y: 2, width: 26, height: 20),
                                           fillColor: PremultipliedColor(red: 0.2, green: 0.6, blue: 0.1, alpha: 0.9))))
                commands.append(.quad(Quad(transform: SpriteFixtures.placed(x: 5, y: 3), rect: CGRect(x: 0, y: 0, width: 20, height: 16),
                                           texture: TextureSource(image: noise), antialiasedEdges: 0)))
                commands.append(.beginMask)
                commands.append(.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 30, height: 24),
                                           fillColor: PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1), cornerRadii: CornerRadii(uniform: 8))))
                commands.append(.endGroup)
            }
            let rect = CGRect(x: random(-3...0), y: random(-3...0), width: random(4...30), height: random(4...30))
            let opacity = Float(random(0.2...1))
            let quad: Quad
            switch index % 8 {
            case 0, 1, 2:
                quad = Quad(transform: placed(angle: index % 3 == 2 ? random(-1...1) : 0), rect: rect,
                            texture: TextureSource(image: noise), opacity: opacity, antialiasedEdges: 0)
            case 3:
                quad = Quad(transform: placed(), rect: rect, texture: TextureSource(image: noise), opacity: opacity)
            case 4:
                quad = Quad(transform: placed(angle: random(-1...1)), rect: rect,
                            fillColor: PremultipliedColor(red: 0.5, green: 0.1, blue: 0.3, alpha: 0.7),
                            cornerRadii: CornerRadii(uniform: 3), borderWidth: 1.5,
                            borderColor: PremultipliedColor(red: 0, green: 0, blue: 0.8, alpha: 0.8), opacity: opacity)
            case 5:
                quad = Quad(transform: placed(), rect: rect, texture: TextureSource(image: noise), opacity: opacity,
                            clipIndex: Int32(index % 2), antialiasedEdges: 0)
            case 6:
                // Three shapes at one scale, so that their shadow masks are made once.
                let side = Double(8 + 6 * (index % 3))
                quad = Quad(transform: SpriteFixtures.placed(x: random(-10...Double(canvas.width)), y: random(-10...Double(canvas.height))),
                            rect: CGRect(x: 0, y: 0, width: side, height: side),
                            fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.6),
                            opacity: opacity, blurSigma: 2.5)
            default:
                quad = Quad(transform: placed(), rect: rect,
                            texture: TextureSource(image: largeNoise, minificationFilter: .trilinear), opacity: opacity, antialiasedEdges: 0)
            }
            commands.append(.quad(quad))
        }
        return DrawList(pixelWidth: canvas.width, pixelHeight: canvas.height, commands: commands, clips: clips)
    }

    /// A compositor's caches and painter, kept from frame to frame as the renderer keeps them.
    private final class Preparer {
        let painter: BandPainter
        let textures = TextureStore(budget: CacheBudget(byteLimit: 64 << 20))
        let rasterizations = RasterizationCache(byteLimit: 64 << 20)
        let shadowMasks = ShadowMaskCache(budget: CacheBudget(byteLimit: 64 << 20))
        let offscreen = PixelBufferPool(budget: CacheBudget(byteLimit: 64 << 20), maximumSide: CPURenderer.maximumSide)
        var prepared = PreparedQuadList()
        let planner = PassPlanner()
        let images = PassImages()

        init(threads: Int) { painter = BandPainter(threadCount: threads) }

        /// Prepares `list` into the kept list and paints it over a clear canvas.
        func frame(_ list: DrawList) throws -> [UInt32] {
            textures.beginFrame(); rasterizations.beginFrame(); shadowMasks.beginFrame(); offscreen.beginFrame()
            defer { textures.endFrame(); rasterizations.endFrame(countForAge: true); shadowMasks.endFrame(countForAge: true); offscreen.endFrame() }
            let clips = list.clips.enumerated().map { PreparedClip($1, index: $0, count: list.clips.count) }
            let tree = DrawListTree(list)
            let plan = planner.plan(tree, roots: tree.roots, canvasWidth: list.pixelWidth, canvasHeight: list.pixelHeight)
            images.begin(groups: tree.groups.count)
            images.setTargetCount(plan.targets.count)
            defer { images.clear() }
            let compositor = FrameCompositor(tree: tree, clips: clips, painter: painter, textures: textures,
                                             rasterizations: rasterizations, shadowMasks: shadowMasks, offscreen: offscreen,
                                             plan: plan, images: images, keptBackdrops: KeptBackdrops(byteCount: { _ in 0 }))
            var statistics = RenderStatistics()
            try compositor.runOffscreenPasses(statistics: &statistics)
            try compositor.prepare(tree.nodes[tree.roots], width: list.pixelWidth, height: list.pixelHeight,
                                   statistics: &statistics, into: &prepared, host: plan.canvasPass)
            let buffer = PixelBuffer(width: list.pixelWidth, height: list.pixelHeight)
            painter.paint(prepared, clips: clips, into: buffer, region: PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight),
                          clear: 0)
            return Array(UnsafeBufferPointer(start: buffer.pixels, count: list.pixelWidth * list.pixelHeight))
        }
    }

    private func assertSameList(_ parallel: PreparedQuadList, _ serial: PreparedQuadList, _ what: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(parallel.count, serial.count, "\(what): drawables", file: file, line: line)
        XCTAssertEqual(parallel.sprites.count, serial.sprites.count, "\(what): lean sprites", file: file, line: line)
        XCTAssertEqual(parallel.quads.count, serial.quads.count, "\(what): general quads", file: file, line: line)
        for (index, (a, b)) in zip(parallel.entries, serial.entries).enumerated()
        where (a.minX, a.minY, a.maxX, a.maxY, a.record) != (b.minX, b.minY, b.maxX, b.maxY, b.record) {
            XCTFail("\(what): entry \(index) is \(a) in parallel, \(b) serially", file: file, line: line)
            return
        }
        for (index, (a, b)) in zip(parallel.sprites, serial.sprites).enumerated() where a.inverse != b.inverse || a.bounds != b.bounds {
            XCTFail("\(what): sprite \(index) differs", file: file, line: line)
            return
        }
        for (index, (a, b)) in zip(parallel.quads, serial.quads).enumerated()
        where a.preciseInverse != b.preciseInverse || a.bounds != b.bounds || a.clip != b.clip || (a.sprite == nil) != (b.sprite == nil) {
            XCTFail("\(what): general quad \(index) differs", file: file, line: line)
            return
        }
    }

    private func assertSameBytes(_ a: [UInt32], _ b: [UInt32], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, file: file, line: line)
        if let first = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            XCTFail(String(format: "%@: pixel (%d, %d) is %08X in parallel, %08X serially", what, first.offset % Self.canvas.width,
                           first.offset / Self.canvas.width, first.element.0, first.element.1), file: file, line: line)
        }
    }

    func testParallelPreparationEqualsSerialForAMixedList() throws {
        let serial = Preparer(threads: 1), parallel = Preparer(threads: 2)
        // A long frame, a short one (prepared serially even on two threads), then a longer one
        // into the same lists, whose kept parts are reused.
        for (frame, count) in [600, 300, 640].enumerated() {
            let list = Self.list(count: count, seed: UInt64(10 + frame))
            let roots = DrawListTree(list).roots.count
            let parallelBytes = try parallel.frame(list), serialBytes = try serial.frame(list)
            let what = "frame \(frame) (\(roots) nodes)"
            if frame == 0 {
                XCTAssertGreaterThanOrEqual(roots, FrameCompositor.parallelMinimum)
                XCTAssertEqual(parallel.prepared.spareParts.count, 2, "\(what): prepared in two parts")
            } else if roots < FrameCompositor.parallelMinimum {
                XCTAssertEqual(parallel.prepared.spareParts.map(\.list.count), [0, 0], "\(what): kept parts hold no records")
            }
            XCTAssertTrue(serial.prepared.spareParts.isEmpty, "\(what): one thread prepares serially")
            assertSameList(parallel.prepared, serial.prepared, what)
            assertSameBytes(parallelBytes, serialBytes, what)
            // Every kind drew: sprites lean and general, groups and their shadows, blurred quads.
            XCTAssertGreaterThan(serial.prepared.sprites.count, count / 4, what)
            XCTAssertGreaterThan(serial.prepared.quads.count, count / 4, what)
            XCTAssertGreaterThan(serialBytes.filter { $0 != 0 }.count, Self.canvas.width * Self.canvas.height / 2, what)
        }
    }

    func testRenderersOnOneAndTwoThreadsDrawTheSameBytes() throws {
        let one = try CPURenderer(pixelWidth: Self.canvas.width, pixelHeight: Self.canvas.height, threadCount: 1)
        let two = try CPURenderer(pixelWidth: Self.canvas.width, pixelHeight: Self.canvas.height, threadCount: 2)
        for frame in 0..<2 {
            let list = Self.list(count: 600, seed: UInt64(20 + frame))
            _ = try one.render(list); _ = try two.render(list)
            let a = try two.readPixels(), b = try one.readPixels()
            XCTAssertEqual(a.data, b.data, "frame \(frame): two threads draw the bytes one draws")
        }
    }

    /// `PlaneProjection.pixelBounds` maps affine planes without the division by w and outsets
    /// rects without `CGRect.insetBy`: the bounds equal those of the four corners of the outset
    /// rect projected and divided by w, rounded outwards, for every kind of plane and rect.
    func testPixelBoundsEqualTheProjectedCornersOfTheOutsetRect() {
        var generator = SeededGenerator(seed: 41)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        /// The corners of `rect` outset by `outset`, projected by `matrix`'s plane.
        func reference(_ matrix: Matrix4, _ rect: CGRect, _ outset: Double) -> (Int, Int, Int, Int)? {
            let plane = Homography(plane: matrix)
            let r = rect.insetBy(dx: -CGFloat(outset), dy: -CGFloat(outset))
            var xs: [Double] = [], ys: [Double] = []
            for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
                let p = plane.apply(Double(x), Double(y))
                guard p.w > 1e-9 else { return nil }
                xs.append(p.x / p.w); ys.append(p.y / p.w)
            }
            let bounds = [xs.min()!, ys.min()!, xs.max()!, ys.max()!]
            guard bounds.allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
            return (Int(bounds[0].rounded(.down)) - 1, Int(bounds[1].rounded(.down)) - 1,
                    Int(bounds[2].rounded(.up)) + 1, Int(bounds[3].rounded(.up)) + 1)
        }
        var affine = 0
        for index in 0..<2000 {
            var matrix = SpriteFixtures.placed(x: random(-500...500), y: random(-500...500), scaleX: random(-3...3),
                                               scaleY: random(-3...3), angle: index % 3 == 0 ? random(-3...3) : 0)
            switch index % 5 {
            case 1: matrix.m44 = random(0.5...2)                      // affine with w not 1
            case 2: matrix.m14 = random(-0.004...0.004); matrix.m24 = random(-0.004...0.004)   // perspective
            case 3: matrix.m41 = index % 2 == 0 ? .infinity : .nan    // not finite
            default: affine += 1
            }
            let rect = CGRect(x: random(-50...50), y: random(-50...50), width: random(index % 7 == 0 ? -20...40 : 0...40),
                              height: random(0...40))
            let outset = [0, 0.5, random(0...30), -1][index % 4]
            let plane = Homography(plane: matrix)
            let projection = PlaneProjection(plane: plane, inverse: plane.inverse ?? .identity, rect: rect)
            let got = projection.pixelBounds(outset: outset), expected = reference(matrix, rect, outset)
            XCTAssertEqual(got.map { [$0.0, $0.1, $0.2, $0.3] }, expected.map { [$0.0, $0.1, $0.2, $0.3] },
                           "case \(index): \(matrix), rect \(rect), outset \(outset)")
        }
        XCTAssertGreaterThan(affine, 600)
    }
}
