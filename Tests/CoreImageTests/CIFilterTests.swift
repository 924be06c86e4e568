import CoreGraphics
import CoreImage
import Foundation
import XCTest

/// `CIFilter` by name: Apple's names, keys, defaults and attribute dictionaries (Core Image
/// Filter Reference), and bad input logged and ignored.
final class CIFilterTests: XCTestCase {
    private func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }

    func testAnUnknownNameGivesNil() {
        XCTAssertNil(CIFilter(name: "CINoSuchFilter"))
        XCTAssertNil(CIFilter(name: "CINoSuchFilter", parameters: [kCIInputRadiusKey: 1]))
        XCTAssertNil(CIFilter(name: ""))
    }

    func testAGaussianBlurHasApplesKeysAndDefaults() throws {
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur"))
        XCTAssertEqual(blur.name, "CIGaussianBlur")
        XCTAssertEqual(blur.inputKeys, [kCIInputImageKey, kCIInputRadiusKey])
        XCTAssertEqual(blur.outputKeys, [kCIOutputImageKey])
        XCTAssertEqual(number(blur.value(forKey: kCIInputRadiusKey)), 10)
        let radius = try XCTUnwrap(blur.attributes[kCIInputRadiusKey] as? [String: Any])
        XCTAssertEqual(number(radius[kCIAttributeDefault]), 10)
        XCTAssertEqual(number(radius[kCIAttributeMin]), 0)
        XCTAssertEqual(number(radius[kCIAttributeSliderMin]), 0)
        XCTAssertEqual(number(radius[kCIAttributeSliderMax]), 100)
        XCTAssertEqual(number(radius[kCIAttributeIdentity]), 0)
        XCTAssertNil(radius[kCIAttributeMax])
        XCTAssertEqual(radius[kCIAttributeClass] as? String, "NSNumber")
        XCTAssertEqual(blur.attributes[kCIAttributeFilterName] as? String, "CIGaussianBlur")
        XCTAssertEqual(blur.attributes[kCIAttributeFilterDisplayName] as? String, "Gaussian Blur")
        XCTAssertTrue((blur.attributes[kCIAttributeFilterCategories] as? [String])?.contains(kCICategoryBlur) == true)
    }

    func testEveryListedFilterHasApplesDefaults() throws {
        let expected: [(String, String, Double)] = [
            ("CIBloom", kCIInputRadiusKey, 10), ("CIBloom", kCIInputIntensityKey, 0.5),
            ("CIColorControls", kCIInputSaturationKey, 1), ("CIColorControls", kCIInputBrightnessKey, 0),
            ("CIColorControls", kCIInputContrastKey, 1), ("CISepiaTone", kCIInputIntensityKey, 1),
            ("CIColorMonochrome", kCIInputIntensityKey, 1), ("CIExposureAdjust", kCIInputEVKey, 0.5),
            ("CIVibrance", kCIInputAmountKey, 0),
        ]
        for (name, key, value) in expected {
            let filter = try XCTUnwrap(CIFilter(name: name), name)
            XCTAssertEqual(number(filter.value(forKey: key)), value, "\(name).\(key)")
            let attributes = try XCTUnwrap(filter.attributes[key] as? [String: Any])
            XCTAssertEqual(number(attributes[kCIAttributeDefault]), value, "\(name).\(key) default")
        }
        let monochrome = try XCTUnwrap(CIFilter(name: "CIColorMonochrome"))
        XCTAssertEqual(monochrome.value(forKey: kCIInputColorKey) as? CIColor, CIColor(red: 0.6, green: 0.45, blue: 0.3))
        let matrix = try XCTUnwrap(CIFilter(name: "CIColorMatrix"))
        XCTAssertEqual(matrix.inputKeys, [kCIInputImageKey, "inputRVector", "inputGVector", "inputBVector", "inputAVector",
                                          kCIInputBiasVectorKey])
        XCTAssertEqual(matrix.value(forKey: "inputGVector") as? CIVector, CIVector(x: 0, y: 1, z: 0, w: 0))
        XCTAssertEqual(matrix.value(forKey: kCIInputBiasVectorKey) as? CIVector, CIVector(x: 0, y: 0, z: 0, w: 0))
        XCTAssertEqual(CIFilter(name: "CIColorInvert")?.inputKeys, [kCIInputImageKey])
    }

    func testRangesFollowTheFilterReference() throws {
        func attributes(_ name: String, _ key: String) throws -> [String: Any] {
            try XCTUnwrap(CIFilter(name: name)?.attributes[key] as? [String: Any])
        }
        let contrast = try attributes("CIColorControls", kCIInputContrastKey)
        XCTAssertEqual(number(contrast[kCIAttributeSliderMin]), 0.25)
        XCTAssertEqual(number(contrast[kCIAttributeSliderMax]), 4)
        let brightness = try attributes("CIColorControls", kCIInputBrightnessKey)
        XCTAssertEqual(number(brightness[kCIAttributeMin]), -1)
        XCTAssertEqual(number(brightness[kCIAttributeSliderMax]), 1)
        let sepia = try attributes("CISepiaTone", kCIInputIntensityKey)
        XCTAssertEqual(number(sepia[kCIAttributeMax]), 1)
        let ev = try attributes("CIExposureAdjust", kCIInputEVKey)
        XCTAssertEqual(number(ev[kCIAttributeSliderMin]), -10)
        XCTAssertNil(ev[kCIAttributeMin])
        let bloomIntensity = try attributes("CIBloom", kCIInputIntensityKey)
        XCTAssertEqual(number(bloomIntensity[kCIAttributeSliderMax]), 1)
    }

    func testParametersAreSetByKeyAndByInitializer() throws {
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 20]))
        XCTAssertEqual(number(blur.value(forKey: kCIInputRadiusKey)), 20)
        blur.setValue(Float(3.5), forKey: kCIInputRadiusKey)
        XCTAssertEqual(number(blur.value(forKey: kCIInputRadiusKey)), 3.5)
        blur.setValue(NSNumber(value: 7), forKey: kCIInputRadiusKey)
        XCTAssertEqual(number(blur.value(forKey: kCIInputRadiusKey)), 7)
        // A value beyond the slider's range is kept, as Apple's is.
        blur.setValue(500, forKey: kCIInputRadiusKey)
        XCTAssertEqual(number(blur.value(forKey: kCIInputRadiusKey)), 500)
        blur.setDefaults()
        XCTAssertEqual(number(blur.value(forKey: kCIInputRadiusKey)), 10)
    }

    func testBadValuesAreIgnored() throws {
        let bloom = try XCTUnwrap(CIFilter(name: "CIBloom", parameters: [kCIInputIntensityKey: 0.8]))
        bloom.setValue(Double.nan, forKey: kCIInputIntensityKey)
        bloom.setValue(Double.infinity, forKey: kCIInputIntensityKey)
        bloom.setValue("strong", forKey: kCIInputIntensityKey)
        bloom.setValue(CIVector(x: 1), forKey: kCIInputIntensityKey)
        XCTAssertEqual(number(bloom.value(forKey: kCIInputIntensityKey)), 0.8)
        bloom.setValue(3, forKey: "inputNoSuchKey")
        XCTAssertNil(bloom.value(forKey: "inputNoSuchKey"))
        XCTAssertFalse(bloom.inputKeys.contains("inputNoSuchKey"))
        let matrix = try XCTUnwrap(CIFilter(name: "CIColorMatrix"))
        matrix.setValue(CIVector(x: .nan, y: 0, z: 0, w: 0), forKey: "inputRVector")
        matrix.setValue(CIColor.red, forKey: "inputRVector")
        XCTAssertEqual(matrix.value(forKey: "inputRVector") as? CIVector, CIVector(x: 1, y: 0, z: 0, w: 0))
        let monochrome = try XCTUnwrap(CIFilter(name: "CIColorMonochrome"))
        monochrome.setValue(CIVector(x: 1, y: 0, z: 0, w: 1), forKey: kCIInputColorKey)
        XCTAssertEqual(monochrome.value(forKey: kCIInputColorKey) as? CIColor, CIColor(red: 0.6, green: 0.45, blue: 0.3))
    }

    func testNameAndEnabledAreKeys() throws {
        let bloom = try XCTUnwrap(CIFilter(name: "CIBloom"))
        bloom.name = "pulseFilter"
        XCTAssertEqual(bloom.value(forKey: "name") as? String, "pulseFilter")
        XCTAssertEqual(bloom.attributes[kCIAttributeFilterName] as? String, "CIBloom")
        bloom.setValue("glow", forKey: "name")
        XCTAssertEqual(bloom.name, "glow")
        XCTAssertEqual(bloom.value(forKey: "enabled") as? Bool, true)
        bloom.setValue(false, forKey: "enabled")
        XCTAssertFalse(bloom.isEnabled)
    }

    func testACopyIsIndependent() throws {
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 4]))
        blur.name = "blur"
        let copy = try XCTUnwrap(blur.copy() as? CIFilter)
        copy.setValue(9, forKey: kCIInputRadiusKey)
        XCTAssertEqual(copy.name, "blur")
        XCTAssertEqual(number(blur.value(forKey: kCIInputRadiusKey)), 4)
        XCTAssertEqual(number(copy.value(forKey: kCIInputRadiusKey)), 9)
    }

    func testEveryBlendModeIsACompositeOperation() throws {
        let names = [
            "CIMultiplyBlendMode", "CIScreenBlendMode", "CIOverlayBlendMode", "CIDarkenBlendMode", "CILightenBlendMode",
            "CIColorDodgeBlendMode", "CIColorBurnBlendMode", "CISoftLightBlendMode", "CIHardLightBlendMode",
            "CIDifferenceBlendMode", "CIExclusionBlendMode", "CIHueBlendMode", "CISaturationBlendMode",
            "CIColorBlendMode", "CILuminosityBlendMode", "CISourceOverCompositing", "CIAdditionCompositing",
            "CIMultiplyCompositing",
        ]
        for name in names {
            let filter = try XCTUnwrap(CIFilter(name: name), name)
            XCTAssertEqual(filter.inputKeys, [kCIInputImageKey, kCIInputBackgroundImageKey], name)
        }
        XCTAssertEqual(CIFilter.filterNames(inCategory: kCICategoryCompositeOperation), names.sorted())
        XCTAssertEqual(CIFilter.filterNames(inCategory: kCICategoryBlur), ["CIGaussianBlur"])
    }
}

/// `CIVector` and `CIColor`: components, string forms and equality.
final class CIVectorAndColorTests: XCTestCase {
    func testAVectorReadsZeroPastItsEnd() {
        let v = CIVector(x: 1, y: 2)
        XCTAssertEqual(v.count, 2)
        XCTAssertEqual(v.value(at: 1), 2)
        XCTAssertEqual(v.z, 0)
        XCTAssertEqual(v.value(at: -1), 0)
        XCTAssertEqual(CIVector(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue, CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    func testStringFormsRoundTrip() {
        XCTAssertEqual(CIVector(x: 1, y: 0, z: 0.5, w: 0).stringRepresentation, "[1 0 0.5 0]")
        XCTAssertEqual(CIVector(string: "[1 0 0.5 0]"), CIVector(x: 1, y: 0, z: 0.5, w: 0))
        XCTAssertEqual(CIColor(red: 0.6, green: 0.45, blue: 0.3).stringRepresentation, "0.6 0.45 0.3 1")
        XCTAssertEqual(CIColor(string: "0.6 0.45 0.3"), CIColor(red: 0.6, green: 0.45, blue: 0.3, alpha: 1))
    }

    func testAColorComesFromACGColor() {
        let c = CIColor(cgColor: CGColor(srgbRed: 0.25, green: 0.5, blue: 0.75, alpha: 0.5))
        XCTAssertEqual(c.components, [0.25, 0.5, 0.75, 0.5])
        XCTAssertEqual(c.cgColor.rgba.green, 0.5)
    }
}
