import ArgumentParser
import Foundation
import KioskMenu
import QuartzCore

/// The demos qc-kiosk can show (`--demo`).
enum DemoName: String, CaseIterable, ExpressibleByArgument {
    /// The Kiosk Menu of the Core Animation Programming Guide.
    case menu
    /// The photo carousel with perspective, reflections and springs.
    case coverflow
    /// Digital signage: a looping full-screen video under a ticker, a clock and a logo.
    case signage

    /// Builds the demo for a root of `size`; `photos` is a directory of pictures for the cover
    /// flow (nil: painted landscapes).
    @MainActor
    func make(size: CGSize, animatedBackground: Bool, pulses: Bool, photos: String?, video: String? = nil) throws -> KioskDemo {
        switch self {
        case .signage:
            let url = video.map { $0.contains("://") ? URL(string: $0) : URL(fileURLWithPath: $0) } ?? nil
            if let video, url == nil { throw ValidationError("--video: \(video) is not a file or a URL.") }
            return try Signage(size: size, video: url)
        case .menu:
            return KioskMenu(size: size, animatedBackground: animatedBackground, pulses: pulses)
        case .coverflow:
            guard let photos else { return CoverFlow(size: size) }
            let loaded = try CoverFlowPhotos.load(directory: URL(fileURLWithPath: photos))
            guard !loaded.isEmpty else { throw ValidationError("--photos: no JPEG or PNG file could be read in \(photos).") }
            return CoverFlow(size: size, photos: loaded)
        }
    }

    /// The keys that keep the demo moving during `--measure`, pressed in turn.
    var measurementKeys: [UInt32] {
        switch self {
        case .menu: return [KioskKey.down, KioskKey.down, KioskKey.down, KioskKey.up, KioskKey.up, KioskKey.up]
        case .coverflow: return [KioskKey.right, KioskKey.right, KioskKey.right, KioskKey.left, KioskKey.left, KioskKey.left]
        case .signage: return []
        }
    }
}
