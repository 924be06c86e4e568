import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Helpers shared by the rendering tests: a software-rendered context, pixel probes, images.
enum RenderTestSupport: PixelProbes {
    /// A renderer on Mesa's software rasteriser.
    static func makeRenderer(width: Int, height: Int, evictionAge: Int = 60) throws -> GLESRenderer {
        SoftwareGL.useUnlessConfigured()
        let context = try GLESContext()
        let target = try OffscreenTarget(context: context, pixelWidth: width, pixelHeight: height)
        return try GLESRenderer(target: target, textureEvictionAge: evictionAge)
    }

    /// Renders `quads` on a canvas cleared to `clear` and returns the read-back image and statistics.
    static func render(_ renderer: GLESRenderer, width: Int, height: Int, clear: PremultipliedColor = .clear,
                       quads: [Quad], clips: [Clip] = []) throws -> (CGImage, RenderStatistics) {
        let list = DrawList(pixelWidth: width, pixelHeight: height, clearColor: clear,
                            commands: quads.map { .quad($0) }, clips: clips)
        let statistics = try renderer.render(list)
        return (try renderer.readPixels(), statistics)
    }

}

