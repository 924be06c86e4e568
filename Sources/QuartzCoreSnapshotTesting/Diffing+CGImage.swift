import XCTest

extension Diffing where Value == CGImage {
    /// Compares images pixel by pixel within `tolerance` and stores them as PNG.
    ///
    /// On a mismatch it writes the reference, the actual image and a difference image (see
    /// `ImageComparison.differenceImage()`) to `QuartzCoreTesting/` in `SNAPSHOT_ARTIFACTS`, or in
    /// the temporary directory, as swift-snapshot-testing does with its failure artifacts; the
    /// failure message names the three files and says how many pixels differ and by how much.
    public static func image(tolerance: ImageTolerance = .crossRenderer) -> Diffing {
        .diff(
            toData: PNGFormat.data,
            fromData: PNGFormat.image,
            diffV2: { reference, actual in
                let comparison = ImageComparison(reference: reference, actual: actual, tolerance: tolerance)
                guard !comparison.matches else { return nil }
                return failure(of: comparison)
            })
    }

    private static func failure(of comparison: ImageComparison) -> (String, [DiffAttachment]) {
        let pngs = (try? comparison.referencePNGData(), try? comparison.actualPNGData(), try? comparison.differencePNGData())
        var attachments: [DiffAttachment] = []
        if let data = pngs.0 { attachments.append(.data(data, name: "reference")) }
        if let data = pngs.1 { attachments.append(.data(data, name: "failure")) }
        if let data = pngs.2 { attachments.append(.data(data, name: "difference")) }
        // One name per pair of images, the same on every run.
        let name = "snapshot-" + ContentHash.hex(of: [pngs.0 ?? Data(), pngs.1 ?? Data()])
        let directory = ImageComparisonArtifacts.defaultDirectory.appendingPathComponent("QuartzCoreTesting", isDirectory: true)
        let written: String
        do {
            written = try comparison.writeArtifacts(to: directory, named: name).description
        } catch {
            written = "The comparison images could not be written to \(directory.path): \(error)"
        }
        return ("\(comparison.summary)\n\(written)", attachments)
    }
}

/// The PNG form in which snapshots are stored.
enum PNGFormat {
    /// PNG data of `image` (empty when it cannot be encoded, which the reference comparison then reports).
    static func data(_ image: CGImage) -> Data {
        do {
            return try image.pngData()
        } catch {
            XCTFail("QuartzCoreSnapshotTesting: the snapshot could not be encoded as PNG: \(error)")
            return Data()
        }
    }

    /// The image a reference file holds; a file that is not a PNG reads as a one-pixel image, which
    /// no rendered snapshot matches, after reporting the decoding error.
    static func image(_ data: Data) -> CGImage {
        do {
            return try CGImage.decodePNG(data)
        } catch {
            XCTFail("QuartzCoreSnapshotTesting: the reference is not a PNG image: \(error)")
            return unrenderable
        }
    }

    /// `image` as it reads back from its PNG form, so a fresh render compares with its recording exactly.
    static func roundTripped(_ image: CGImage) -> CGImage {
        (try? CGImage.decodePNG(image.pngData())) ?? image
    }

    /// A one-pixel transparent image standing for an image that could not be made.
    static let unrenderable = CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))!
}

/// A 64-bit FNV-1a hash of some data, as 16 hexadecimal digits.
enum ContentHash {
    static func hex(of parts: [Data]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
