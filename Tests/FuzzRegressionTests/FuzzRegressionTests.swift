import Foundation
import FuzzTargets
import RendererTestSupport
import XCTest

/// Replays every saved fuzz input (the seeds and each input that once crashed a target) and a
/// fixed set of pseudo-random inputs through every target: a crash here is a regression of a
/// fix that fuzzing led to, or a new crash on ordinary malformed input.
final class FuzzRegressionTests: XCTestCase {
    private static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("FuzzCorpus")

    override class func setUp() {
        super.setUp()
        SoftwareGL.useUnlessConfigured()
    }

    private func savedInputs(_ target: FuzzTarget) throws -> [URL] {
        let folder = Self.corpus.appendingPathComponent(target.rawValue)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Inputs from a fixed linear congruential generator: the same bytes on every run.
    private func pseudoRandomInputs(count: Int, seed: UInt64) -> [[UInt8]] {
        var state = seed
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        return (0..<count).map { i in (0..<(16 + i % 200)).map { _ in next() } }
    }

    private func replay(_ target: FuzzTarget, minimumSaved: Int, pseudoRandomCount: Int = 60) throws {
        let saved = try savedInputs(target)
        XCTAssertGreaterThanOrEqual(saved.count, minimumSaved, "the corpus of \(target.rawValue) is missing")
        for file in saved { target.run(try Data(contentsOf: file)) }
        for input in pseudoRandomInputs(count: pseudoRandomCount, seed: UInt64(target.rawValue.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })) {
            target.run(input)
        }
    }

    func testPNGInputs() throws { try replay(.png, minimumSaved: 7) }
    func testJPEGInputs() throws { try replay(.jpeg, minimumSaved: 5) }
    func testKeyValueCodingInputs() throws { try replay(.keyValueCoding, minimumSaved: 4) }
    func testKeyframeAnimationInputs() throws { try replay(.keyframeAnimation, minimumSaved: 4) }
    func testPathInputs() throws { try replay(.path, minimumSaved: 4) }
    func testDrawListInputs() throws { try replay(.drawList, minimumSaved: 4) }
    func testFilterInputs() throws { try replay(.filters, minimumSaved: 4) }
    /// Each media input starts GStreamer pipelines; fewer pseudo-random ones keep it to seconds.
    func testMediaInputs() throws { try replay(.media, minimumSaved: 7, pseudoRandomCount: 12) }

    /// The input reader gives what fuzz targets rely on: zero past the end, choices in range.
    func testFuzzInputReadsPastTheEndAsZero() {
        var input = FuzzInput([7, 200])
        XCTAssertEqual(input.byte(), 7)
        XCTAssertEqual(input.index(below: 3), 200 % 3)
        XCTAssertTrue(input.isEmpty)
        XCTAssertEqual(input.byte(), 0)
        XCTAssertEqual(input.string(), "")
        XCTAssertFalse(input.bool())
    }
}
