/// An octagon around the part of an image that sampling can see: outside it, nearest and bilinear
/// filtering of the image read only texels that are zero in every channel, so a sprite's pixels
/// there are fully transparent and painting them changes nothing under source-over.
///
/// The octagon bounds `u`, `v`, `u + v` and `u - v` in normalised image coordinates (0...1 across
/// the image, y down). Each texel that is not zero counts as its square grown by half a texel on
/// every side: a bilinear sample reads texel `i` with a non-zero weight only when `u × width` lies
/// strictly between `i - 0.5` and `i + 1.5`, and a nearest sample only inside the texel itself.
/// Renderers cut a sprite's fragments or pixels to it (`CPURenderer`'s sprite painting), so the
/// transparent corners of a round sprite cost nothing; the pixels drawn are the same.
public struct AlphaHull: Equatable, Sendable {
    public var minU: Double, maxU: Double
    public var minV: Double, maxV: Double
    /// Bounds on `u + v`.
    public var minSum: Double, maxSum: Double
    /// Bounds on `u - v`.
    public var minDifference: Double, maxDifference: Double

    /// Creates a hull from its eight bounds.
    public init(minU: Double, maxU: Double, minV: Double, maxV: Double,
                minSum: Double, maxSum: Double, minDifference: Double, maxDifference: Double) {
        self.minU = minU; self.maxU = maxU; self.minV = minV; self.maxV = maxV
        self.minSum = minSum; self.maxSum = maxSum; self.minDifference = minDifference; self.maxDifference = maxDifference
    }

    /// The hull of an image with no transparent texel to skip: every point.
    public static let everywhere = AlphaHull(minU: -.infinity, maxU: .infinity, minV: -.infinity, maxV: .infinity,
                                             minSum: -.infinity, maxSum: .infinity,
                                             minDifference: -.infinity, maxDifference: .infinity)

    /// The hull of an image whose every texel is zero: no point.
    public static let nowhere = AlphaHull(minU: .infinity, maxU: -.infinity, minV: .infinity, maxV: -.infinity,
                                          minSum: .infinity, maxSum: -.infinity,
                                          minDifference: .infinity, maxDifference: -.infinity)

    /// Whether no point lies inside.
    public var isEmpty: Bool { !(minU <= maxU && minV <= maxV && minSum <= maxSum && minDifference <= maxDifference) }

    /// The hull of `height` rows of `width` 32-bit texels, row `y` starting at `pixels + y × rowLength`.
    /// Each row is scanned from both ends up to its first non-zero texel, so opaque images cost
    /// two reads a row and transparent margins one read a texel.
    public init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, rowLength: Int) {
        self = .nowhere
        guard width > 0, height > 0 else { return }
        let w = Double(width), h = Double(height)
        for y in 0..<height {
            let row = pixels + y * rowLength
            var first = 0
            while first < width && row[first] == 0 { first += 1 }
            guard first < width else { continue }
            var last = width - 1
            while row[last] == 0 { last -= 1 }
            // The row's non-zero texels, grown by half a texel: u in (first - 0.5, last + 1.5) / width.
            let lowU = (Double(first) - 0.5) / w, highU = (Double(last) + 1.5) / w
            let lowV = (Double(y) - 0.5) / h, highV = (Double(y) + 1.5) / h
            minU = Swift.min(minU, lowU); maxU = Swift.max(maxU, highU)
            minV = Swift.min(minV, lowV); maxV = Swift.max(maxV, highV)
            minSum = Swift.min(minSum, lowU + lowV); maxSum = Swift.max(maxSum, highU + highV)
            minDifference = Swift.min(minDifference, lowU - highV); maxDifference = Swift.max(maxDifference, highU - lowV)
        }
    }

    /// The smallest octagon of this form holding both hulls (a trilinear sample reads two levels).
    public func union(_ other: AlphaHull) -> AlphaHull {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return AlphaHull(minU: Swift.min(minU, other.minU), maxU: Swift.max(maxU, other.maxU),
                         minV: Swift.min(minV, other.minV), maxV: Swift.max(maxV, other.maxV),
                         minSum: Swift.min(minSum, other.minSum), maxSum: Swift.max(maxSum, other.maxSum),
                         minDifference: Swift.min(minDifference, other.minDifference),
                         maxDifference: Swift.max(maxDifference, other.maxDifference))
    }

    /// The hull grown by `du` along u and `dv` along v (each point may move that far, as when a
    /// sampler clamps coordinates into the image): the diagonals grow by `du + dv`.
    public func grown(du: Double, dv: Double) -> AlphaHull {
        guard !isEmpty else { return self }
        return AlphaHull(minU: minU - du, maxU: maxU + du, minV: minV - dv, maxV: maxV + dv,
                         minSum: minSum - du - dv, maxSum: maxSum + du + dv,
                         minDifference: minDifference - du - dv, maxDifference: maxDifference + du + dv)
    }

    /// Whether the point `(u, v)` lies inside (bounds included).
    public func contains(u: Double, v: Double) -> Bool {
        u >= minU && u <= maxU && v >= minV && v <= maxV && u + v >= minSum && u + v <= maxSum
            && u - v >= minDifference && u - v <= maxDifference
    }
}
