import Foundation
import QuartzCore

/// How a display output turns the layer tree: the clockwise angle, as seen on the panel, through
/// which the app's content is rotated. (Linux addition.)
///
/// Rotation is applied as the root transform of the layer tree, never by the plane, so it works
/// on every KMS driver; pointer and touch positions are rotated back to match.
public enum CADisplayRotation: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// The content is upright on the panel.
    case degrees0 = 0
    /// The content is turned a quarter turn clockwise (the panel's right edge is the content's top).
    case degrees90 = 90
    /// The content is upside down.
    case degrees180 = 180
    /// The content is turned a quarter turn counterclockwise.
    case degrees270 = 270

    /// Parses `0`, `90`, `180` or `270` (an optional trailing `°` or `deg` is accepted); nil otherwise.
    public init?(parsing text: String) {
        var digits = text.trimmingCharacters(in: .whitespaces).lowercased()
        for suffix in ["°", "deg"] where digits.hasSuffix(suffix) { digits.removeLast(suffix.count) }
        guard let degrees = Int(digits), let rotation = CADisplayRotation(rawValue: degrees) else { return nil }
        self = rotation
    }

    /// A textual description, for logs and error messages.
    public var description: String { "\(rawValue)°" }

    /// Whether the content's width lies along the panel's height.
    public var swapsAxes: Bool { self == .degrees90 || self == .degrees270 }

    /// The angle of the root transform, in radians (positive turns clockwise in y-down coordinates).
    public var angle: CGFloat { CGFloat(rawValue) * .pi / 180 }

    /// The size of the content for a panel of `physicalSize` pixels or points.
    public func logicalSize(forPhysicalSize physicalSize: CGSize) -> CGSize {
        swapsAxes ? CGSize(width: physicalSize.height, height: physicalSize.width) : physicalSize
    }

    /// Maps a point of the content (logical space) to the panel (physical space).
    public func physicalPoint(fromLogical p: CGPoint, physicalSize: CGSize) -> CGPoint {
        let w = physicalSize.width, h = physicalSize.height
        switch self {
        case .degrees0: return p
        case .degrees90: return CGPoint(x: w - p.y, y: p.x)
        case .degrees180: return CGPoint(x: w - p.x, y: h - p.y)
        case .degrees270: return CGPoint(x: p.y, y: h - p.x)
        }
    }

    /// Maps a point of the panel (physical space: where a touch landed) to the content (logical space).
    public func logicalPoint(fromPhysical p: CGPoint, physicalSize: CGSize) -> CGPoint {
        let w = physicalSize.width, h = physicalSize.height
        switch self {
        case .degrees0: return p
        case .degrees90: return CGPoint(x: p.y, y: w - p.x)
        case .degrees180: return CGPoint(x: w - p.x, y: h - p.y)
        case .degrees270: return CGPoint(x: h - p.y, y: p.x)
        }
    }

    /// Maps a relative motion of the content to the panel (a mouse moved by `delta` on screen
    /// moves the pointer by `logicalDelta(fromPhysical:)` in the content).
    public func logicalDelta(fromPhysical d: CGSize) -> CGSize {
        switch self {
        case .degrees0: return d
        case .degrees90: return CGSize(width: d.height, height: -d.width)
        case .degrees180: return CGSize(width: -d.width, height: -d.height)
        case .degrees270: return CGSize(width: -d.height, height: d.width)
        }
    }

    /// The transform that shows a layer of the content's size, centred on the panel, turned by this rotation.
    public var rootTransform: CATransform3D {
        switch self {
        case .degrees0: return CATransform3DIdentity
        // Exact quarter turns: no cos(π/2) residue in the matrix.
        case .degrees90: return CATransform3DMakeAffineTransform(CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        case .degrees180: return CATransform3DMakeAffineTransform(CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0))
        case .degrees270: return CATransform3DMakeAffineTransform(CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0))
        }
    }
}
