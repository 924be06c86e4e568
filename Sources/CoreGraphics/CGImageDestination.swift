import Foundation

/// A mutable block of bytes, as Core Foundation names it (bridged to `NSMutableData`, so
/// `NSMutableData() as CFMutableData` compiles unchanged).
public typealias CFMutableData = NSMutableData

/// The compression quality of a lossy format (JPEG), from 0.0 (most compression) to 1.0 (best
/// quality), as a number in a destination's or image's properties.
public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"

/// An opaque destination that encodes images to a URL or to data: PNG (`"public.png"`) and JPEG
/// (`"public.jpeg"`), one image each.
///
/// Images are encoded by `CGImageDestinationFinalize`. Type identifiers are strings here
/// (`UTType` is unavailable on Linux): `UTType.png.identifier` is `"public.png"`.
public final class CGImageDestination: @unchecked Sendable {
    /// Where the encoded bytes go.
    fileprivate enum Target {
        case url(URL)
        case data(NSMutableData)
    }

    private let target: Target
    private let format: ImageFormat
    private let capacity: Int
    // Calls may come from several threads, as Image I/O allows; the lock guards the state below.
    private let lock = NSLock()
    private var properties: [AnyHashable: Any]
    private var images: [(image: CGImage, properties: [AnyHashable: Any])] = []
    private var isFinalized = false

    fileprivate init?(target: Target, type: CFString, count: Int, options: CFDictionary?, function: String) {
        guard let format = ImageFormat(typeIdentifier: type) else {
            CoreGraphicsLog.logger.error("\(function): cannot write type \(type); types: \(ImageFormat.writableTypeIdentifiers)")
            return nil
        }
        guard count >= 1 else {
            CoreGraphicsLog.logger.error("\(function): image count \(count) is not positive")
            return nil
        }
        self.target = target
        self.format = format
        capacity = count
        properties = options ?? [:]
    }

    fileprivate func add(_ image: CGImage, properties: CFDictionary?) {
        lock.lock()
        defer { lock.unlock() }
        guard !isFinalized else {
            CoreGraphicsLog.logger.error("CGImageDestinationAddImage: the destination is already finalized")
            return
        }
        guard images.count < capacity else {
            CoreGraphicsLog.logger.error("CGImageDestinationAddImage: the destination holds its \(capacity) image(s) already")
            return
        }
        images.append((image, properties ?? [:]))
    }

    fileprivate func setProperties(_ newProperties: CFDictionary?) {
        lock.lock()
        defer { lock.unlock() }
        properties.merge(newProperties ?? [:]) { _, new in new }
    }

    fileprivate func finalize() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isFinalized else {
            CoreGraphicsLog.logger.error("CGImageDestinationFinalize: the destination is already finalized")
            return false
        }
        isFinalized = true
        guard images.count == capacity else {
            CoreGraphicsLog.logger.error("CGImageDestinationFinalize: \(images.count) image(s) added, \(capacity) declared")
            return false
        }
        guard images.count == 1, let (image, imageProperties) = images.first else {
            CoreGraphicsLog.logger.error("CGImageDestinationFinalize: \(format.typeIdentifier) holds one image, \(images.count) added")
            return false
        }
        let merged = properties.merging(imageProperties) { _, image in image }
        do {
            let encoded: Data
            switch format {
            case .png:
                encoded = try image.pngData()
            case .jpeg:
                encoded = try image.jpegData(quality: Self.quality(in: merged) ?? Self.defaultJPEGQuality)
            }
            switch target {
            case .url(let url): try encoded.write(to: url, options: .atomic)
            case .data(let data): data.append(encoded)
            }
            return true
        } catch {
            CoreGraphicsLog.logger.error("CGImageDestinationFinalize: \(error)")
            return false
        }
    }

    /// The JPEG quality when none is given: libjpeg's default, 75 of 100.
    static let defaultJPEGQuality: CGFloat = 0.75

    /// The lossy compression quality in a properties dictionary, from any numeric value.
    private static func quality(in properties: [AnyHashable: Any]) -> CGFloat? {
        guard let value = properties[AnyHashable(kCGImageDestinationLossyCompressionQuality)] else { return nil }
        switch value {
        case let number as CGFloat: return number
        case let number as Double: return CGFloat(number)
        case let number as Float: return CGFloat(number)
        case let number as Int: return CGFloat(number)
        case let number as NSNumber: return CGFloat(number.doubleValue)
        default:
            CoreGraphicsLog.logger.error("kCGImageDestinationLossyCompressionQuality: \(value) is not a number; using the default")
            return nil
        }
    }
}

extension ImageFormat {
    /// The format a type identifier names, or nil for one this library cannot write.
    init?(typeIdentifier: String) {
        switch typeIdentifier {
        case "public.png": self = .png
        case "public.jpeg": self = .jpeg
        default: return nil
        }
    }

    /// The type identifiers `CGImageDestination` writes.
    static let writableTypeIdentifiers = ["public.png", "public.jpeg"]
}

/// Creates a destination that writes an image file at `url` of `type` (`"public.png"`,
/// `"public.jpeg"`) holding `count` images (1 for these formats), or returns nil (with a log
/// line) for another type. The file is written by `CGImageDestinationFinalize`.
public func CGImageDestinationCreateWithURL(_ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    CGImageDestination(target: .url(url), type: type, count: count, options: options, function: "CGImageDestinationCreateWithURL")
}

/// Creates a destination that appends the encoded image to `data` when it is finalized.
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    CGImageDestination(target: .data(data), type: type, count: count, options: options, function: "CGImageDestinationCreateWithData")
}

/// Returns the type identifiers a destination can write: `"public.png"` and `"public.jpeg"`.
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray {
    ImageFormat.writableTypeIdentifiers
}

/// Adds an image to a destination, with properties (such as
/// `kCGImageDestinationLossyCompressionQuality`) that override the destination's.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    idst.add(image, properties: properties)
}

/// Sets properties that apply to every image of a destination.
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: CFDictionary?) {
    idst.setProperties(properties)
}

/// Encodes the added images and writes them, returning whether that succeeded. A destination
/// is finalized once; finalizing with fewer images than declared fails, as on Apple platforms.
@discardableResult
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    idst.finalize()
}
