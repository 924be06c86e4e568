import Foundation

/// The state of an image source or of one image in it, as Image I/O reports it.
public enum CGImageSourceStatus: Int32, Sendable {
    /// The end of the file was reached before the image was complete.
    case statusUnexpectedEOF = -5
    /// The data is not a valid image.
    case statusInvalidData = -4
    /// The data is not in a format this library reads.
    case statusUnknownType = -3
    /// The image is being read.
    case statusReadingHeader = -2
    /// The data is incomplete.
    case statusIncomplete = -1
    /// The image decoded completely.
    case statusComplete = 0
}

/// An opaque source of images read from a URL or data: PNG and JPEG files, one image each.
///
/// Images are decoded on first request and kept, so creating the image at index 0 twice returns
/// the same `CGImage` object. A source whose data cannot be decoded reports why through
/// `CGImageSourceGetStatus` and `error`, and returns nil images.
public final class CGImageSource: @unchecked Sendable {
    private let data: Data
    private let format: ImageFormat?
    // Decoding happens at most once; the lock makes the cached result safe to share across threads.
    private let lock = NSLock()
    private var decoded: Result<CGImage, CGImageError>?

    init(data: Data) {
        self.data = data
        format = ImageFormat(sniffing: data)
    }

    /// The uniform type identifier of the source's format (`"public.png"`, `"public.jpeg"`), or nil.
    public var type: String? { format?.typeIdentifier }

    /// The decoded image, or the error that stopped its decoding (a Linux addition).
    public func image() -> Result<CGImage, CGImageError> {
        lock.lock()
        defer { lock.unlock() }
        if let decoded { return decoded }
        let result: Result<CGImage, CGImageError>
        if let format {
            do {
                result = .success(CGImage(checkedPixels: try format.decode(data)))
            } catch let error as CGImageError {
                result = .failure(error)
            } catch {
                result = .failure(.invalidData("\(error)"))
            }
        } else {
            result = .failure(.invalidData("not a PNG or JPEG file"))
        }
        decoded = result
        return result
    }

    /// Why the image could not be decoded, or nil when it decodes (a Linux addition).
    public var error: CGImageError? {
        if case .failure(let error) = image() { return error }
        return nil
    }

    /// The status of the source: complete when its image decodes.
    var status: CGImageSourceStatus {
        guard format != nil else { return data.isEmpty ? .statusIncomplete : .statusUnknownType }
        switch image() {
        case .success: return .statusComplete
        case .failure: return .statusInvalidData
        }
    }
}

/// Creates an image source that reads from data. Options are accepted for compatibility and ignored.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: data)
}

/// Creates an image source that reads from a file URL, or returns nil when the file cannot be read.
/// Options are accepted for compatibility and ignored.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = try? CGImage.readFile(url) else { return nil }
    return CGImageSource(data: data)
}

/// Returns the number of images in the source: 1 for a PNG or JPEG, 0 for data of another format.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
    isrc.type == nil ? 0 : 1
}

/// Returns the uniform type identifier of the source's format, or nil for an unknown format.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    isrc.type
}

/// Returns the status of the source.
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    isrc.status
}

/// Returns the status of the image at `index`.
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus {
    index == 0 ? isrc.status : .statusInvalidData
}

/// Creates the image at `index` (only 0 exists), or returns nil when it cannot be decoded; the
/// source's `error` says why. Options are accepted for compatibility and ignored.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard index == 0 else { return nil }
    return try? isrc.image().get()
}
