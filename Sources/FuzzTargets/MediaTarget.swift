import AVFoundation
import Foundation
import QuartzCore

/// A media file of any bytes played through `AVPlayerItem`, `AVPlayer` and an `AVPlayerLayer`
/// drawn by the CPU renderer: GStreamer's type finding, demuxers and decoders, then the frames'
/// way to the screen. The item must end `.failed` (with an error) or `.readyToPlay` with a
/// decoded frame within `deadline` seconds; one that does neither hangs, which is a finding.
///
/// The first byte picks the file's extension (demuxers are found by content, but some
/// elements read the name); the rest is the file.
enum MediaTarget {
    /// The most seconds an item may stay `.unknown` before the target reports a hang.
    static let deadline = 15.0
    /// How long a ready item plays before the layer showing it is drawn.
    static let playTime = 0.1
    static let extensions = ["mp4", "mkv", "webm", "mov", "bin"]

    /// The file the bytes are written to, in a folder of this process's own.
    private static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qc-fuzz-media-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    static func run(_ data: some Collection<UInt8>) {
        var bytes = Array(data)
        let pathExtension = extensions[Int(bytes.first ?? 0) % extensions.count]
        if !bytes.isEmpty { bytes.removeFirst() }
        let file = scratch.appendingPathComponent("input.\(pathExtension)")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes)) else { return }
        defer { try? FileManager.default.removeItem(at: file) }

        let item = AVPlayerItem(url: file)
        let player = AVPlayer(playerItem: item)
        player.isMuted = true
        let (root, _) = FuzzScene.makeTree()
        let layer = AVPlayerLayer(player: player)
        layer.frame = root.bounds
        root.addSublayer(layer)
        let end = Date().addingTimeInterval(deadline)
        while item.status == .unknown {
            precondition(Date() < end, "media: the item neither failed nor became ready in \(deadline) s")
            usleep(2_000)
        }
        switch item.status {
        case .failed:
            precondition(item.error != nil, "media: a failed item has no error")
        case .readyToPlay:
            player.play()
            usleep(useconds_t(playTime * 1e6))
            FuzzScene.render(root, at: [CACurrentMediaTime()])
        case .unknown:
            break
        }
        player.replaceCurrentItem(with: nil)
        layer.player = nil
    }
}
