import Testing
import QuartzCore

/// Pixels handed to CGImage through a data provider, written out by CGImageDestination.
struct ImageDestinationTests {
    /// A 2×1 BGRA image (premultiplied, alpha first, 32-bit little-endian: the layout of
    /// `kCVPixelFormatType_32BGRA` buffers): a blue and a half-transparent red pixel.
    private func bgraImage() throws -> CGImage {
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 0, 128, 128]
        let provider = try #require(CGDataProvider(data: Data(bytes) as CFData))
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        return try #require(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info, provider: provider,
                                    decode: nil, shouldInterpolate: true, intent: .defaultIntent))
    }

    @Test func providerBytesComeBackInTheirOwnLayout() throws {
        let image = try bgraImage()
        let data = try #require(image.dataProvider?.data) as Data
        #expect(Array(data) == [255, 0, 0, 255, 0, 0, 128, 128])
        #expect(image.byteOrderInfo == .order32Little)
        #expect(image.alphaInfo == .premultipliedFirst)
    }

    @Test func pngWrittenToDataDecodesToTheSamePixels() throws {
        let image = try bgraImage()
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))

        let source = try #require(CGImageSourceCreateWithData(data as Data as CFData, nil))
        let decoded = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(decoded.rgbaBytes(x: 0, y: 0) == [0, 0, 255, 255])
        #expect(decoded.rgbaBytes(x: 1, y: 0) == [128, 0, 0, 128])
    }

    @Test(arguments: [0.2, 0.9])
    func jpegWrittenToAFileDecodes(quality: Double) throws {
        let image = try bgraImage()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: url) }
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, "public.jpeg" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: quality] as CFDictionary)
        #expect(CGImageDestinationFinalize(destination))
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceGetType(source) == "public.jpeg")
        let decoded = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(decoded.width == 2)
    }
}
