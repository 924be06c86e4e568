import Testing
import QuartzCore

/// A frame rendered on the CPU, attached to the test result as an image and probed.
struct RenderedFrameAttachmentTests {
    /// A 40×40 white root with a red 20×10 layer in its top-left corner.
    private func renderFrame() throws -> CGImage {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let marker = CALayer()
        marker.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        marker.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(marker)

        // CARenderer(cpuPixelWidth:pixelHeight:) and makeImage() are this library's CPU target:
        // Apple's CARenderer draws into a Metal texture instead.
        let renderer = try CARenderer(cpuPixelWidth: 40, pixelHeight: 40)
        renderer.layer = root
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
        renderer.addUpdate(renderer.bounds)
        renderer.render()
        renderer.endFrame()
        return try renderer.makeImage()
    }

    @Test func renderedFrameHasTheLayersPixels() throws {
        let image = try renderFrame()
        #expect(image.width == 40)
        #expect(image.height == 40)
        Attachment.record(image, named: "frame")

        #expect(image.alphaInfo == .premultipliedLast)
        #expect(image.rgbaBytes(x: 5, y: 5) == [255, 0, 0, 255])
        #expect(image.rgbaBytes(x: 25, y: 5) == [255, 255, 255, 255])
        #expect(image.rgbaBytes(x: 5, y: 15) == [255, 255, 255, 255])
    }

    @Test func attachmentHoldsTheFrameAsPNG() throws {
        let image = try renderFrame()
        let attachment = Attachment(image, named: "frame")
        #expect(attachment.preferredName == "frame.png")
        // On Linux the attachment holds the PNG bytes (on Apple platforms, the CGImage itself).
        let encoded = Data(attachment.attachableValue)
        let source = try #require(CGImageSourceCreateWithData(encoded as CFData, nil))
        #expect(CGImageSourceGetType(source) == "public.png")
        let decoded = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(decoded.width == 40)
        #expect(decoded.rgbaBytes(x: 5, y: 5) == [255, 0, 0, 255])
        Attachment.record(attachment)
    }
}
