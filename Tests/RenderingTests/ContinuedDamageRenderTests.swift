import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import GLESRenderer
import RendererTestSupport
import XCTest

/// Frame after frame of a producer that numbers its lists (`DrawListContinuity`), as
/// `CARenderer` does, each redrawn only where the tracker finds damage: the renderers keep their
/// tree and culling grid from frame to frame, and every frame equals a full render of it (byte
/// for byte on the CPU renderer, within a level on GLES), including a frame whose nesting changes
/// and one that skips a number in the sequence.
final class ContinuedDamageRenderTests: XCTestCase {
    private enum Probes: PixelProbes {}
    private let width = 200, height = 150, columns = 14

    /// Card `k` of a grid, turned by `angle`; every ninth card sits inside a translucent group.
    private func commands(angles: [Double], groupOpacity: Float) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        for (k, angle) in angles.enumerated() {
            let cell = 14.0, size = 11.0, half = size / 2
            let x = (Double(k % columns) + 0.5) * cell, y = (Double(k / columns) + 0.5) * cell
            let color = [Probes.red, Probes.green, Probes.blue][k % 3]
            let spin = Matrix4.translation(-half, -half).concatenating(Probes.rotationZ(angle))
            let quad = Quad(transform: spin.concatenating(.translation(x, y)), rect: CGRect(x: 0, y: 0, width: size, height: size),
                            fillColor: color, cornerRadii: CornerRadii(uniform: 2), borderWidth: 1,
                            borderColor: PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 0.8))
            if k % 9 == 4 {
                var inner = quad
                inner.transform = spin.concatenating(.translation(half + 2, half + 2))
                commands += [.beginGroup(CompositingGroup(transform: .translation(x - half - 2, y - half - 2),
                                                          rect: CGRect(x: 0, y: 0, width: 15, height: 15),
                                                          pixelWidth: 15, pixelHeight: 15, opacity: groupOpacity)),
                             .quad(inner), .endGroup]
            } else {
                commands.append(.quad(quad))
            }
        }
        return commands
    }

    /// Twelve frames: every 29th card (apart in the grid) turns a little each frame (the offset moving along),
    /// the groups fade on frames 3 and 8; frame 5 replaces the first card by a stray group end for one
    /// frame, and frame 9 skips a number.
    private func frames() -> [DrawList] {
        var angles = (0..<140).map { Double($0) * 0.01 }
        var lists: [DrawList] = []
        var number: UInt64 = 10
        var previous: [DrawCommand] = []
        for frame in 0..<12 {
            for k in Swift.stride(from: frame % 29, to: angles.count, by: 29) { angles[k] += 0.3 }
            var current = commands(angles: angles, groupOpacity: (3...7).contains(frame) ? 0.6 : 0.75)
            if frame == 5 { current[0] = .endGroup }
            number += frame == 9 ? 2 : 1
            var list = DrawList(pixelWidth: width, pixelHeight: height,
                                clearColor: PremultipliedColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1), commands: current)
            list.continuity = DrawListContinuity(sequence: 4, frame: number,
                                                 unchangedRanges: unchanged(from: previous, to: current))
            lists.append(list)
            previous = current
        }
        return lists
    }

    /// The ranges of commands equal in both lists, as a producer that knows what it repeated declares them.
    private func unchanged(from old: [DrawCommand], to new: [DrawCommand]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for k in 0..<min(old.count, new.count) {
            if old[k] == new[k] {
                if start == nil { start = k }
            } else if let s = start {
                ranges.append(s..<k); start = nil
            }
        }
        if let s = start { ranges.append(s..<min(old.count, new.count)) }
        return ranges
    }

    private func check(tolerance: Int, _ make: () throws -> FrameRenderer) throws {
        let renderer = try make()
        var tracker = DamageTracker()
        var damagedFrames = 0
        for (index, list) in frames().enumerated() {
            let damage = tracker.damage(for: list)
            _ = try renderer.render(list, damageRegion: damage)
            let fresh = try make()
            _ = try fresh.render(list)
            let got = try renderer.readPixels(), expected = try fresh.readPixels()
            var differing = 0, first = ""
            for y in 0..<height {
                for x in 0..<width {
                    let a = Probes.pixel(got, x, y), b = Probes.pixel(expected, x, y)
                    if !zip(a, b).allSatisfy({ abs($0 - $1) <= tolerance }) {
                        if differing == 0 { first = "(\(x), \(y)) is \(a), expected \(b)" }
                        differing += 1
                    }
                }
            }
            XCTAssertEqual(differing, 0, "frame \(index): \(first)")
            let area = damage.reduce(0) { $0 + $1.width * $1.height }
            if index > 0 && area < width * height / 2 { damagedFrames += 1 }
        }
        XCTAssertGreaterThanOrEqual(damagedFrames, 8, "most frames redraw only part of the canvas")
    }

    func testCPUContinuedDamagedFramesEqualFullRenders() throws {
        try check(tolerance: 0) { try CPURenderer(pixelWidth: width, pixelHeight: height, threadCount: 2) }
    }

    func testGLESContinuedDamagedFramesEqualFullRenders() throws {
        SoftwareGL.useUnlessConfigured()
        try check(tolerance: 1) { try GLESRenderer(pixelWidth: width, pixelHeight: height) }
    }
}
