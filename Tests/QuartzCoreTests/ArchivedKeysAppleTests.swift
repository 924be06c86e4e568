import QuartzCore
import XCTest

/// `shouldArchiveValue(forKey:)` as Apple's QuartzCore measurably answers: a property is archived
/// once it has been given a value. Every expectation is a fact of GNUstep libs-quartzcore
/// `Tests/quartzcore/CALayer/archiving.m` (run against Apple's framework in GNUstep's CI).
final class ArchivedKeysAppleTests: XCTestCase {
    func testANewLayerArchivesOnlyWhatTheBundleGivesIt() {
        let layer = CALayer()
        for key in ["position", "bounds", "delegate", "contents", "opacity", "hidden", "transform", "mask",
                    "filters", "contentsCenter", "style", "actions", "sublayers", "superlayer"] {
            XCTAssertFalse(layer.shouldArchiveValue(forKey: key), key)
        }
        XCTAssertTrue(layer.shouldArchiveValue(forKey: "allowsEdgeAntialiasing"))
        XCTAssertTrue(layer.shouldArchiveValue(forKey: "allowsGroupOpacity"))
        XCTAssertFalse(layer.shouldArchiveValue(forKey: "notAKeyAtAll"))
        XCTAssertFalse(layer.shouldArchiveValue(forKey: ""))
    }

    func testAPropertyGivenAValueIsArchived() {
        let faded = CALayer()
        faded.opacity = 0.5
        XCTAssertTrue(faded.shouldArchiveValue(forKey: "opacity"))
        let hidden = CALayer()
        hidden.isHidden = true
        XCTAssertTrue(hidden.shouldArchiveValue(forKey: "hidden"))
        let sized = CALayer()
        sized.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(sized.shouldArchiveValue(forKey: "bounds"))
        XCTAssertFalse(sized.shouldArchiveValue(forKey: "position"), "nobody set the position")
    }

    func testTheFrameGivesBoundsAndPositionButIsNeverArchivedItself() {
        let layer = CALayer()
        layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertTrue(layer.shouldArchiveValue(forKey: "bounds"))
        XCTAssertTrue(layer.shouldArchiveValue(forKey: "position"))
        XCTAssertFalse(layer.shouldArchiveValue(forKey: "frame"))
    }

    func testAValueGivenThroughKeyValueCodingIsArchived() {
        let layer = CALayer()
        layer.setValue(Float(0.25), forKey: "opacity")
        XCTAssertTrue(layer.shouldArchiveValue(forKey: "opacity"))
    }

    func testObjectsGivenAreArchivedEvenEmptyFilters() {
        let layer = CALayer()
        layer.mask = CALayer()
        layer.filters = []
        layer.contentsCenter = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        XCTAssertTrue(layer.shouldArchiveValue(forKey: "mask"))
        XCTAssertTrue(layer.shouldArchiveValue(forKey: "filters"))
        XCTAssertTrue(layer.shouldArchiveValue(forKey: "contentsCenter"))
    }

    func testSublayersButNeverTheSuperlayer() {
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        XCTAssertTrue(parent.shouldArchiveValue(forKey: "sublayers"))
        XCTAssertFalse(child.shouldArchiveValue(forKey: "superlayer"))
    }

    func testASubclassPropertyNobodySetIsNotArchived() {
        let shape = CAShapeLayer()
        XCTAssertFalse(shape.shouldArchiveValue(forKey: "path"))
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        XCTAssertTrue(shape.shouldArchiveValue(forKey: "path"))
    }
}
