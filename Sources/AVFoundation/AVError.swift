import Foundation
import MediaDecoding

/// The errors of AVFoundation's domain, as Apple's `AVError` names them.
public struct AVError: Error, CustomNSError, LocalizedError, Sendable, Equatable {
    /// The kinds of failure.
    public enum Code: Int, Sendable {
        /// An unknown error occurred.
        case unknown = -11800
        /// The media could not be decoded.
        case decodeFailed = -11821
        /// The file is not a format AVFoundation recognises.
        case fileFormatNotRecognized = -11828
        /// The file is damaged or incomplete and could not be parsed.
        case fileFailedToParse = -11829
        /// No decoder is installed for the media's codec.
        case decoderNotFound = -11833
        /// The asset has no track the operation can use (here: no video track).
        case incompatibleAsset = -11848
        /// The media services (GStreamer) are unavailable.
        case mediaServicesWereReset = -11819
    }

    /// The kind of failure.
    public let code: Code
    /// The cause in words.
    public let failureReason: String?

    /// Creates an error of `code`, with the cause in words.
    public init(_ code: Code, reason: String? = nil) { self.code = code; failureReason = reason }

    /// "AVFoundationErrorDomain".
    public static var errorDomain: String { "AVFoundationErrorDomain" }
    /// The code's raw value.
    public var errorCode: Int { code.rawValue }
    /// The description and the reason, under Foundation's keys.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: errorDescription ?? ""]
        if let failureReason { info[NSLocalizedFailureReasonErrorKey] = failureReason }
        return info
    }
    /// A sentence for the user, naming the cause.
    public var errorDescription: String? {
        let summary: String
        switch code {
        case .unknown: summary = "The operation could not be completed"
        case .decodeFailed: summary = "Cannot decode"
        case .fileFormatNotRecognized: summary = "Cannot open: the file format is not recognized"
        case .fileFailedToParse: summary = "Cannot open: the file is damaged or incomplete"
        case .decoderNotFound: summary = "Cannot decode: no decoder for the media's format"
        case .incompatibleAsset: summary = "Cannot play: the media has no video track"
        case .mediaServicesWereReset: summary = "Media services are unavailable"
        }
        return failureReason.map { "\(summary). \($0)" } ?? summary
    }
    /// The same as `errorDescription`.
    public var localizedDescription: String { errorDescription ?? "" }

    /// The error Apple's AVFoundation reports for a decoding failure: `URLError` for files that
    /// do not exist (`.fileDoesNotExist`) and URLs that cannot be read (`.unsupportedURL`,
    /// `.resourceUnavailable`), `AVError` otherwise.
    static func from(_ failure: DecodeFailure) -> Error {
        switch failure {
        case .fileNotFound(let path):
            return URLError(.fileDoesNotExist, userInfo: [NSLocalizedDescriptionKey: "The file does not exist: \(path)"])
        case .invalidURI(let uri):
            return URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: "The URL cannot be played: \(uri)"])
        case .sourceFailed(let text):
            return URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: "Reading the media failed: \(text)"])
        case .unrecognizedFormat(let text): return AVError(.fileFormatNotRecognized, reason: text)
        case .damagedFile(let text): return AVError(.fileFailedToParse, reason: text)
        case .decoderNotFound(let text): return AVError(.decoderNotFound, reason: text)
        case .noVideoTrack: return AVError(.incompatibleAsset, reason: "The media has no video track")
        case .decodeFailed(let text): return AVError(.decodeFailed, reason: text)
        case .unavailable(let text): return AVError(.mediaServicesWereReset, reason: text)
        }
    }
}
