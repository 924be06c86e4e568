import QuartzCore
import XCTest

/// `filters`, `backgroundFilters` and `compositingFilter`: the arrays are kept as given (what is
/// not a `CIFilter` is logged and left out of the layer's copy), reachable by key-value coding
/// and copied to presentation layers.
final class LayerFiltersTests: XCTestCase {
    /// An object that is not a `CIFilter`.
    private final class NamedFilter { let name: String; init(_ name: String) { self.name = name } }

    func testFiltersAreNoneByDefault() {
        let layer = CALayer()
        XCTAssertNil(layer.filters)
        XCTAssertNil(layer.backgroundFilters)
        XCTAssertNil(layer.compositingFilter)
        XCTAssertNil(layer.value(forKey: "filters"))
    }

    func testFiltersAreKeptAndReadBackByKeyValueCoding() {
        let layer = CALayer()
        let bloom = NamedFilter("pulseFilter")
        layer.filters = [bloom]
        XCTAssertTrue((layer.value(forKey: "filters") as? [Any])?.first as AnyObject === bloom)
        layer.setValue([NamedFilter("behind")], forKey: "backgroundFilters")
        XCTAssertEqual((layer.backgroundFilters?.first as? NamedFilter)?.name, "behind")
        layer.setValue("multiplyBlendMode", forKey: "compositingFilter")
        XCTAssertEqual(layer.compositingFilter as? String, "multiplyBlendMode")
        layer.setValue(nil, forKey: "filters")
        XCTAssertNil(layer.filters)
    }

    func testAPresentationCopyKeepsTheFilters() {
        let layer = CALayer()
        let filter = NamedFilter("f")
        layer.filters = [filter]
        layer.compositingFilter = filter
        let copy = CALayer(layer: layer)
        XCTAssertTrue(copy.filters?.first as AnyObject === filter)
        XCTAssertTrue(copy.compositingFilter as AnyObject === filter)
    }
}
