import Foundation

/// The filtered backdrops of a renderer's canvas-level backdrop quads, kept from frame to frame
/// while what lies behind them does not change (`DrawList.unchangedBackdrops`): a frame whose
/// backdrop-filtered layer changes only its own content shows the kept image again and runs no
/// filter pass. `Image` is the renderer's (a render target, a pixel buffer, with what it needs
/// to show it).
///
/// An image is kept only for a quad filtered in its frame (a renderer grows its damage to all
/// that a backdrop it keeps no image for reads, `BackdropFilter.grow`), and only as long as each
/// following frame marks the quad unchanged; any other frame lets it go. While kept, the damage
/// is not grown for it: only what changed over it is redrawn.
public final class KeptBackdrops<Image> {
    private struct Entry {
        var command: Int
        var quad: Quad
        var image: Image
    }

    private var entries: [Entry] = []
    /// The bytes of memory an image holds.
    private let byteCount: (Image) -> Int
    /// Called with each image let go.
    private let discard: (Image) -> Void

    /// An empty store that measures each image it keeps with `byteCount` and hands every image it
    /// lets go to `discard`.
    public init(byteCount: @escaping (Image) -> Int, discard: @escaping (Image) -> Void = { _ in }) {
        self.byteCount = byteCount
        self.discard = discard
    }

    /// The images kept.
    public var count: Int { entries.count }

    /// The images kept and the bytes they hold: memory outside the renderer's pools, which a
    /// renderer adds to its offscreen targets' usage (`RenderStatistics.offscreenTargets`).
    public var usage: CacheUsage {
        CacheUsage(entries: entries.count, bytes: entries.reduce(0) { $0 + byteCount($1.image) })
    }

    /// Starts a frame of `list`: each image whose quad the list marks unchanged moves to the
    /// quad's command in `list`; the others are let go.
    public func begin(_ list: DrawList) {
        guard !entries.isEmpty else { return }
        var kept: [Entry] = []
        for var entry in entries {
            if let mark = list.unchangedBackdrops.first(where: { $0.previousCommand == entry.command }),
               mark.command < list.commands.count, case .quad(let quad) = list.commands[mark.command], quad == entry.quad {
                entry.command = mark.command
                kept.append(entry)
            } else {
                discard(entry.image)
            }
        }
        entries = kept
    }

    /// The image kept for the backdrop quad at `command` of this frame's list, if any.
    public func image(for command: Int) -> Image? {
        entries.first { $0.command == command }?.image
    }

    /// Keeps `image`, the filtered backdrop of `quad` (the command at `command` of this frame's
    /// list), in place of any kept for it.
    public func keep(_ image: Image, for quad: Quad, at command: Int) {
        if let index = entries.firstIndex(where: { $0.command == command }) {
            discard(entries[index].image)
            entries[index] = Entry(command: command, quad: quad, image: image)
        } else {
            entries.append(Entry(command: command, quad: quad, image: image))
        }
    }

    /// Lets every image go.
    public func removeAll() {
        for entry in entries { discard(entry.image) }
        entries.removeAll()
    }
}
