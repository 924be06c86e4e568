import QuartzCore

extension CGImage {
    /// The red, green, blue and alpha bytes of the pixel at (x, y), row 0 at the top, read from
    /// the image's data provider as Apple code does, for 32-bit RGBA images.
    func rgbaBytes(x: Int, y: Int) -> [UInt8]? {
        guard let data = dataProvider?.data as Data?, bitsPerPixel == 32 else { return nil }
        let offset = data.startIndex + y * bytesPerRow + x * 4
        return Array(data[offset ..< offset + 4])
    }
}
