import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Helpers for the CPU renderer's pixel probes (the same quads as the GLES renderer's tests).
enum CPUTestSupport: PixelProbes {
    /// Renders `quads` on a canvas cleared to `clear`; returns the image and statistics.
    static func render(width: Int, height: Int, clear: PremultipliedColor = .clear, quads: [Quad],
                       clips: [Clip] = [], threads: Int = 2) throws -> (CGImage, RenderStatistics) {
        try render(DrawList(pixelWidth: width, pixelHeight: height, clearColor: clear,
                            commands: quads.map { .quad($0) }, clips: clips), threads: threads)
    }

    /// Renders a list with a fresh renderer.
    static func render(_ list: DrawList, threads: Int = 2) throws -> (CGImage, RenderStatistics) {
        let renderer = try CPURenderer(pixelWidth: list.pixelWidth, pixelHeight: list.pixelHeight, threadCount: threads)
        let statistics = try renderer.render(list)
        return (try renderer.readPixels(), statistics)
    }

    /// A rotation about y by `angle` followed by a perspective of eye distance `d`.
    static func rotationY(_ angle: Double, perspective d: Double) -> Matrix4 {
        var rotation = Matrix4.identity
        rotation.m11 = cos(angle); rotation.m13 = -sin(angle); rotation.m31 = sin(angle); rotation.m33 = cos(angle)
        var perspective = Matrix4.identity
        perspective.m34 = -1.0 / d
        return rotation.concatenating(perspective)
    }
}

