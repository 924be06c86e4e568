import Foundation
import QuartzCore

/// The Kiosk Menu application of the Core Animation Programming Guide ("Example: Core Animation
/// Kiosk Menu Style Application"), built only with public QuartzCore API: a column of menu
/// items laid out by a constraint layout manager over an animated background, and a rounded,
/// glowing selection that moves to the chosen item with an implicit animation.
public final class KioskMenu {
    /// The menu's items, top to bottom.
    public static let defaultNames = ["Movies", "Music", "Photos", "Podcasts", "Settings"]

    /// The layer the app shows: background, menu and selection.
    public let rootLayer = CALayer()
    /// The layer holding the items; its layout manager places them.
    public let menuLayer = CALayer()
    /// The rounded, glowing border around the selected item.
    public let selectionLayer = CALayer()
    /// The items' layers, in `names` order.
    public private(set) var itemLayers: [CALayer] = []
    /// The items' names.
    public let names: [String]
    /// The index of the selected item.
    public private(set) var selectedIndex = 0

    /// The listing's geometry: item size, spacing, font size (003: Listing 4).
    public static let itemSize = CGSize(width: 400, height: 50)
    /// The space between items.
    public static let spacing: CGFloat = 20
    /// The font size of the items' labels.
    public static let fontSize: CGFloat = 32

    private let glowLayer = CALayer()
    private let pulses: Bool
    private var backgroundOrbs: [CALayer] = []

    /// Builds the menu in a root layer of `size`; without `animatedBackground` the background is
    /// a plain colour (cheaper to draw where the GPU is emulated).
    public init(size: CGSize, names: [String] = KioskMenu.defaultNames, animatedBackground: Bool = true, pulses: Bool = true) {
        self.pulses = pulses
        self.names = names
        rootLayer.name = "kioskRoot"
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        rootLayer.backgroundColor = CGColor(red: 0.02, green: 0.03, blue: 0.12, alpha: 1)
        rootLayer.masksToBounds = true
        if animatedBackground { setUpBackground() }
        setUpMenu()
        setUpSelection()
        layout(for: size)
        changeSelectedIndex(0)
    }

    // MARK: Layers

    /// Three soft coloured discs drifting slowly: the animated background (the guide used a
    /// Quartz Composer composition).
    private func setUpBackground() {
        let colours: [(CGFloat, CGFloat, CGFloat)] = [(0.20, 0.35, 0.90), (0.65, 0.20, 0.75), (0.10, 0.60, 0.65)]
        for (index, colour) in colours.enumerated() {
            let orb = CALayer()
            orb.name = "orb\(index)"
            orb.backgroundColor = CGColor(red: colour.0, green: colour.1, blue: colour.2, alpha: 0.45)
            backgroundOrbs.append(orb)
            rootLayer.addSublayer(orb)
        }
    }

    private func setUpMenu() {
        menuLayer.name = "menu"
        menuLayer.layoutManager = CAConstraintLayoutManager.layoutManager()
        rootLayer.addSublayer(menuLayer)
        let scale = Int((Self.fontSize / 7).rounded(.down)) // 7 font pixels tall: 4 px each at 32 pt
        for (index, name) in names.enumerated() {
            let item = CALayer()
            item.name = "item\(index)"
            item.bounds = CGRect(origin: .zero, size: Self.itemSize)
            item.contents = PixelFont.image(of: name, scale: scale)
            item.contentsGravity = .center
            menuLayer.addSublayer(item)
            itemLayers.append(item)
        }
    }

    /// The listing's selection layer: a 2 pt white border with a 25 pt corner radius; the CIBloom
    /// pulse becomes a soft halo whose opacity pulses from 0 to 1 every second, autoreversed.
    private func setUpSelection() {
        let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        selectionLayer.name = "selection"
        selectionLayer.bounds = CGRect(origin: .zero, size: Self.itemSize)
        selectionLayer.borderWidth = 2
        selectionLayer.cornerRadius = 25
        selectionLayer.borderColor = white
        glowLayer.name = "glow"
        glowLayer.frame = selectionLayer.bounds.insetBy(dx: -6, dy: -6)
        glowLayer.cornerRadius = 31
        glowLayer.borderWidth = 6
        glowLayer.borderColor = CGColor(red: 0.75, green: 0.85, blue: 1, alpha: 0.55)
        selectionLayer.addSublayer(glowLayer)
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 0.0
        pulse.toValue = 1.0
        pulse.duration = 1
        pulse.repeatCount = .infinity
        pulse.autoreverses = true
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        if pulses { glowLayer.add(pulse, forKey: "pulseAnimation") }
        rootLayer.addSublayer(selectionLayer)
    }

    // MARK: Layout

    /// Lays the menu out for a root of `size`: the listing's constraints (converted to y-down,
    /// measured from the top edge) centre the column; the background spans the root.
    public func layout(for size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        menuLayer.frame = rootLayer.bounds
        let height = Self.itemSize.height, spacing = Self.spacing
        let count = CGFloat(itemLayers.count)
        let initialOffset = size.height / 2 - (height * count + spacing * (count - 1)) / 2
        for (index, item) in itemLayers.enumerated() {
            item.constraints = [
                CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY,
                             offset: CGFloat(index) * height + spacing + initialOffset),
                CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX),
            ]
        }
        menuLayer.setNeedsLayout()
        menuLayer.layoutIfNeeded()
        layOutBackground(size)
        if selectedIndex < itemLayers.count { selectionLayer.position = itemLayers[selectedIndex].position }
        CATransaction.commit()
    }

    private func layOutBackground(_ size: CGSize) {
        let diameter = max(size.width, size.height) * 0.6
        for (index, orb) in backgroundOrbs.enumerated() {
            orb.removeAnimation(forKey: "drift")
            orb.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
            orb.cornerRadius = diameter / 2
            let fraction = CGFloat(index + 1) / CGFloat(backgroundOrbs.count + 1)
            let start = CGPoint(x: size.width * fraction, y: size.height * (index.isMultiple(of: 2) ? 0.25 : 0.75))
            orb.position = start
            let drift = CABasicAnimation(keyPath: "position")
            drift.fromValue = start
            drift.toValue = CGPoint(x: size.width * (1 - fraction), y: size.height * (index.isMultiple(of: 2) ? 0.75 : 0.25))
            drift.duration = 5 + 2 * Double(index)
            drift.autoreverses = true
            drift.repeatCount = .infinity
            drift.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            orb.add(drift, forKey: "drift")
        }
    }

    // MARK: Selection

    /// Selects the item at `index` (clamped to the items, as the listing does); the selection
    /// layer moves there with an implicit animation.
    public func changeSelectedIndex(_ index: Int) {
        selectedIndex = min(max(index, 0), itemLayers.count - 1)
        guard itemLayers.indices.contains(selectedIndex) else { return }
        selectionLayer.position = itemLayers[selectedIndex].position
    }

    /// Moves the selection up one item.
    public func moveUp() { changeSelectedIndex(selectedIndex - 1) }

    /// Moves the selection down one item.
    public func moveDown() { changeSelectedIndex(selectedIndex + 1) }

    /// The index of the item `layer` belongs to (the item or one of its sublayers), or nil.
    public func itemIndex(containing layer: CALayer?) -> Int? {
        var current = layer
        while let candidate = current {
            if let index = itemLayers.firstIndex(where: { $0 === candidate }) { return index }
            current = candidate.superlayer
        }
        return nil
    }

    /// Handles a key (Linux key code): up and down move the selection; returns whether it was used.
    @discardableResult
    public func handleKey(_ code: UInt32) -> Bool {
        switch code {
        case 103: moveUp()      // KEY_UP
        case 108: moveDown()    // KEY_DOWN
        default: return false
        }
        return true
    }
}
