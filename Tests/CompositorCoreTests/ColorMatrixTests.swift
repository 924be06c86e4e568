import CompositorCore
import XCTest

/// The colour matrices of Core Image's colour filters and their composition, and the reach of
/// the blurring filters.
final class ColorMatrixTests: XCTestCase {
    private let colour = SIMD4<Float>(0.8, 0.4, 0.2, 1)

    private func assertClose(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ label: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        for i in 0..<4 { XCTAssertEqual(a[i], b[i], accuracy: 1e-5, "\(label) component \(i)", file: file, line: line) }
    }

    func testComposingIsApplyingOneAfterTheOther() {
        let first = ColorMatrix.colorControls(saturation: 0.3, brightness: 0.1, contrast: 1.4)
        let second = ColorMatrix.sepiaTone(intensity: 0.7).then(.colorInvert)
        let composed = first.then(second)
        assertClose(composed.transform(colour), second.transform(first.transform(colour)))
        XCTAssertEqual(ColorMatrix.identity.then(.colorInvert), .colorInvert)
        XCTAssertEqual(ColorMatrix.colorInvert.then(.identity), .colorInvert)
    }

    func testDefaultsAreTheIdentity() {
        XCTAssertTrue(ColorMatrix.colorControls(saturation: 1, brightness: 0, contrast: 1).isIdentity)
        XCTAssertTrue(ColorMatrix.sepiaTone(intensity: 0).isIdentity)
        XCTAssertTrue(ColorMatrix.exposureAdjust(ev: 0).isIdentity)
        XCTAssertTrue(ColorMatrix.colorMonochrome(color: SIMD4(0.6, 0.45, 0.3, 1), intensity: 0).isIdentity)
        XCTAssertTrue(ColorMatrix.colorInvert.then(.colorInvert).isIdentity)
    }

    func testColorControlsFollowTheReferenceFormula() {
        // Saturation about Rec. 709 luma, then brightness added, then contrast about mid grey.
        let luma: Float = 0.2125 * 0.8 + 0.7154 * 0.4 + 0.0721 * 0.2
        let expected = [Float(0.8), 0.4, 0.2].map { ((luma + 0.5 * ($0 - luma)) + 0.1 - 0.5) * 1.5 + 0.5 }
        let out = ColorMatrix.colorControls(saturation: 0.5, brightness: 0.1, contrast: 1.5).transform(colour)
        assertClose(out, SIMD4(expected[0], expected[1], expected[2], 1))
    }

    func testMatricesActOnStraightColourAndKeepPremultiplication() {
        // Half-transparent (0.8, 0.4, 0.2) inverted is half-transparent (0.2, 0.6, 0.8).
        let premultiplied = SIMD4<Float>(0.4, 0.2, 0.1, 0.5)
        assertClose(ColorMatrix.colorInvert.transformPremultiplied(premultiplied), SIMD4(0.1, 0.3, 0.4, 0.5))
        assertClose(ColorMatrix.colorInvert.transformPremultiplied(.zero), .zero, "transparent stays transparent")
    }

    func testResultsAreClampedOnce() {
        let bright = ColorMatrix.exposureAdjust(ev: 10) // a factor of 2^(10/2.2), 23
        assertClose(bright.transformPremultiplied(colour), SIMD4(1, 1, 1, 1))
        // Unclamped between steps: doubling then halving gives the colour back.
        let twice = ColorMatrix.exposureAdjust(ev: 2.2).then(.exposureAdjust(ev: -2.2))
        assertClose(twice.transformPremultiplied(colour), colour)
    }

    func testTheReachOfABlurIsThreeSigmaClamped() {
        XCTAssertEqual(GroupFilter.blur(sigma: 10).reach, 30)
        XCTAssertEqual(GroupFilter.bloom(sigma: 2.5, intensity: 1).reach, 8)
        XCTAssertEqual(GroupFilter.color(.colorInvert).reach, 0)
        XCTAssertEqual(GroupFilter.blur(sigma: 1e9).reach, 3 * GroupFilter.maximumSigma)
        XCTAssertEqual(GroupFilter.blur(sigma: .nan).reach, 0)
        XCTAssertEqual(GroupFilter.reach(of: [.blur(sigma: 2), .bloom(sigma: 4, intensity: 1)]), 18)
    }

    func testVibranceRaisesTheSaturationOfDullColours() {
        let dull = SIMD3<Float>(0.5, 0.45, 0.4)
        let out = GroupFilter.vibrance(dull, amount: 1)
        XCTAssertGreaterThan(out.x - out.z, dull.x - dull.z, "more saturated")
        XCTAssertEqual(GroupFilter.vibrance(SIMD3(0.3, 0.3, 0.3), amount: 1), SIMD3(0.3, 0.3, 0.3), "grey stays grey")
        XCTAssertEqual(GroupFilter.vibrance(dull, amount: 0), dull)
    }
}
