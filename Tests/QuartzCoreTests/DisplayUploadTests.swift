import QuartzCore
import RendererTestSupport
import XCTest

/// What a frame uploads after a layer redraws: nothing when nothing changed, the whole image after
/// a full redraw, only the changed rectangle after `setNeedsDisplay(_:)` of a part (the book's
/// Listing 13.4 redraws only the dirty rectangle). Timing of the same cases is `qc-bench`'s job.
final class DisplayUploadTests: XCTestCase {
    /// Discs over white; the frame index moves them, so every redraw changes pixels. The layer is
    /// 512 points square: larger than the atlas takes, so it has a texture of its own.
    final class Art: CALayer {
        var frameIndex = 0
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            ctx.fill(ctx.boundingBoxOfClipPath)
            for i in 0..<8 {
                let rect = CGRect(x: CGFloat((i * 97 + frameIndex * 5) % 480), y: CGFloat((i * 53) % 480), width: 32, height: 32)
                ctx.setFillColor(CGColor(red: CGFloat(i % 5) / 5, green: 0.4, blue: 0.8, alpha: 0.7))
                ctx.fillEllipse(in: rect)
            }
        }
    }

    /// Texture uploads of one frame: all of them, and those of a changed rectangle only.
    private struct Uploads {
        let textureUploads: Int
        let partialTextureUploads: Int
    }

    private func uploads(_ renderer: CARenderer, _ art: Art, frame: Int, _ mark: () -> Void) throws -> Uploads {
        art.frameIndex = frame
        mark()
        CATransaction.flush()
        let statistics = try renderer.renderFrame(atTime: Double(frame) / 60)
        return Uploads(textureUploads: statistics.textureUploads, partialTextureUploads: statistics.partialTextureUploads)
    }

    private func check(_ renderer: CARenderer) throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 512, height: 512)
        let art = Art()
        art.frame = root.bounds
        root.addSublayer(art)
        art.setNeedsDisplay()
        renderer.layer = root
        let first = try uploads(renderer, art, frame: 0) {}
        XCTAssertEqual(first.textureUploads, 1, "the first frame uploads the backing store once")

        let still = try uploads(renderer, art, frame: 1) {}
        XCTAssertEqual(still.textureUploads, 0, "nothing redrawn, nothing uploaded")

        let full = try uploads(renderer, art, frame: 2) { art.setNeedsDisplay() }
        XCTAssertEqual(full.textureUploads, 1)
        XCTAssertEqual(full.partialTextureUploads, 0, "a full redraw replaces the whole texture")

        let dirty = try uploads(renderer, art, frame: 3) { art.setNeedsDisplay(CGRect(x: 200, y: 200, width: 64, height: 64)) }
        XCTAssertEqual(dirty.textureUploads, 1)
        XCTAssertEqual(dirty.partialTextureUploads, 1, "a dirty rectangle uploads only that rectangle")
    }

    func testGLESUploadsOnlyWhatWasRedrawn() throws {
        SoftwareGL.useUnlessConfigured()
        try check(try CARenderer(pixelWidth: 512, pixelHeight: 512))
    }
}
