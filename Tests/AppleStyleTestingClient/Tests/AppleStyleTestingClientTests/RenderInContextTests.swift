import Testing
import QuartzCore

/// `layer.render(in:)` into a bitmap context flipped as UIKit's image renderer flips it, the way
/// iOS code snapshots a layer tree.
struct RenderInContextTests {
    @Test func snapshotOfALayerTreeHasItsPixels() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let badge = CALayer()
        badge.frame = CGRect(x: 10, y: 5, width: 20, height: 10)
        badge.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        badge.borderWidth = 2
        badge.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        root.addSublayer(badge)

        let context = try #require(CGContext(data: nil, width: 60, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.translateBy(x: 0, y: 40)
        context.scaleBy(x: 1, y: -1)
        root.render(in: context)
        let image = try #require(context.makeImage())
        Attachment.record(image, named: "snapshot")

        #expect(image.rgbaBytes(x: 20, y: 10) == [0, 0, 255, 255], "inside the badge")
        #expect(image.rgbaBytes(x: 10, y: 10) == [0, 0, 0, 255], "on the badge's left border")
        #expect(image.rgbaBytes(x: 40, y: 30) == [255, 255, 255, 255], "the root's background")
    }
}
