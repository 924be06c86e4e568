import Foundation

/// The image file formats this library decodes, found from a file's first bytes.
enum ImageFormat: Sendable {
    case png
    case jpeg

    /// The uniform type identifier Apple's Image I/O reports for the format.
    var typeIdentifier: String {
        switch self {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        }
    }

    /// The format of `data`, or nil when its signature is not one this library decodes.
    init?(sniffing data: Data) {
        if data.count >= 8, data.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if JPEGCodec.hasSignature(data) {
            self = .jpeg
        } else {
            return nil
        }
    }

    /// Decodes `data`, which has this format.
    func decode(_ data: Data) throws -> DecodedPixels {
        switch self {
        case .png: try PNGCodec.decode(data)
        case .jpeg: try JPEGCodec.decode(data)
        }
    }
}

extension CGImage {
    /// Decodes PNG or JPEG data, telling the format from its first bytes (a Linux addition).
    ///
    /// Throws `CGImageError.invalidData` for data of another format or a broken file, and
    /// `CGImageError.tooLarge` for an image that declares more pixels than the limits allow.
    public static func decode(_ data: Data) throws -> CGImage {
        guard let format = ImageFormat(sniffing: data) else {
            throw CGImageError.invalidData("not a PNG or JPEG file")
        }
        return CGImage(checkedPixels: try format.decode(data))
    }

    /// Reads and decodes a PNG or JPEG file (a Linux addition).
    public static func load(contentsOf url: URL) throws -> CGImage {
        try decode(try readFile(url))
    }

    /// The contents of a file, with read failures reported as `CGImageError.ioFailure`.
    static func readFile(_ url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CGImageError.ioFailure("cannot read \(url.path): \(error.localizedDescription)")
        }
    }
}
