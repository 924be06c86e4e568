import XCTest
import QuartzCore

/// Asserts that two points agree within `accuracy` in both coordinates.
func assertPoint(_ p: CGPoint, _ q: CGPoint, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(p.x, q.x, accuracy: accuracy, "x of \(p) vs \(q)", file: file, line: line)
    XCTAssertEqual(p.y, q.y, accuracy: accuracy, "y of \(p) vs \(q)", file: file, line: line)
}

/// Asserts that two rectangles agree within `accuracy` in origin and size.
func assertRect(_ r: CGRect, _ s: CGRect, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    assertPoint(r.origin, s.origin, accuracy: accuracy, file: file, line: line)
    XCTAssertEqual(r.width, s.width, accuracy: accuracy, "width of \(r) vs \(s)", file: file, line: line)
    XCTAssertEqual(r.height, s.height, accuracy: accuracy, "height of \(r) vs \(s)", file: file, line: line)
}

/// `transform` with its `component` set to `value` (a NaN or an infinity, for the tests of
/// non-finite input).
func replacing(_ component: WritableKeyPath<CATransform3D, CGFloat>, of transform: CATransform3D,
               with value: CGFloat) -> CATransform3D {
    var replaced = transform
    replaced[keyPath: component] = value
    return replaced
}

/// A layer with the given bounds size, position and anchor point.
func makeLayer(_ name: String? = nil, size: CGSize = CGSize(width: 100, height: 100),
               position: CGPoint = .zero, anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)) -> CALayer {
    let layer = CALayer()
    layer.name = name
    layer.bounds = CGRect(origin: .zero, size: size)
    layer.anchorPoint = anchorPoint
    layer.position = position
    return layer
}
