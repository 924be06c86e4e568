// Apple-style Core Animation code, written as it would be on iOS or macOS. It must compile
// unchanged against `import QuartzCore`; keep it free of anything Linux-specific.
import QuartzCore

let root = CALayer()
root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
root.position = CGPoint(x: 200, y: 150)
root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

let card = CALayer()
card.name = "card"
card.frame = CGRect(x: 100, y: 75, width: 200, height: 150)
card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
card.cornerRadius = 12
card.borderWidth = 2
card.borderColor = CGColor(gray: 0, alpha: 0.5)
card.shadowOpacity = 0.4
card.shadowOffset = CGSize(width: 0, height: 4)
card.shadowRadius = 6
card.masksToBounds = false
root.addSublayer(card)

let badge = CALayer()
badge.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
badge.position = CGPoint(x: 200, y: 0)
badge.anchorPoint = CGPoint(x: 1, y: 0)
badge.contentsGravity = .resizeAspect
badge.contentsScale = 2
card.addSublayer(badge)
card.insertSublayer(CALayer(), below: badge)

// A perspective on the root and a turn of the card about y.
var perspective = CATransform3DIdentity
perspective.m34 = -1.0 / 500
root.sublayerTransform = perspective
var turn = CATransform3DMakeRotation(.pi / 6, 0, 1, 0)
turn = CATransform3DTranslate(turn, 0, 0, 10)
card.transform = turn
print("card frame:", card.frame)
print("badge corner in root:", root.convert(CGPoint(x: 0, y: 0), from: badge))

// Key paths.
badge.setValue(CGFloat.pi / 4, forKeyPath: "transform.rotation.z")
badge.setValue(20, forKeyPath: "position.x")
let angle = badge.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
print("badge rotation:", angle, "position.x:", badge.position.x)

// Explicit and implicit animation.
let fade = CABasicAnimation(keyPath: "opacity")
fade.fromValue = 1.0
fade.toValue = 0.0
fade.duration = 0.5
card.add(fade, forKey: "fade")

CATransaction.begin()
CATransaction.setAnimationDuration(0.25)
card.opacity = 0.5
CATransaction.commit()

let hit = root.hitTest(CGPoint(x: 200, y: 150))
print("hit:", hit?.name ?? "none", "opacity:", card.opacity, "animations:", card.animationKeys() ?? [])

// Subclasses and boxed transforms.
let gauge = GaugeLayer()
gauge.frame = CGRect(x: 10, y: 10, width: 100, height: 20)
root.addSublayer(gauge)
gauge.level = 0.5
gauge.displayIfNeeded()
gauge.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)), forKey: "transform")
let boxedScale = (gauge.value(forKey: "transform") as? NSValue)?.caTransform3DValue.m11 ?? 0
let unboxedScale = (gauge.value(forKey: "transform") as? CATransform3D)?.m11 ?? 0
let spin = CABasicAnimation(keyPath: "transform")
spin.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
spin.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1))
spin.duration = 1
gauge.add(spin, forKey: "spin")
let tagged = TaggedFade()
tagged.tag = "pulse"
tagged.fromValue = 1.0
tagged.toValue = 0.2
gauge.add(tagged, forKey: "pulse")
let keptTag = (gauge.animation(forKey: "pulse") as? TaggedFade)?.tag ?? "lost"
print("gauge: bounds set", gauge.boundsChanges, "corner", gauge.cornerRadius, "drawn", gauge.drawnLevels,
      "scale", boxedScale, unboxedScale, "tag", keptTag, "hidden action is NSNull", gauge.action(forKey: "hidden") is NSNull)
// Frosted glass and a blend mode, as Apple's documentation writes them.
let frosted = CALayer()
frosted.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 20])!]
frosted.compositingFilter = CIFilter(name: "CIMultiplyBlendMode")
root.addSublayer(frosted)

// The video part, given a clip (the test makes a barcode clip and passes its path).
if CommandLine.arguments.count > 1 {
    try showSeekedFrame(ofClipAt: CommandLine.arguments[1])
}
