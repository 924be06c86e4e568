import CompositorCore
import CoreGraphics
import XCTest

/// `Quad.textureTint` multiplies the image's premultiplied colour component by component, as on the GPU.
final class CPUTextureTintTests: XCTestCase {
    func testTintMultipliesTheTexelsComponentwise() throws {
        let image = CPUTestSupport.image(width: 300, height: 300) { x, _ in x < 150 ? [255, 255, 255, 255] : [128, 255, 0, 255] }
        var quad = Quad(transform: .translation(0, 0), rect: CGRect(x: 0, y: 0, width: 40, height: 20),
                        texture: TextureSource(image: image))
        quad.textureTint = PremultipliedColor(straightRed: 1, green: 0.5, blue: 0, alpha: 0.5)
        let (pixels, _) = try CPUTestSupport.render(width: 40, height: 20, quads: [quad])
        let white = CPUTestSupport.pixel(pixels, 5, 10), other = CPUTestSupport.pixel(pixels, 35, 10)
        XCTAssertEqual(white[0], 128, accuracy: 1); XCTAssertEqual(white[1], 64, accuracy: 1)
        XCTAssertEqual(white[2], 0); XCTAssertEqual(white[3], 128, accuracy: 1)
        XCTAssertEqual(other[0], 64, accuracy: 1); XCTAssertEqual(other[1], 64, accuracy: 1); XCTAssertEqual(other[3], 128, accuracy: 1)
    }
}
