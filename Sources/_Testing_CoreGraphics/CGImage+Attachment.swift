// Swift Testing's cross-import overlay for CoreGraphics.
//
// The toolchain's Testing module declares (Testing.swiftcrossimport/CoreGraphics.swiftoverlay)
// that a file importing both Testing and a module named CoreGraphics also imports this module,
// in place of Testing, so it re-exports Testing. SwiftPM turns cross-import overlays on in test
// targets only.
//
// Executables that depend on the QuartzCore or CoreGraphics product link this module too, and
// must not need libTesting: the import is weak, the target is built without autolinking Testing
// (see Package.swift), and every function here is emitted into its caller, so the only code that
// calls into Testing lives in test targets, which link Testing themselves.

@_weakLinked @_exported public import Testing
public import CoreGraphics

extension Attachment where AttachableValue == [UInt8] {
    /// Creates an attachment of an image, encoded as PNG.
    ///
    /// On Apple platforms the image stays a `CGImage` until the attachment is recorded and may be
    /// encoded in another format (`as:`); on Linux, where Swift Testing's image formats are
    /// unavailable, the image is encoded as PNG (straight alpha, sRGB) when the attachment is made.
    /// A name without an extension gets `.png`; with no name, the attachment is `untitled.png`.
    /// If the image cannot be encoded, an issue is recorded and the attachment is empty.
    ///
    /// - Parameters:
    ///   - image: The image to attach, such as a frame rendered by `CARenderer`.
    ///   - preferredName: The name of the attachment, as Swift Testing uses it.
    ///   - sourceLocation: Where the attachment is made.
    @_alwaysEmitIntoClient
    public init(_ image: CGImage, named preferredName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        var bytes: [UInt8] = []
        do {
            bytes = Array(try image.pngData())
        } catch {
            Issue.record(error, "The image could not be encoded as PNG.", sourceLocation: sourceLocation)
        }
        let name = preferredName ?? "untitled"
        let hasExtension = name.split(separator: "/").last?.firstIndex(of: ".") != nil
        self.init(bytes, named: hasExtension ? name : name + ".png", sourceLocation: sourceLocation)
    }

    /// Attaches an image, encoded as PNG, to the current test.
    ///
    /// - Parameters:
    ///   - image: The image to attach.
    ///   - preferredName: The name of the attachment (`.png` is added when it has no extension).
    ///   - sourceLocation: Where the attachment is recorded.
    @_alwaysEmitIntoClient
    public static func record(_ image: CGImage, named preferredName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        record(Attachment(image, named: preferredName, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
    }
}
