import Foundation
import Logging
import QuartzCore

/// The Kiosk Menu application of the Core Animation Programming Guide ("Example: Core Animation
/// Kiosk Menu Style Application", Listings 4-7), built only with public QuartzCore API: a column
/// of `CATextLayer` items placed by a `CAConstraintLayoutManager`, and a rounded white selection
/// layer that moves to the chosen item with an implicit animation while its glow pulses.
public final class KioskMenu: KioskDemo {
    /// The menu's items, top to bottom.
    public static let defaultNames = ["Movies", "Music", "Photos", "Podcasts", "Settings"]

    /// The listing's item width.
    public static let itemWidth: CGFloat = 400
    /// The listing's item height: the step from one item's top to the next.
    public static let itemHeight: CGFloat = 50
    /// The listing's spacing (added once, above the first item).
    public static let spacing: CGFloat = 20
    /// The listing's font size.
    public static let fontSize: CGFloat = 32
    /// The listing's font ("Lucida-Grande"), then Fontconfig's fallbacks where it is not installed.
    public static let fontName = "Lucida Grande, DejaVu Sans, sans-serif"
    /// The CIBloom filter's `inputRadius` in the listing.
    public static let glowRadius: CGFloat = 5

    /// The layer the app shows: background, menu and selection.
    public let rootLayer = CALayer()
    /// The layer holding the items; its constraint layout manager places them. As in the guide it
    /// has the root layer's frame, so an item's position is also the selection's.
    public let menuLayer = CALayer()
    /// The rounded white border around the selected item, glowing.
    public let selectionLayer = CALayer()
    /// The items' text layers, in `names` order.
    public private(set) var itemLayers: [CATextLayer] = []
    /// The items' titles.
    public let names: [String]
    /// The index of the selected item.
    public private(set) var selectedIndex = 0
    /// Called when an item is activated (Enter, or a tap on it), with its index.
    public var activationHandler: ((Int) -> Void)?

    private let background: KioskMenuBackground?
    /// Where the menu logs its `selection moved` and `activated` notices (label "KioskMenu").
    public var logger = Logger(label: "KioskMenu")

    /// Builds the menu in a root layer of `size`. Without `animatedBackground` the background is
    /// solid black, the guide's cheaper alternative; without `pulses` the glow stays still.
    public init(size: CGSize, names: [String] = KioskMenu.defaultNames, animatedBackground: Bool = true, pulses: Bool = true) {
        self.names = names
        background = animatedBackground ? KioskMenuBackground() : nil
        rootLayer.name = "kioskRoot"
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        rootLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        rootLayer.masksToBounds = true
        if let background { rootLayer.addSublayer(background.layer) }
        setUpMenu()
        setUpSelection(pulses: pulses)
        layout(for: size)
    }

    // MARK: Layers

    /// Listing 4: one white text layer per name in a menu layer with a constraint layout manager.
    private func setUpMenu() {
        menuLayer.name = "menu"
        menuLayer.layoutManager = CAConstraintLayoutManager.layoutManager()
        rootLayer.addSublayer(menuLayer)
        for (index, name) in names.enumerated() {
            let item = CATextLayer()
            item.name = "item\(index)"
            item.string = name
            item.font = Self.fontName as CFString
            item.fontSize = Self.fontSize
            item.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            item.alignmentMode = .center
            item.contentsScale = 1
            // The listing's row: 400 x 50, the selection's size, so that the selection centred on
            // an item frames it and a tap anywhere on the row hits it. The text is centred
            // across the row and drawn from its top, as a text layer draws.
            item.bounds = CGRect(x: 0, y: 0, width: Self.itemWidth, height: Self.itemHeight)
            menuLayer.addSublayer(item)
            itemLayers.append(item)
        }
    }

    /// Listing 5: a 400 x 50 layer with a 2-point white border and a 25-point corner radius,
    /// glowing with the listing's `CIBloom` (`inputRadius` 5, named `pulseFilter`), whose
    /// `inputIntensity` pulses from 0 to 2 (`makePulseAnimation()`); without `pulses` the bloom
    /// stays at the pulse's peak.
    private func setUpSelection(pulses: Bool) {
        let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        selectionLayer.name = "selection"
        selectionLayer.bounds = CGRect(x: 0, y: 0, width: Self.itemWidth, height: Self.itemHeight)
        selectionLayer.borderWidth = 2
        selectionLayer.cornerRadius = 25
        selectionLayer.borderColor = white
        if let bloom = CIFilter(name: "CIBloom") {
            bloom.setDefaults()
            bloom.setValue(Self.glowRadius, forKey: kCIInputRadiusKey)
            bloom.setValue(pulses ? 0.0 : Self.peakIntensity, forKey: kCIInputIntensityKey)
            bloom.name = "pulseFilter"
            selectionLayer.filters = [bloom]
        }
        if pulses { selectionLayer.add(Self.makePulseAnimation(), forKey: "pulseAnimation") }
        rootLayer.addSublayer(selectionLayer)
    }

    /// The bloom's intensity at the top of the listing's pulse.
    public static let peakIntensity = 2.0

    /// The listing's pulse: `filters.pulseFilter.inputIntensity` from 0 to 2 in one second,
    /// autoreversed, forever, ease-in-ease-out.
    public static func makePulseAnimation() -> CABasicAnimation {
        let pulse = CABasicAnimation(keyPath: "filters.pulseFilter.inputIntensity")
        pulse.fromValue = 0.0
        pulse.toValue = peakIntensity
        pulse.duration = 1
        pulse.repeatCount = .greatestFiniteMagnitude // the listing's 1e100: forever
        pulse.autoreverses = true
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return pulse
    }

    // MARK: Layout

    /// Lays the menu out for a root of `size` (no animation). The listing's constraints are
    /// y-up: item i's top edge (`maxY`) lies `i·height + spacing + initialOffset` below the
    /// superlayer's top, with `initialOffset = size.height/2 - (height·5 + spacing·4)/2`, and
    /// its `midX` on the superlayer's. Layers here are y-down, so the same edge is `minY`.
    public func layout(for size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        menuLayer.frame = rootLayer.bounds
        let height = Self.itemHeight, spacing = Self.spacing
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
        background?.layout(for: size)
        if itemLayers.indices.contains(selectedIndex) { selectionLayer.position = itemLayers[selectedIndex].position }
        CATransaction.commit()
    }

    // MARK: Selection

    /// Listing 6: selects the item at `index`, clamped to the items; the selection layer moves
    /// there with an implicit animation. Logs `selection moved to item N (TITLE)` when it moved.
    public func changeSelectedIndex(_ index: Int) {
        guard !itemLayers.isEmpty else { return }
        let clamped = min(max(index, 0), itemLayers.count - 1)
        let moved = clamped != selectedIndex
        selectedIndex = clamped
        selectionLayer.position = itemLayers[clamped].position
        if moved { logger.notice("selection moved to item \(clamped) (\(names[clamped]))") }
    }

    /// Listing 7: moves the selection up one item.
    public func moveUp() { changeSelectedIndex(selectedIndex - 1) }

    /// Listing 7: moves the selection down one item.
    public func moveDown() { changeSelectedIndex(selectedIndex + 1) }

    /// Activates the selected item: it swells briefly, `activationHandler` is called, and
    /// `activated item N (TITLE)` is logged.
    public func activateSelection() {
        guard itemLayers.indices.contains(selectedIndex) else { return }
        let swell = CABasicAnimation(keyPath: "transform.scale")
        swell.fromValue = 1.0
        swell.toValue = 1.15
        swell.duration = 0.12
        swell.autoreverses = true
        itemLayers[selectedIndex].add(swell, forKey: "activation")
        logger.notice("activated item \(selectedIndex) (\(names[selectedIndex]))")
        activationHandler?(selectedIndex)
    }

    /// The index of the item `layer` belongs to: the item itself or one of its sublayers, or
    /// the selection layer (which lies over the selected item); nil for anything else.
    public func itemIndex(containing layer: CALayer?) -> Int? {
        var current = layer
        while let candidate = current {
            if candidate === selectionLayer { return selectedIndex }
            if let index = itemLayers.firstIndex(where: { $0 === candidate }) { return index }
            current = candidate.superlayer
        }
        return nil
    }

    /// The index of the item under `point`, in the root layer's coordinates, found by hit testing.
    public func itemIndex(at point: CGPoint) -> Int? {
        itemIndex(containing: rootLayer.hitTest(rootLayer.convert(point, to: rootLayer.superlayer)))
    }

    // MARK: KioskDemo

    /// Up and down move the selection, Enter activates; returns whether the key was used.
    @discardableResult
    public func handleKey(_ code: UInt32) -> Bool {
        switch code {
        case KioskKey.up: moveUp()
        case KioskKey.down: moveDown()
        case KioskKey.enter, KioskKey.keypadEnter: activateSelection()
        default: return false
        }
        return true
    }

    /// A tap (finger or mouse button) on the layer `hitLayer`: selects its item and activates it.
    public func handleTap(on hitLayer: CALayer?, at point: CGPoint) {
        guard let index = itemIndex(containing: hitLayer) else { return }
        changeSelectedIndex(index)
        activateSelection()
    }

    /// A swipe does nothing in the menu.
    public func handleSwipe(dx: CGFloat, dy: CGFloat) {}
}
