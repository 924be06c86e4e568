import QuartzCore
import XCTest

/// `filters`, `backgroundFilters` and `compositingFilter`: kept as given (Apple's iOS keeps
/// them and does not draw them), reachable by key-value coding and copied to presentation layers.
final class LayerFiltersTests: XCTestCase {
    /// Stands in for a `CIFilter`, which lives in Core Image, not here.
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
