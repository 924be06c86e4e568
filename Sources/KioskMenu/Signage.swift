import AVFoundation
import Foundation
import Logging
import MediaDecoding

/// Digital signage: a video looping full screen under an overlay: a news ticker scrolling by
/// animation along the bottom, a clock in the top-right corner and a logo with a shadow.
///
/// The video loops gaplessly (`AVQueuePlayer` + `AVPlayerLooper`), muted, filling the screen
/// (`.resizeAspectFill`). Without a video it plays a clip it makes at start (GStreamer's SMPTE
/// bars with a moving ball, 10 seconds of H.264).
public final class Signage: KioskDemo {
    /// The layer the demo shows.
    public let rootLayer = CALayer()
    /// The layer of the video.
    public let videoLayer: AVPlayerLayer
    /// The player looping the video.
    public let player = AVQueuePlayer()
    private let looper: AVPlayerLooper
    private let tickerBar = CALayer()
    private let ticker = CATextLayer()
    private let clock = CATextLayer()
    private let logo = CALayer()
    private let logoText = CATextLayer()
    private var clockThread: Thread?
    private static let logger = Logger(label: "KioskMenu.Signage")

    /// The ticker's text.
    public static let tickerText = "OpenQuartzCore signage  •  Video in layers with AVPlayerLayer on GStreamer  •  "
        + "Gapless loops with AVPlayerLooper  •  Core Animation on Linux, composited by OpenGL ES 3  •  "

    /// Shows `url` looping under the overlay, or a clip made at start when nil.
    public init(size: CGSize, video url: URL?) throws {
        let source = try url ?? Self.makeDemoClip()
        looper = AVPlayerLooper(player: player, templateItem: AVPlayerItem(url: source))
        player.isMuted = true
        videoLayer = AVPlayerLayer(player: player)
        videoLayer.videoGravity = .resizeAspectFill
        videoLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        rootLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        rootLayer.addSublayer(videoLayer)

        tickerBar.backgroundColor = CGColor(red: 0.05, green: 0.08, blue: 0.2, alpha: 0.8)
        tickerBar.masksToBounds = true
        ticker.string = Self.tickerText + Self.tickerText
        ticker.fontSize = 28
        ticker.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        ticker.anchorPoint = .zero
        tickerBar.addSublayer(ticker)
        rootLayer.addSublayer(tickerBar)

        clock.fontSize = 40
        clock.alignmentMode = .right
        clock.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        clock.shadowOpacity = 0.8
        clock.shadowRadius = 4
        clock.shadowOffset = CGSize(width: 0, height: 2)
        rootLayer.addSublayer(clock)

        logo.backgroundColor = CGColor(red: 0.95, green: 0.45, blue: 0.1, alpha: 1)
        logo.cornerRadius = 18
        logo.shadowOpacity = 0.6
        logo.shadowRadius = 12
        logo.shadowOffset = CGSize(width: 0, height: 6)
        logoText.string = "QC"
        logoText.fontSize = 44
        logoText.alignmentMode = .center
        logoText.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        logo.addSublayer(logoText)
        rootLayer.addSublayer(logo)

        layout(for: size)
        updateClock()
        player.play()
        startClock()
    }

    deinit { clockThread?.cancel() }

    /// The frames the video passed over unseen (the status overlay shows them).
    public var droppedVideoFrames: Int? { player.droppedFrameCount }

    /// Lays the video, the ticker, the clock and the logo out for a root of `size`.
    public func layout(for size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        videoLayer.frame = rootLayer.bounds
        let barHeight: CGFloat = 56
        tickerBar.frame = CGRect(x: 0, y: size.height - barHeight, width: size.width, height: barHeight)
        let textWidth = CGFloat(Self.tickerText.count) * 15
        ticker.bounds = CGRect(x: 0, y: 0, width: textWidth * 2, height: barHeight)
        ticker.position = CGPoint(x: 0, y: 10)
        clock.frame = CGRect(x: size.width - 260, y: 24, width: 236, height: 52)
        logo.frame = CGRect(x: 32, y: size.height - barHeight - 128, width: 96, height: 96)
        logoText.frame = CGRect(x: 0, y: 20, width: 96, height: 56)
        CATransaction.commit()
        // The ticker scrolls one copy of its text to the left, then starts over on the second:
        // a seamless loop at 120 points per second.
        let scroll = CABasicAnimation(keyPath: "position.x")
        scroll.fromValue = 0
        scroll.toValue = -textWidth
        scroll.duration = CFTimeInterval(textWidth / 120)
        scroll.repeatCount = .infinity
        ticker.add(scroll, forKey: "scroll")
    }

    /// Keys do nothing here.
    @discardableResult
    public func handleKey(_ code: UInt32) -> Bool { false }
    /// Taps do nothing here.
    public func handleTap(on hitLayer: CALayer?, at point: CGPoint) {}
    /// Swipes do nothing here.
    public func handleSwipe(dx: CGFloat, dy: CGFloat) {}

    private func updateClock() { SignageClock.show(Date(), in: clock) }

    /// Updates the clock every second from a thread of its own.
    private func startClock() {
        let ticking = SignageClock(layer: clock)
        let thread = Thread { ticking.run() }
        thread.name = "Signage clock"
        clockThread = thread
        thread.start()
    }

    /// Writes the demo's own clip (10 s of 640×360 SMPTE bars with a ball, H.264) to a temporary file.
    static func makeDemoClip() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("qc-signage-\(getpid()).mp4")
        try ClipWriter.run("videotestsrc num-buffers=300 pattern=smpte ! video/x-raw,width=640,height=360,framerate=30/1 "
            + "! x264enc speed-preset=ultrafast key-int-max=30 ! h264parse ! mp4mux ! filesink location=\"\(url.path)\"")
        logger.info("signage: made a 10 s demo clip at \(url.path)")
        return url
    }
}

/// The signage clock's ticking: the time shown at each whole second until the layer goes.
private final class SignageClock: @unchecked Sendable {
    // Read only on the clock's thread once it starts.
    private weak var layer: CATextLayer?

    init(layer: CATextLayer) { self.layer = layer }

    static func show(_ date: Date, in layer: CATextLayer) {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.string = formatter.string(from: date)
        CATransaction.commit()
    }

    func run() {
        while !Thread.current.isCancelled {
            Thread.sleep(forTimeInterval: 1 - Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1))
            guard let layer else { return }
            Self.show(Date(), in: layer)
            CATransaction.flush()
        }
    }
}
