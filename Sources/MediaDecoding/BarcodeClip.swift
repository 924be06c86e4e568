import Foundation

/// Clips whose every frame carries its index as a barcode: a row of 16×16 blocks along the top
/// edge, white for a one bit and black for a zero, least significant bit first. Blocks of that
/// size survive H.264 and JPEG coding, so a decoded frame tells which frame it is.
public enum BarcodeClip {
    /// The side of one barcode block, in pixels.
    public static let blockSize = 16
    /// The bits of the index (frames 0...4095).
    public static let bits = 12

    /// The codecs a clip can be written with.
    public enum Codec: Sendable {
        /// H.264 from x264, lossless (quantizer 0), a key frame every `keyFrameInterval` frames.
        case h264(keyFrameInterval: Int)
        /// Motion JPEG (every frame a key frame).
        case mjpeg
    }

    /// Writes an MP4 of `frameCount` frames of `width`×`height` at `framesPerSecond`, each frame
    /// a grey ramp with its index as a barcode. `colorimetry` is written into the caps
    /// (GStreamer's names: "bt601", "bt709"; nil leaves it to the encoder).
    public static func write(to url: URL, width: Int = 320, height: Int = 240, frameCount: Int, framesPerSecond: Int = 30,
                             codec: Codec = .h264(keyFrameInterval: 15)) throws {
        precondition(width >= blockSize * bits && width % 2 == 0 && height % 2 == 0 && height >= blockSize)
        let raw = url.deletingPathExtension().appendingPathExtension("i420")
        defer { try? FileManager.default.removeItem(at: raw) }
        _ = FileManager.default.createFile(atPath: raw.path, contents: nil)
        let handle = try FileHandle(forWritingTo: raw)
        for index in 0..<frameCount {
            try handle.write(contentsOf: frame(index: index, width: width, height: height))
        }
        try handle.close()
        let encoder: String
        switch codec {
        case .h264(let interval):
            encoder = "x264enc pass=quant quantizer=0 speed-preset=ultrafast bframes=0 key-int-max=\(interval) ! h264parse"
        case .mjpeg:
            encoder = "avenc_mjpeg qscale=2 ! jpegparse"
        }
        let description = "filesrc location=\"\(raw.path)\" ! rawvideoparse format=i420 width=\(width) height=\(height) "
            + "framerate=\(framesPerSecond)/1 ! \(encoder) ! mp4mux ! filesink location=\"\(url.path)\""
        try ClipWriter.run(description)
    }

    /// One I420 frame: luma a horizontal ramp 40...200 with the barcode on top, chroma neutral.
    public static func frame(index: Int, width: Int, height: Int) -> Data {
        var bytes = [UInt8](repeating: 128, count: width * height * 3 / 2)
        for y in 0..<height {
            for x in 0..<width { bytes[y * width + x] = UInt8(40 + 160 * x / max(1, width - 1)) }
        }
        for bit in 0..<bits {
            let value: UInt8 = (index >> bit) & 1 == 1 ? 235 : 16
            for y in 0..<blockSize {
                for x in (bit * blockSize)..<((bit + 1) * blockSize) { bytes[y * width + x] = value }
            }
        }
        return Data(bytes)
    }

    /// The index a decoded frame carries, read at the blocks' centres.
    public static func index(of frame: DecodedVideoFrame) -> Int {
        var index = 0
        for bit in 0..<bits where frame.luma(x: bit * blockSize + blockSize / 2, y: blockSize / 2) > 128 {
            index |= 1 << bit
        }
        return index
    }
}
