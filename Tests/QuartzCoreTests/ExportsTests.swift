import XCTest
import QuartzCore

final class ExportsTests: XCTestCase {
    /// `import QuartzCore` alone must bring Foundation's and CoreGraphics' types into scope.
    func testQuartzCoreReexportsCoreGraphicsAndFoundation() {
        let color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let point = CGPoint(x: 1, y: 2)
        XCTAssertEqual(color.components?.first, 1)
        XCTAssertEqual(point.y, 2)
    }
}
