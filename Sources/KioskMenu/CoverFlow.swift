import Foundation
import Logging
import QuartzCore

/// A photo carousel in the manner of Cover Flow: the chosen picture faces the viewer, the others
/// stand turned on either side in perspective (`sublayerTransform.m34`), each over its
/// reflection (a `CAReplicatorLayer` of two instances, the second flipped and faded) and with a
/// drop shadow; a `CATextLayer` captions the chosen picture on a frosted panel (`captionPanel`:
/// the reflections behind it blurred and their colour raised). Arrow keys and swipes move along
/// it with a spring (`CASpringAnimation`); a tap on a picture brings it to the front.
public final class CoverFlow: KioskDemo {
    /// The perspective's eye distance in points: `sublayerTransform.m34 = -1 / eyeDistance`.
    public static let eyeDistance: CGFloat = 1500
    /// How far the side pictures are turned about their vertical axis, in radians (60°).
    public static let sideAngle: CGFloat = .pi / 3
    /// The spring of a move: mass 1, stiffness 170, damping 16 (damping ratio 0.61: a short overshoot).
    public static let spring = (mass: CGFloat(1), stiffness: CGFloat(170), damping: CGFloat(16))
    /// The shortest swipe, in points, that moves the carousel.
    public static let minimumSwipe: CGFloat = 40

    /// The layer the app shows.
    public let rootLayer = CALayer()
    /// The layer holding the pictures; its `sublayerTransform` carries the perspective.
    public let carouselLayer = CALayer()
    /// One replicator per picture (the picture and its reflection), in picture order.
    public private(set) var coverLayers: [CAReplicatorLayer] = []
    /// The caption under the chosen picture.
    public let captionLayer = CATextLayer()
    /// The frosted glass behind the caption: `backgroundFilters` blur what lies behind it
    /// (`CIGaussianBlur`, radius `frostRadius`) and raise its saturation (`CIColorControls`,
    /// `frostSaturation`), under a faint white tint and a hairline border.
    public let captionPanel = CALayer()
    /// The blur radius of the caption's frosted panel, in points.
    public static let frostRadius: CGFloat = 20
    /// The saturation of the caption's frosted panel (1 leaves colours as they are).
    public static let frostSaturation: CGFloat = 1.8
    /// The pictures' titles.
    public let titles: [String]
    /// The index of the picture in front.
    public private(set) var selectedIndex = 0
    /// The side of a picture, in points (set by `layout(for:)`).
    public private(set) var coverSide: CGFloat = 0

    private var pictureLayers: [CALayer] = []
    private let floorLayer = CAGradientLayer()
    /// Where the carousel logs its moves (label "KioskMenu").
    public var logger = Logger(label: "KioskMenu")

    /// Builds the carousel in a root layer of `size` from `photos`.
    public init(size: CGSize, photos: [CoverFlowPhotos.Photo] = CoverFlowPhotos.painted()) {
        titles = photos.map(\.title)
        rootLayer.name = "coverFlowRoot"
        rootLayer.masksToBounds = true
        let background = CAGradientLayer()
        background.name = "background"
        background.colors = [CGColor(red: 0.10, green: 0.11, blue: 0.14, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 1)]
        background.locations = [0, 0.62]
        rootLayer.addSublayer(background)
        carouselLayer.name = "carousel"
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / Self.eyeDistance
        carouselLayer.sublayerTransform = perspective
        rootLayer.addSublayer(carouselLayer)
        for (index, photo) in photos.enumerated() { addCover(photo, index: index) }
        // The reflections fade into the floor: a gradient from clear to black over them.
        floorLayer.name = "floor"
        floorLayer.colors = [CGColor(red: 0, green: 0, blue: 0, alpha: 0), CGColor(red: 0, green: 0, blue: 0, alpha: 1)]
        rootLayer.addSublayer(floorLayer)
        captionPanel.name = "captionPanel"
        captionPanel.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.08)
        captionPanel.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.18)
        captionPanel.borderWidth = 1
        captionPanel.cornerRadius = 20
        let frost = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: Self.frostRadius])
        frost?.name = "frost"
        let saturation = CIFilter(name: "CIColorControls", parameters: [kCIInputSaturationKey: Self.frostSaturation])
        saturation?.name = "saturation"
        captionPanel.backgroundFilters = [frost, saturation].compactMap { $0 }
        rootLayer.addSublayer(captionPanel)
        captionLayer.name = "caption"
        captionLayer.font = "Helvetica Neue, DejaVu Sans, sans-serif" as CFString
        captionLayer.fontSize = 40
        captionLayer.alignmentMode = .center
        captionLayer.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        captionLayer.contentsScale = 1
        rootLayer.addSublayer(captionLayer)
        layout(for: size)
    }

    /// A picture in a replicator: the second instance is the reflection, flipped about the
    /// replicator's centre after moving down one picture and a gap, at 30% opacity.
    private func addCover(_ photo: CoverFlowPhotos.Photo, index: Int) {
        let cover = CAReplicatorLayer()
        cover.name = "cover\(index)"
        cover.instanceCount = 2
        cover.instanceAlphaOffset = -0.7
        let picture = CALayer()
        picture.name = "picture\(index)"
        picture.contents = photo.image
        picture.contentsGravity = .resizeAspectFill
        picture.masksToBounds = false
        picture.borderWidth = 1
        picture.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.35)
        picture.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        picture.shadowOpacity = 0.8
        picture.shadowRadius = 18
        picture.shadowOffset = CGSize(width: 0, height: 14)
        cover.addSublayer(picture)
        carouselLayer.addSublayer(cover)
        coverLayers.append(cover)
        pictureLayers.append(picture)
    }

    // MARK: Layout

    /// The reflection's gap below the picture, in points.
    public var reflectionGap: CGFloat { coverSide * 0.02 }

    /// Where the picture `offset` places from the front (negative: left) stands: sideways by
    /// `x`, back by `z`, turned by `angle` about its vertical axis (the front one 0, 0, 0).
    public func placement(forOffset offset: Int) -> (x: CGFloat, z: CGFloat, angle: CGFloat) {
        guard offset != 0 else { return (0, 0, 0) }
        let side: CGFloat = offset < 0 ? -1 : 1
        let x = side * (coverSide * 0.72 + CGFloat(abs(offset) - 1) * coverSide * 0.3)
        return (x, -coverSide * 0.6, -side * Self.sideAngle)
    }

    /// The transform of the picture `offset` places from the front.
    public func transform(forOffset offset: Int) -> CATransform3D {
        let p = placement(forOffset: offset)
        return CATransform3DRotate(CATransform3DMakeTranslation(p.x, 0, p.z), p.angle, 0, 1, 0)
    }

    /// Lays the carousel out for a root of `size` (no animation): pictures 40% of the height
    /// square, their centres at 42% of it, the caption below the reflections.
    public func layout(for size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        rootLayer.sublayers?.first?.frame = rootLayer.bounds
        carouselLayer.frame = rootLayer.bounds
        coverSide = (size.height * 0.4).rounded()
        let centre = CGPoint(x: size.width / 2, y: (size.height * 0.42).rounded())
        for (cover, picture) in zip(coverLayers, pictureLayers) {
            cover.bounds = CGRect(x: 0, y: 0, width: coverSide, height: coverSide)
            cover.position = centre
            cover.instanceTransform = CATransform3DScale(CATransform3DMakeTranslation(0, coverSide + reflectionGap, 0), 1, -1, 1)
            picture.frame = cover.bounds
            picture.shadowPath = CGPath(rect: picture.bounds, transform: nil)
        }
        let floorTop = centre.y + coverSide / 2 + reflectionGap
        floorLayer.frame = CGRect(x: 0, y: floorTop, width: size.width, height: size.height - floorTop)
        floorLayer.locations = [0, NSNumber(value: Double(min(1, coverSide * 0.7 / max(1, size.height - floorTop))))]
        captionLayer.frame = CGRect(x: 0, y: (size.height * 0.84).rounded(), width: size.width, height: 56)
        // The panel: 60% of the width, centred, 16 points around the caption's line.
        captionPanel.frame = CGRect(x: (size.width * 0.2).rounded(), y: captionLayer.frame.minY - 16,
                                    width: (size.width * 0.6).rounded(), height: 56 + 32)
        place(animated: false)
        CATransaction.commit()
    }

    /// Sets every picture's transform and depth for the selection, and the caption; with
    /// `animated`, each picture springs there from where it is now.
    private func place(animated: Bool) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (index, cover) in coverLayers.enumerated() {
            let offset = index - selectedIndex
            let target = transform(forOffset: offset)
            if animated {
                let spring = CASpringAnimation(keyPath: "transform")
                spring.mass = Self.spring.mass
                spring.stiffness = Self.spring.stiffness
                spring.damping = Self.spring.damping
                spring.fromValue = (cover.presentation() ?? cover).transform
                spring.toValue = target
                spring.duration = spring.settlingDuration
                cover.add(spring, forKey: "flow")
            }
            cover.transform = target
            cover.zPosition = -CGFloat(abs(offset)) // nearer pictures drawn over farther ones
        }
        if titles.indices.contains(selectedIndex) {
            captionLayer.string = "\(titles[selectedIndex])   \(selectedIndex + 1) / \(titles.count)"
        }
        CATransaction.commit()
    }

    // MARK: Moving

    /// Brings the picture at `index` (clamped) to the front with a spring; logs
    /// `cover flow moved to picture N (TITLE)` when it moved.
    public func select(_ index: Int) {
        guard !coverLayers.isEmpty else { return }
        let clamped = min(max(index, 0), coverLayers.count - 1)
        guard clamped != selectedIndex else { return }
        selectedIndex = clamped
        place(animated: true)
        logger.notice("cover flow moved to picture \(clamped) (\(titles[clamped]))")
    }

    /// The index of the picture `layer` belongs to, or nil.
    public func coverIndex(containing layer: CALayer?) -> Int? {
        var current = layer
        while let candidate = current {
            if let index = coverLayers.firstIndex(where: { $0 === candidate }) { return index }
            current = candidate.superlayer
        }
        return nil
    }

    /// The number of pictures a swipe of `dx` points moves by (positive: towards the end), or 0
    /// for a swipe shorter than `minimumSwipe` or more vertical than horizontal: one picture per
    /// half a picture's width swiped, at least one. Swiping left brings later pictures.
    public func steps(forSwipe dx: CGFloat, dy: CGFloat) -> Int {
        guard abs(dx) >= Self.minimumSwipe, abs(dx) > abs(dy), coverSide > 0 else { return 0 }
        let count = max(1, Int((abs(dx) / (coverSide / 2)).rounded(.down)))
        return dx < 0 ? count : -count
    }

    // MARK: KioskDemo

    /// Left and right move by one picture; returns whether the key was used.
    @discardableResult
    public func handleKey(_ code: UInt32) -> Bool {
        switch code {
        case KioskKey.left: select(selectedIndex - 1)
        case KioskKey.right: select(selectedIndex + 1)
        default: return false
        }
        return true
    }

    /// A tap on a picture brings it to the front.
    public func handleTap(on hitLayer: CALayer?, at point: CGPoint) {
        if let index = coverIndex(containing: hitLayer) { select(index) }
    }

    /// A horizontal swipe moves along the carousel (see `steps(forSwipe:dy:)`).
    public func handleSwipe(dx: CGFloat, dy: CGFloat) {
        let steps = steps(forSwipe: dx, dy: dy)
        if steps != 0 { select(selectedIndex + steps) }
    }
}
