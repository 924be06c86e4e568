import AVFoundation
import Foundation

/// Apple-style video code: a player on a file, an exact seek, a layer that shows it, a renderer
/// that draws it. Prints the luma of the frame's barcode blocks (16 points wide, along the top),
/// from which the test reads the frame index.
func showSeekedFrame(ofClipAt path: String) throws {
    let player = AVPlayer(url: URL(fileURLWithPath: path))
    let layer = AVPlayerLayer(player: player)
    layer.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
    layer.videoGravity = .resizeAspect
    layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    // Frame 47 of the 30 fps clip, exactly: zero tolerance decodes up to that frame.
    let seeked = DispatchSemaphore(value: 0)
    player.seek(to: CMTime(seconds: 47.5 / 30, preferredTimescale: 600), toleranceBefore: .zero, toleranceAfter: .zero) { finished in
        print("seek finished:", finished)
        seeked.signal()
    }
    guard seeked.wait(timeout: .now() + 30) == .success else {
        print("seek timed out")
        return
    }
    print("ready for display:", layer.isReadyForDisplay, "video rect:", layer.videoRect)

    let renderer = try CARenderer(cpuPixelWidth: 320, pixelHeight: 240)
    renderer.layer = layer
    renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
    renderer.render()
    renderer.endFrame()
    guard let image = try? renderer.makeImage(), let data = image.dataProvider?.data else {
        print("no image")
        return
    }
    let bytes = [UInt8](data as Data)
    let blocks = (0..<12).map { Int(bytes[8 * image.bytesPerRow + (16 * $0 + 8) * 4]) }
    print("barcode:", blocks.map(String.init).joined(separator: " "))
}
