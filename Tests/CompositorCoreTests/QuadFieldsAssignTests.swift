import XCTest
import CoreGraphics
import Foundation
@testable import CompositorCore

/// `Quad.assign(_:transform:)` writes a quad's fields over a storage the quad holds alone: as
/// bytes when both hold the same objects (`QuadFields.assign(_:copying:transform:)`), else as a
/// value. Either way the result is the source with the new transform, and every object is held
/// as long as a quad holds it and let go with its last holder.
final class QuadFieldsAssignTests: XCTestCase {
    private func image() -> CGImage {
        CGImage(width: 2, height: 2, bytesPerRow: 8, data: Data(count: 16))!
    }

    private func quad(x: Double, red: Float, texture: CGImage? = nil, gradient: [Float]? = nil,
                      backdrop: Float? = nil) -> Quad {
        var quad = Quad(transform: .translation(x, 3), rect: CGRect(x: 1, y: 2, width: 8 + x, height: 6),
                        fillColor: PremultipliedColor(red: red, green: 0, blue: 0, alpha: 1),
                        texture: texture.map { TextureSource(image: $0) },
                        cornerRadii: CornerRadii(uniform: 2), borderWidth: 1, opacity: 0.75, clipIndex: 3)
        if let gradient {
            quad.gradient = GradientFill(kind: .axial, startPoint: .zero, endPoint: CGPoint(x: 1, y: 0),
                                         stops: gradient.map { GradientFill.Stop(location: $0, red: 1, green: 0,
                                                                                  blue: 0, alpha: 1) })
        }
        if let backdrop { quad.backdrop = BackdropFilter(filters: [.blur(sigma: backdrop)]) }
        quad.coveredRect = CGRect(x: x, y: 0, width: 1, height: 1)
        return quad
    }

    /// `source` written over `spare` with `transform`, checked against the source so changed.
    private func assertAssigns(_ source: Quad, over spare: inout Quad, transform: Matrix4,
                               file: StaticString = #filePath, line: UInt = #line) {
        let storage = ObjectIdentifier(spare.storage)
        XCTAssertTrue(spare.assign(source, transform: transform), "written in place", file: file, line: line)
        XCTAssertEqual(ObjectIdentifier(spare.storage), storage, file: file, line: line)
        var expected = source
        expected.transform = transform
        XCTAssertEqual(spare, expected, file: file, line: line)
        XCTAssertEqual(String(describing: spare), String(describing: expected), file: file, line: line)
    }

    /// The byte copy is sound only while `texture`, `gradient` and `backdrop` are the fields that
    /// hold references: a reference-holding field added to `QuadFields` fails here first.
    func testOnlyTextureGradientAndBackdropHoldReferences() {
        func isPlain(_ type: Any.Type) -> Bool {
            func check<T>(_: T.Type) -> Bool { _isPOD(T.self) }
            return _openExistential(type, do: check)
        }
        // The quad is kept alive while its fields are read: `fields` points into its storage.
        let sample = quad(x: 0, red: 1)
        let fields = withExtendedLifetime(sample) {
            Mirror(reflecting: sample.fields.pointee).children.map { ($0.label ?? "?", type(of: $0.value)) }
        }
        XCTAssertGreaterThan(fields.count, 15, "the mirror lists the stored fields")
        XCTAssertEqual(fields.filter { !isPlain($0.1) }.map { $0.0 }, ["texture", "gradient", "backdrop"])
    }

    /// Another card's quad (other colour, rectangle and covered rectangle; the same image,
    /// gradient and backdrop objects) is written over a spare: every field is the source's,
    /// and the objects stay held once for each quad.
    func testAQuadHoldingTheSameObjectsIsWrittenWhole() {
        weak var heldImage: CGImage?
        do {
            let shared = image()
            heldImage = shared
            let source = quad(x: 5, red: 0.25, texture: shared, gradient: [0, 1], backdrop: 2)
            var spare = source
            spare.fillColor = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
            spare.rect = CGRect(x: 0, y: 0, width: 3, height: 3)
            spare.coveredRect = nil
            spare.isOpaque = true
            XCTAssertTrue(QuadFields.holdSameObjects(spare.fields, source.fields))
            assertAssigns(source, over: &spare, transform: .translation(40, 7))
            var own = source
            own.transform = .translation(-1, -1)
            XCTAssertTrue(QuadFields.sameBesidesTransform(own.fields, source.fields), "its own quad, moved")
            assertAssigns(source, over: &own, transform: .translation(2, 2))
            var plain = quad(x: 9, red: 0.5)
            var other = quad(x: 2, red: 0.75)
            XCTAssertTrue(QuadFields.holdSameObjects(plain.fields, other.fields), "no objects in either")
            assertAssigns(other, over: &plain, transform: .identity)
            other.opacity = 0.5
            XCTAssertNotEqual(plain, other)
        }
        XCTAssertNil(heldImage, "let go with its last quad")
    }

    /// A spare holding other objects (another image, gradient stops or backdrop, or none) takes
    /// the source's: it lets go of its own and holds the source's as long as it lives.
    func testAQuadHoldingOtherObjectsIsWrittenAsAValue() {
        weak var oldImage: CGImage?
        weak var newImage: CGImage?
        var spare: Quad
        do {
            let old = image(), new = image()
            oldImage = old
            newImage = new
            spare = quad(x: 1, red: 1, texture: old)
            let source = quad(x: 4, red: 0.5, texture: new)
            XCTAssertFalse(QuadFields.holdSameObjects(spare.fields, source.fields))
            assertAssigns(source, over: &spare, transform: .translation(-3, 2))
        }
        XCTAssertNil(oldImage, "the spare's own image is let go")
        XCTAssertNotNil(newImage, "the spare holds the source's image")
        for (source, other) in [(quad(x: 1, red: 1, gradient: [0, 0.5, 1]), quad(x: 1, red: 1, gradient: [0, 1])),
                                (quad(x: 1, red: 1, backdrop: 3), quad(x: 1, red: 1, backdrop: 4)),
                                (quad(x: 1, red: 1), quad(x: 1, red: 1, backdrop: 4))] {
            var spare = other
            spare.isOpaque = other.isOpaque  // a storage of its own (the list holds `other`'s)
            XCTAssertFalse(QuadFields.holdSameObjects(spare.fields, source.fields))
            assertAssigns(source, over: &spare, transform: .translation(6, 6))
        }
        spare = quad(x: 0, red: 0)
        XCTAssertNil(newImage, "and lets it go with the last quad")
    }
}
