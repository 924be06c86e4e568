import CompositorCore
import CoreGraphics
import Foundation

/// Frames whose groups keep a renderer's offscreen images busy, drawn the same way on both
/// renderers to check that their `OffscreenPool` stays bounded.
public enum OffscreenScenarios {
    /// The canvas of `groupFrame(_:)`, in pixels.
    public static let width = 128, height = 96

    /// Frame `frame`: a masked, shadowed group whose size (30 to 66 pixels) and blur (sigma 1 to
    /// 13) change with `frame`, a nested group, and a rasterized group whose content changes
    /// every frame.
    public static func groupFrame(_ frame: Int) -> [DrawCommand] {
        let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
        let size = 30 + (frame % 7) * 6
        let shadow = GroupShadow(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), offsetX: 2, offsetY: 4,
                                 sigma: Float(1 + frame % 5 * 3))
        let outer = CompositingGroup(transform: .translation(4, 4), rect: CGRect(x: 0, y: 0, width: size, height: size),
                                     pixelWidth: size, pixelHeight: size, opacity: 0.8, shadow: shadow)
        let inner = CompositingGroup(transform: .translation(5, 5), rect: CGRect(x: 0, y: 0, width: 20, height: 20),
                                     pixelWidth: 20, pixelHeight: 20, opacity: 0.5)
        let rasterized = CompositingGroup(transform: .translation(70, 10), rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                                          pixelWidth: 40, pixelHeight: 40,
                                          rasterizationKey: RasterizationKey(layerID: 9, contentVersion: UInt64(frame)))
        let value = Float(frame % 256) / 255
        return [
            .beginGroup(outer),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: size, height: size),
                       fillColor: PremultipliedColor(red: value, green: 0, blue: 0, alpha: 1))),
            .beginGroup(inner),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: white)),
            .endGroup,
            .beginMask,
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: size, height: size), fillColor: white,
                       cornerRadii: CornerRadii(uniform: 8))),
            .endGroup,
            .beginGroup(rasterized),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                       fillColor: PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1))),
            .endGroup,
        ]
    }
}
