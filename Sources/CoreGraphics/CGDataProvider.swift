import Foundation

/// A source of bytes for an image, as Core Graphics supplies them to `CGImage`.
///
/// On Linux a provider holds its bytes in memory: `init?(url:)` reads the whole file when the
/// provider is made, where Apple's may read it lazily.
public final class CGDataProvider: Sendable {
    private let bytes: Data

    /// Creates a provider that supplies the bytes of `data`.
    ///
    /// Apple's initialiser takes a `CFData`; here `CFData` is `Data`, so `CGDataProvider(data: data as CFData)`
    /// compiles unchanged. It always succeeds on Linux; it is failable because Apple's is.
    public init?(data: CFData) {
        bytes = data
    }

    /// Creates a provider that supplies the bytes of the file at `url`, or returns nil (with a log
    /// line) when the file cannot be read.
    public init?(url: CFURL) {
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            CoreGraphicsLog.logger.error("CGDataProvider(url:): cannot read \(url.path): \(error.localizedDescription)")
            return nil
        }
    }

    /// Creates a provider of bytes the library already holds.
    init(checkedData data: Data) {
        bytes = data
    }

    /// A copy of the provider's bytes (Apple returns a `CFData`; here `CFData` is `Data`).
    public var data: CFData? { bytes }
}

/// Returns the number of bytes in `data`.
public func CFDataGetLength(_ data: CFData) -> Int {
    data.count
}
