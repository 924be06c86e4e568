import Testing

extension ImageComparison {
    /// Attaches the reference, the actual and the difference image (PNG files named
    /// `NAME.reference.png`, `NAME.actual.png` and `NAME.difference.png`) to the Swift Testing
    /// test that is running, where a person reading the results can open them.
    ///
    /// Outside a Swift Testing test (in an XCTest case, say) it does nothing: use
    /// `writeArtifacts(to:named:)` there. An image that cannot be encoded records an issue.
    public func recordAttachments(named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard Test.current != nil else { return }
        let images: [(String, () throws -> Data)] = [
            ("reference", referencePNGData), ("actual", actualPNGData), ("difference", differencePNGData),
        ]
        for (role, encode) in images {
            do {
                Attachment.record(Array(try encode()), named: "\(name).\(role).png", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot encode the \(role) image of \(name): \(error)", sourceLocation: sourceLocation)
            }
        }
    }
}
