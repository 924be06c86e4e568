import XCTest
import QuartzCore

/// Which changes redisplay a layer, as Apple's QuartzCore measurably answers (GNUstep
/// libs-quartzcore `Tests/quartzcore/CALayer/redisplay.m` and `cgkeys.m`, which its CI runs
/// against Apple's): `needsDisplay(forKey:)` is false for every key of a plain layer, and a
/// subclass that answers true for a key is marked by a real change to it, set directly or by key.
final class RedisplayAppleTests: XCTestCase {
    /// Redisplays for a change to its opacity and for nothing else.
    private final class RedisplayLayer: CALayer {
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "opacity" || super.needsDisplay(forKey: key)
        }
    }

    func testAPlainLayerRedisplaysForNoKey() {
        for key in ["bounds", "position", "opacity", "contents", "aKeyNobodyDefines", ""] {
            XCTAssertFalse(CALayer.needsDisplay(forKey: key), key)
        }
        let layer = CALayer()
        layer.displayIfNeeded()
        XCTAssertFalse(layer.needsDisplay())
        layer.opacity = 0.5
        XCTAssertFalse(layer.needsDisplay(), "a property it does not redisplay for")
    }

    func testASubclassRedisplaysForTheKeyItAsksFor() {
        XCTAssertTrue(RedisplayLayer.needsDisplay(forKey: "opacity"))
        XCTAssertFalse(RedisplayLayer.needsDisplay(forKey: "bounds"))
        let layer = RedisplayLayer()
        layer.displayIfNeeded()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertFalse(layer.needsDisplay())
        layer.opacity = 0.25
        XCTAssertTrue(layer.needsDisplay())
    }

    func testTheSameValueAgainIsNoChange() {
        let layer = RedisplayLayer()
        layer.opacity = 0.25
        layer.displayIfNeeded()
        XCTAssertFalse(layer.needsDisplay())
        layer.opacity = 0.25
        XCTAssertFalse(layer.needsDisplay(), "setting what it already is")
    }

    func testAValueSetByKeyRedisplaysAsTheSetterDoes() {
        let layer = RedisplayLayer()
        layer.displayIfNeeded()
        layer.setValue(NSNumber(value: 0.75), forKey: "opacity")
        XCTAssertTrue(layer.needsDisplay())
    }

    func testColourAndPathKeysAnswerTheirProperties() throws {
        let layer = CALayer()
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        layer.shadowColor = red
        XCTAssertEqual(layer.value(forKey: "shadowColor") as! CGColor?, red)
        XCTAssertNil(layer.value(forKey: "backgroundColor"), "no background colour is set")
        XCTAssertEqual(layer.value(forKey: "borderColor") as! CGColor?, layer.borderColor)
        let path = try XCTUnwrap(layer.value(forKey: "shadowPath") as! CGPath?)
        XCTAssertEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}
