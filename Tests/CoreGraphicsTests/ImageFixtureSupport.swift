import CoreGraphics
import Foundation
import XCTest

/// The committed image files under Tests/CoreGraphicsTests/Fixtures (made by make_fixtures.py
/// and make_jpegs.c there).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }
}

extension XCTestCase {
    /// Asserts that `image`'s premultiplied pixel at (x, y), row 0 at the top, is `expected` within `tolerance`.
    func assertPixel(_ image: CGImage, _ x: Int, _ y: Int, _ expected: (Int, Int, Int, Int), tolerance: Int = 0,
                     file: StaticString = #filePath, line: UInt = #line) {
        guard let p = image.premultipliedPixel(x: x, y: y) else {
            XCTFail("pixel (\(x), \(y)) is outside the \(image.width)x\(image.height) image", file: file, line: line)
            return
        }
        let actual = [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
        let wanted = [expected.0, expected.1, expected.2, expected.3]
        let close = zip(actual, wanted).allSatisfy { abs($0 - $1) <= tolerance }
        XCTAssertTrue(close, "pixel (\(x), \(y)) is \(actual), expected \(wanted) ±\(tolerance)", file: file, line: line)
    }

    /// Asserts that decoding `name` throws `expected`.
    func assertDecodingFails(_ name: String, with expected: CGImageError? = nil,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let data = try Fixtures.data(name)
        XCTAssertThrowsError(try CGImage.decode(data), name, file: file, line: line) { error in
            guard let imageError = error as? CGImageError else {
                return XCTFail("\(name): \(error) is not a CGImageError", file: file, line: line)
            }
            if let expected {
                XCTAssertEqual(imageError, expected, name, file: file, line: line)
            } else if case .invalidData(let reason) = imageError {
                XCTAssertFalse(reason.isEmpty, "\(name): the error should say why", file: file, line: line)
            } else {
                XCTFail("\(name): expected invalidData, got \(imageError)", file: file, line: line)
            }
        }
    }
}
