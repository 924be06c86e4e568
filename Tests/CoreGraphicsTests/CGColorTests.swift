import Foundation
import XCTest
@testable import CoreGraphics

final class CGColorTests: XCTestCase {
    private func srgbEncode(_ linear: CGFloat) -> CGFloat { 1.055 * pow(linear, 1 / 2.4) - 0.055 }

    func testGrayGivesEqualRGB() {
        let gray = CGColor(gray: 0.25, alpha: 0.5)
        let rgba = gray.rgba
        XCTAssertEqual([rgba.red, rgba.green, rgba.blue, rgba.alpha], [0.25, 0.25, 0.25, 0.5])
        XCTAssertEqual(gray.numberOfComponents, 2)
        XCTAssertEqual(gray.colorSpace?.model, .monochrome)
        XCTAssertEqual(gray.alpha, 0.5)
    }

    func testRGBComponentsAndColorSpace() {
        let colour = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        XCTAssertEqual(colour.components, [0.1, 0.2, 0.3, 0.4])
        XCTAssertEqual(colour.numberOfComponents, 4)
        XCTAssertEqual(colour.colorSpace?.name, CGColorSpace.sRGB)
        XCTAssertEqual(colour.colorSpace?.numberOfComponents, 3)
    }

    func testCopyAlphaChangesOnlyAlpha() {
        let colour = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        let copy = colour.copy(alpha: 0.25)
        XCTAssertEqual(copy?.components, [1, 0.5, 0, 0.25])
        XCTAssertEqual(copy?.colorSpace, colour.colorSpace)
        XCTAssertNotEqual(copy, colour)
    }

    func testEquality() {
        XCTAssertEqual(CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(CGColor.white, CGColor(genericGrayGamma2_2Gray: 1, alpha: 1))
        XCTAssertEqual(CGColor.black.components, [0, 1])
        XCTAssertEqual(CGColor.clear.alpha, 0)
        // Same appearance, different colour space models: not equal, as on Apple platforms.
        XCTAssertNotEqual(CGColor.white, CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        XCTAssertEqual(Set([CGColor(gray: 0.5, alpha: 1), CGColor(gray: 0.5, alpha: 1)]).count, 1)
    }

    func testComponentsInitializers() throws {
        let space = try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB))
        let values: [CGFloat] = [0.2, 0.4, 0.6, 0.8]
        let fromPointer = values.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) }
        XCTAssertEqual(fromPointer, CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8))
        XCTAssertNil(CGColor(colorSpace: space, components: [0.2, 0.4, 0.6]))
        let gray = try XCTUnwrap(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2))
        XCTAssertEqual(CGColor(colorSpace: gray, components: [0.3, 1]), CGColor(gray: 0.3, alpha: 1))
    }

    func testColorSpaces() {
        XCTAssertNil(CGColorSpace(name: "kCGColorSpaceNotAThing"))
        XCTAssertEqual(CGColorSpaceCreateDeviceRGB().model, .rgb)
        XCTAssertEqual(CGColorSpaceCreateDeviceGray().numberOfComponents, 1)
        XCTAssertEqual(CGColorSpaceCreateDeviceRGB(), CGColorSpace(name: CGColorSpace.sRGB))
        XCTAssertNotEqual(CGColorSpace(name: CGColorSpace.linearSRGB), CGColorSpace(name: CGColorSpace.sRGB))
        XCTAssertEqual(CGColorSpace(name: CGColorSpace.extendedSRGB)?.model, .rgb)
    }

    func testLinearColourEncodesToSRGB() throws {
        let linear = try XCTUnwrap(CGColorSpace(name: CGColorSpace.linearSRGB))
        let colour = try XCTUnwrap(CGColor(colorSpace: linear, components: [0.5, 0, 1, 1]))
        XCTAssertEqual(colour.rgba.red, srgbEncode(0.5), accuracy: 1e-12)
        XCTAssertEqual(colour.rgba.green, 0)
        XCTAssertEqual(colour.rgba.blue, 1, accuracy: 1e-12)
    }

    func testConversionBetweenGrayAndRGB() throws {
        let srgb = try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB))
        let gray = try XCTUnwrap(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2))
        let fromGray = try XCTUnwrap(CGColor(gray: 0.5, alpha: 0.75).converted(to: srgb, intent: .defaultIntent))
        let components = try XCTUnwrap(fromGray.components)
        XCTAssertEqual(components.count, 4)
        for (value, wanted) in zip(components, [0.5, 0.5, 0.5, 0.75] as [CGFloat]) {
            XCTAssertEqual(value, wanted, accuracy: 1e-12)
        }
        // Pure red has Rec. 709 luminance 0.2126 in linear light.
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let grayRed = try XCTUnwrap(red.converted(to: gray, intent: .perceptual, options: nil))
        XCTAssertEqual(grayRed.numberOfComponents, 2)
        XCTAssertEqual(grayRed.components?[0] ?? -1, srgbEncode(0.2126), accuracy: 1e-9)
        // Out-of-range components are clamped for a standard space.
        let bright = try XCTUnwrap(CGColorSpace(name: CGColorSpace.extendedSRGB)).self
        let tooBright = try XCTUnwrap(CGColor(colorSpace: bright, components: [1.5, 0.5, -0.25, 1]))
        XCTAssertEqual(tooBright.converted(to: srgb, intent: .defaultIntent)?.components?[0] ?? -1, 1, accuracy: 1e-12)
        XCTAssertEqual(tooBright.converted(to: srgb, intent: .defaultIntent)?.components?[2] ?? -1, 0, accuracy: 1e-12)
    }
}
