import CompositorCore
import CoreGraphics
import Foundation
import XCTest

/// The cache eviction policy (`CacheBudget`) checked the same way on both renderers, through
/// what they report in `RenderStatistics`: an entry not drawn for `evictionAge` frames drawn
/// whole is evicted, the byte limit holds for what a frame does not draw, and what a frame
/// draws is never evicted.
public enum CacheEvictionScenarios {
    /// The canvas side, in pixels.
    static let canvas = 64

    /// A new image object of `side` x `side` pixels of one grey level.
    public static func image(side: Int, level: UInt8) -> CGImage {
        let bytes = [UInt8](repeating: level, count: side * side * 4)
        return CGImage(width: side, height: side, bytesPerRow: side * 4, data: Data(bytes))!
    }

    /// A quad showing `image` in a 16x16 square at `x`.
    static func quad(_ image: CGImage, x: Double) -> DrawCommand {
        .quad(Quad(transform: .translation(x, 0), rect: CGRect(x: 0, y: 0, width: 16, height: 16), texture: TextureSource(image: image)))
    }

    static func list(_ commands: [DrawCommand]) -> DrawList {
        DrawList(pixelWidth: canvas, pixelHeight: canvas, commands: commands)
    }

    /// Image `a` drawn in frame 1 only, image `b` in every frame: `a` is held while it has not
    /// been drawn for fewer than `age` frames, evicted at the end of the `age`-th frame without
    /// it, and converted (uploaded) anew when drawn again.
    public static func checkAgeEviction(_ renderer: FrameRenderer & CacheBudgetedRenderer, age: Int,
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        renderer.cacheBudget = CacheBudget(byteLimit: 64 << 20, evictionAge: age)
        let a = image(side: 16, level: 200), b = image(side: 16, level: 100)
        var statistics = try renderer.render(list([quad(a, x: 0), quad(b, x: 20)]))
        XCTAssertEqual(statistics.contentImages.entries, 2, file: file, line: line)
        for _ in 1..<age {
            statistics = try renderer.render(list([quad(b, x: 20)]))
        }
        XCTAssertEqual(statistics.contentImages.entries, 2, "not drawn for \(age - 1) frames: still held", file: file, line: line)
        statistics = try renderer.render(list([quad(b, x: 20)]))
        XCTAssertEqual(statistics.contentImages.entries, 1, "not drawn for \(age) frames: evicted", file: file, line: line)
        statistics = try renderer.render(list([quad(a, x: 0), quad(b, x: 20)]))
        XCTAssertEqual(statistics.textureUploads, 1, "the evicted image is converted again", file: file, line: line)
    }

    /// A new 300x300 image (360,000 bytes, too large for an atlas) every frame under a limit
    /// of 1,000,000 bytes and a long age: the cache never holds more bytes than the limit, and
    /// keeps the most recently drawn images (the last two), evicting the older ones.
    public static func checkByteLimit(_ renderer: FrameRenderer & CacheBudgetedRenderer,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        renderer.cacheBudget = CacheBudget(byteLimit: 1_000_000, evictionAge: 1000)
        var images: [CGImage] = []
        for frame in 1...8 {
            images.append(image(side: 300, level: UInt8(frame * 20)))
            let statistics = try renderer.render(list([quad(images[frame - 1], x: 0)]))
            XCTAssertLessThanOrEqual(statistics.contentImages.bytes, 1_000_000, "frame \(frame)", file: file, line: line)
            XCTAssertEqual(statistics.contentImages.entries, min(frame, 2), "frame \(frame)", file: file, line: line)
        }
        let kept = try renderer.render(list([quad(images[6], x: 0)]))
        XCTAssertEqual(kept.textureUploads, 0, "the image of the frame before the last is kept", file: file, line: line)
        let evicted = try renderer.render(list([quad(images[5], x: 0)]))
        XCTAssertEqual(evicted.textureUploads, 1, "an older one was evicted", file: file, line: line)
    }

    /// Four 300x300 images on screen every frame (1,440,000 bytes) under a limit of 1,000,000
    /// bytes and an age of 2, with a new image beside them each frame: the four are converted
    /// once and never evicted, whatever the limit; only the images of past frames go.
    public static func checkOnScreenEntriesStay(_ renderer: FrameRenderer & CacheBudgetedRenderer,
                                                file: StaticString = #filePath, line: UInt = #line) throws {
        renderer.cacheBudget = CacheBudget(byteLimit: 1_000_000, evictionAge: 2)
        let steady = (0..<4).map { image(side: 300, level: UInt8(40 + $0 * 40)) }
        for frame in 1...10 {
            let passing = image(side: 16, level: UInt8(frame))
            let statistics = try renderer.render(list(steady.enumerated().map { quad($1, x: Double($0) * 16) } + [quad(passing, x: 48)]))
            XCTAssertEqual(statistics.textureUploads, frame == 1 ? 5 : 1, "frame \(frame): only the new image is converted",
                           file: file, line: line)
            XCTAssertEqual(statistics.contentImages.entries, 5, "frame \(frame): what is drawn stays; older images went",
                           file: file, line: line)
        }
    }

    /// A rasterized group drawn in frame 1 only: its kept content is evicted at the end of the
    /// `age`-th frame without it.
    public static func checkRasterizedGroupAgeEviction(_ renderer: FrameRenderer & CacheBudgetedRenderer, age: Int,
                                                       file: StaticString = #filePath, line: UInt = #line) throws {
        renderer.cacheBudget = CacheBudget(byteLimit: 64 << 20, evictionAge: age)
        let group = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 32), pixelWidth: 32,
                                     pixelHeight: 32, rasterizationKey: RasterizationKey(layerID: 9, contentVersion: 1))
        let square = DrawCommand.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 20, height: 20),
                                           fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)))
        var statistics = try renderer.render(list([.beginGroup(group), square, .endGroup]))
        XCTAssertEqual(statistics.rasterizedGroups.entries, 1, file: file, line: line)
        XCTAssertEqual(statistics.rasterizedGroups.bytes > 0, true, file: file, line: line)
        for _ in 1..<age { statistics = try renderer.render(list([square])) }
        XCTAssertEqual(statistics.rasterizedGroups.entries, 1, "not drawn for \(age - 1) frames: still kept", file: file, line: line)
        statistics = try renderer.render(list([square]))
        XCTAssertEqual(statistics.rasterizedGroups.entries, 0, "not drawn for \(age) frames: evicted", file: file, line: line)
        XCTAssertEqual(statistics.rasterizedGroups.bytes, 0, file: file, line: line)
    }

    /// Frames that redraw only a damage rectangle away from image `a` do not age it (they do
    /// not draw it, though it is on screen): after `age + 5` of them it is still held.
    public static func checkDamageLimitedFramesDoNotAge(_ renderer: FrameRenderer & CacheBudgetedRenderer, age: Int,
                                                        file: StaticString = #filePath, line: UInt = #line) throws {
        renderer.cacheBudget = CacheBudget(byteLimit: 64 << 20, evictionAge: age)
        let a = image(side: 16, level: 200)
        var b = image(side: 16, level: 100)
        _ = try renderer.render(list([quad(a, x: 0), quad(b, x: 40)]))
        for frame in 0..<(age + 5) {
            b = image(side: 16, level: UInt8(frame))
            let statistics = try renderer.render(list([quad(a, x: 0), quad(b, x: 40)]),
                                                 damageRegion: [PixelRect(x: 40, y: 0, width: 16, height: 16)])
            XCTAssertEqual(statistics.textureUploads, 1, file: file, line: line)
        }
        let whole = try renderer.render(list([quad(a, x: 0), quad(b, x: 40)]))
        XCTAssertEqual(whole.textureUploads, 0, "the image outside the damage was kept", file: file, line: line)
    }

    /// Images `a` and `b` drawn in a first frame, then frames that redraw only damage elsewhere
    /// (which age nothing): both stay while the caller holds them; once nothing but the cache
    /// holds `b`, no layer can draw it again, and its entry goes at the end of the next frame.
    /// Returns the statistics of the first frame and of the last.
    @discardableResult
    public static func checkImagesNoOneElseHoldsGo(_ renderer: FrameRenderer & CacheBudgetedRenderer,
                                                   file: StaticString = #filePath, line: UInt = #line) throws
        -> (first: RenderStatistics, last: RenderStatistics) {
        renderer.cacheBudget = CacheBudget(byteLimit: 64 << 20, evictionAge: 1000)
        let a = image(side: 300, level: 30)
        var b: CGImage? = image(side: 300, level: 90)
        let first = try renderer.render(list([quad(a, x: 0), quad(b!, x: 20)]))
        XCTAssertEqual(first.contentImages.entries, 2, file: file, line: line)
        let damage = [PixelRect(x: 40, y: 40, width: 4, height: 4)]
        var last = try renderer.render(list([]), damageRegion: damage)
        XCTAssertEqual(last.contentImages.entries, 2, "both still held elsewhere: kept", file: file, line: line)
        b = nil
        last = try renderer.render(list([]), damageRegion: damage)
        XCTAssertEqual(last.contentImages.entries, 1, "held by no one else: let go", file: file, line: line)
        XCTAssertEqual(last.contentImages.bytes * 2, first.contentImages.bytes, file: file, line: line)
        withExtendedLifetime(a) {}
        return (first, last)
    }
}
