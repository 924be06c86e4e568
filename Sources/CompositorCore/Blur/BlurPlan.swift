import Foundation

/// How every renderer blurs an image's alpha with a Gaussian (a group's shadow): decided here
/// once, executed by each renderer in its own way.
///
/// The content is padded by 3 sigma on every side so that the blur can spread. While sigma is
/// over `preferredSigma` pixels (or the image too large), the padded content is halved, each
/// level a 2x2 box average, and the separable Gaussian runs on the smallest level with its
/// sigma in that level's pixels, reduced by what the boxes already spread; the result is drawn
/// scaled back up with bilinear filtering. A blur of a few pixels at low resolution then does
/// the work of a wide one, as WebRender and Skia downscale large blurs.
public struct BlurPlan: Equatable, Sendable {
    /// The most taps on each side of the centre.
    public static let maximumRadius = 32
    /// The largest sigma, in blurred-image pixels, before the plan halves the resolution again.
    public static let preferredSigma = 4.0
    /// Below this sigma (content pixels) nothing is blurred: the content is its own shadow.
    public static let minimumSigma = 0.2
    /// The most halvings (1/64 resolution).
    public static let maximumLevels = 6

    /// The halvings of the padded content before the blur (0: blurred at full resolution).
    public let levels: Int
    /// Content pixels of padding around the content (3 sigma, whole pixels).
    public let padding: Int
    /// The size of each level, from the padded content (level 0) to the blurred image (`levels`).
    public let levelSizes: [PixelSize]
    /// Sigma in blurred-image pixels.
    public let sigma: Double
    /// The Gaussian's weights by tap distance (index 0 is the centre), normalized to a sum of 1
    /// over both sides; one weight (`[1]`) where nothing is blurred.
    public let weights: [Float]
    /// What lies beyond the content's edges.
    public let edges: Edges

    /// What a blur reads beyond the content's edges.
    public enum Edges: Sendable, Equatable {
        /// Transparent pixels: the content spreads into a padding of 3 sigma on every side
        /// (a shadow, a layer's `filters`).
        case transparent
        /// The edge pixels, repeated: nothing is padded and the blurred image covers the content
        /// alone, with no darkening where it ends (a backdrop, `BackdropFilter`).
        case duplicated
    }

    /// A width and height in pixels.
    public struct PixelSize: Equatable, Sendable {
        /// The width.
        public var width: Int
        /// The height.
        public var height: Int

        /// Creates a size of `width` x `height`.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// Plans the blur of a `contentWidth` x `contentHeight` image by `sigma` content pixels into
    /// images no larger than `maximumSize` on a side, reading `edges` beyond the content.
    public init(sigma contentSigma: Double, contentWidth: Int, contentHeight: Int, maximumSize: Int = .max,
                edges: Edges = .transparent) {
        self.edges = edges
        // Beyond a million pixels a blur spreads everything into nothing; the cap keeps the
        // padding a whole number.
        let contentSigma = contentSigma.isFinite ? min(contentSigma, 1_000_000) : 0
        guard contentSigma >= Self.minimumSigma else {
            levels = 0
            padding = 0
            levelSizes = [PixelSize(width: contentWidth, height: contentHeight)]
            sigma = 0
            weights = [1]
            return
        }
        let padding = edges == .duplicated ? 0 : Int((3 * contentSigma).rounded(.up))
        // The padded content is the source's space, not an image of its own: only the levels are capped.
        let padded = PixelSize(width: contentWidth + 2 * padding, height: contentHeight + 2 * padding)
        var sizes = [padded]
        var downsample = 1
        func side(_ content: Int) -> Int { (content + 2 * padding + downsample - 1) / downsample }
        while sizes.count <= Self.maximumLevels,
              contentSigma / Double(downsample) > Self.preferredSigma
                || side(contentWidth) > maximumSize || side(contentHeight) > maximumSize {
            downsample *= 2
            let last = sizes[sizes.count - 1]
            sizes.append(PixelSize(width: min((last.width + 1) / 2, maximumSize), height: min((last.height + 1) / 2, maximumSize)))
        }
        self.padding = padding
        levelSizes = sizes
        levels = sizes.count - 1
        // The boxes spread the content by (4^levels - 1) / 12 content pixels squared: the
        // Gaussian adds the rest.
        let boxVariance = Double(downsample * downsample - 1) / 12
        let sigma = (max(contentSigma * contentSigma - boxVariance, 0)).squareRoot() / Double(downsample)
        self.sigma = sigma
        let radius = min(Self.maximumRadius, max(1, Int((3 * sigma).rounded(.up))))
        let raw = (0...radius).map { k in sigma > 0 ? exp(-Double(k * k) / (2 * sigma * sigma)) : (k == 0 ? 1 : 0) }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        weights = raw.map { Float($0 / total) }
    }

    /// Whether nothing is blurred (sigma under `minimumSigma`): the content is used as it is.
    public var isIdentity: Bool { weights.count == 1 }

    /// Content pixels per blurred-image pixel.
    public var downsample: Int { 1 << levels }

    /// Taps on each side of the centre.
    public var radius: Int { weights.count - 1 }

    /// The blurred image's width.
    public var width: Int { levelSizes[levels].width }
    /// The blurred image's height.
    public var height: Int { levelSizes[levels].height }

    /// The region the blurred image covers, in content pixels (origin at the content's top-left).
    public var coveredRect: CGRect {
        CGRect(x: -padding, y: -padding, width: width * downsample, height: height * downsample)
    }

    /// The weights from `-radius` to `radius`.
    public var symmetricWeights: [Float] { weights.dropFirst().reversed() + weights }
}
