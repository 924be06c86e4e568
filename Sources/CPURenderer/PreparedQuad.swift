@_spi(Lanes) import CompositorCore
import Foundation

/// A quad ready to be painted: everything the per-pixel evaluation needs, in single precision,
/// and the canvas regions that decide which pixels need it.
///
/// Pixels inside `outer` (the quad's rect grown by the antialiasing margin, as the GLES renderer
/// rasterises it) may be painted; pixels inside `inner` or `innerCross` (the arms of a plus
/// shape that keeps the rounded corners and the border out) are surely fully covered, have no
/// border, and, when also inside every clip's inner region, take the quad's colour without any
/// coverage evaluation.
struct PreparedQuad {
    /// Canvas pixel centre to local homogeneous coordinates, row-vector convention.
    var inverse: (Float, Float, Float, Float, Float, Float, Float, Float, Float)
    /// The same in double precision, for the first pixel of each run of eight.
    var preciseInverse: Homography
    var isAffine: Bool
    /// Whether the inverse's w is exactly 1, so local coordinates need no division.
    var hasUnitW: Bool
    /// Local units per pixel where that is constant (affine quads).
    var unitsPerPixel: Float
    var shape: RoundedRectField
    /// The rect's bounds and the edges cut without antialiasing.
    var edgeBox: EdgeBox
    var isBlurred: Bool { blur != nil }
    var fill: SIMD4<Float>
    /// Painted instead of `fill` when set (never on blurred quads, which paint their fill colour).
    var gradient: PreparedGradient?
    /// Holds the stops that `gradient` reads.
    var gradientStops: GradientStops?
    /// Whether the quad adds to what is beneath it (`BlendMode.plusLighter`) instead of covering it.
    var isAdditive: Bool
    /// Whether interior pixels need the shader (a texture or a gradient) rather than one colour.
    /// Transparent: as a call, reading it copied the whole prepared quad (about 1.4 kB) for every row.
    var interiorIsShaded: Bool { @_transparent get { textureMapping.isBound || gradient != nil } }
    var borderWidth: Float
    var border: SIMD4<Float>
    var borderField: RoundedRectField
    /// Whether the border's inner rect is empty, so the border covers the whole shape.
    var borderFillsShape: Bool
    /// Whether `borderField` is `shape` moved in by `borderWidth` (every inner corner keeps its
    /// centre), so the border's distance is the shape's plus the width and needs no second field.
    var borderFollowsShape: Bool
    var opacity: Float
    /// Holds the texture that `sampler` reads.
    var texture: Texture?
    /// The texture's levels, read without reference counting in the per-pixel loops.
    var sampler: TextureSampler?
    /// Multiplies the texture's premultiplied colour (`Quad.textureTint`).
    var textureTint: SIMD4<Float>
    var textureMapping: TextureMapping
    var blur: BlurredRoundedRect?
    /// Index of the innermost clip, or -1.
    var clip: Int32
    var outer: SpanRegion
    var inner: SpanRegion
    var innerCross: SpanRegion
    /// The discs of an affine quad's interior's rounded corners, where they are large enough to
    /// pay (`interiorDiscs`): with the plus shape they are pieces of one convex interior, whose
    /// row runs from the lowest to the highest column of any, so that runs of eight there skip
    /// the quad's field and border.
    var cornerDiscs: CornerDiscs?
    /// Canvas rows and columns the quad may touch: minX, minY, maxX, maxY (exclusive).
    var bounds: (Int, Int, Int, Int)
    /// The colour of interior pixels when untextured: fill times opacity, packed, and whether opaque.
    var interiorColor: SIMD4<Float>
    var interiorPixel: UInt32
    var interiorIsOpaque: Bool
    /// The integer painting of a plain sprite, when the quad is one (nil: the general path).
    var sprite: SpriteSampling?

    /// Prepares `quad`, or returns nil when it draws nothing (facing away, transparent, off the canvas).
    init?(_ quad: Quad, texture binding: TextureBinding?, clips: UnsafeBufferPointer<PreparedClip>, canvasWidth: Int, canvasHeight: Int) {
        guard quad.opacity > 0, quad.rect.width.isFinite, quad.rect.height.isFinite else { return nil }
        let plane = Homography(plane: quad.transform)
        if !quad.isDoubleSided && quad.transform.facesAway { return nil }
        guard let inv = plane.inverse?.normalized else { return nil }
        inverse = inv.floats
        preciseInverse = inv
        isAffine = plane.isAffine
        hasUnitW = inv.hasUnitW
        let r = quad.rect
        let edges = quad.antialiasedEdges & 0xF
        // A quad without antialiased edges reaches as far as the nudge its edges are tested with
        // (BoundaryRule.hardEdgeNudge): a centre that close outside a min side is inside.
        let margin = edges == 0 ? Double(BoundaryRule.hardEdgeNudge) : Double(quad.antialiasingMargin)
        let minX = Float(r.minX), minY = Float(r.minY), maxX = Float(r.maxX), maxY = Float(r.maxY)
        let hardEdges = ~edges & 0xF
        edgeBox = EdgeBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY, hard: hardEdges)
        // Hard edges are cut by the shader where a straight side is the nearest feature (as the
        // GLES shader does); the field itself is the quad's own rounded rect.
        let radii = quad.cornerRadii.vector
        shape = RoundedRectField(minX: minX, minY: minY, width: maxX - minX, height: maxY - minY, radii: radii)
        fill = quad.fillColor.raw
        gradientStops = quad.blurSigma > 0 ? nil : quad.gradient.flatMap(GradientStops.init)
        if let fill = quad.gradient, let stops = gradientStops {
            gradient = PreparedGradient(fill, stops: stops)
        } else {
            gradient = nil
        }
        // A gradient without stops is clear everywhere (GradientFill.color(at:)), and still replaces the fill.
        if quad.blurSigma <= 0, quad.gradient != nil, gradient == nil { fill = .zero }
        isAdditive = quad.blendMode == .plusLighter
        borderWidth = quad.borderWidth
        border = quad.borderColor.raw
        let w = quad.borderWidth
        borderField = RoundedRectField(minX: minX + w, minY: minY + w, width: Float(r.width) - 2 * w,
                                       height: Float(r.height) - 2 * w, radii: lanesFreeMax(radii - w))
        borderFillsShape = Float(r.width) - 2 * w <= 0 || Float(r.height) - 2 * w <= 0
        borderFollowsShape = hardEdges == 0 && !borderFillsShape && shape.radii.min() >= w
            && lanesAbs4(borderField.radii - (shape.radii - w)).max() < 1e-4
        opacity = quad.opacity
        // A blurred quad paints its fill colour only, as the GLES renderer does.
        let binding = quad.blurSigma > 0 ? nil : binding
        texture = binding?.texture
        sampler = binding?.texture.sampler
        textureTint = quad.textureTint.raw
        textureMapping = TextureMapping(quad: quad, binding: binding)
        clip = quad.clipIndex.flatMap { $0 >= 0 && Int($0) < clips.count ? $0 : nil } ?? -1
        interiorColor = fill * opacity
        interiorPixel = packPixel(interiorColor)
        interiorIsOpaque = interiorPixel >> 24 == 0xFF && !isAdditive

        let projection = PlaneProjection(plane: plane, inverse: inv, rect: r)
        let largestUnits = projection.largestUnitsPerPixel
        unitsPerPixel = Float(largestUnits ?? 1)
        var reach = margin
        if quad.blurSigma > 0 {
            // The shader widens the blur by the pixel's footprint; where units per pixel vary
            // (perspective) the blur's own sigma stands.
            let sigma = isAffine ? BlurredRoundedRect.effectiveSigma(quad.blurSigma, unitsPerPixel: unitsPerPixel) : quad.blurSigma
            let b = BlurredRoundedRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY, radii: radii, sigma: sigma)
            blur = b
            reach = Double(b.reach)
        } else {
            blur = nil
        }
        outer = inv.region(minX: r.minX - reach, minY: r.minY - reach, maxX: r.maxX + reach, maxY: r.maxY + reach)
        cornerDiscs = nil
        if let units = largestUnits, blur == nil {
            // Half a pixel inside the border's inner edge the border is gone; a corner's radius
            // further in from the adjacent edges the rounded corners (outer and inner) are too.
            let small = Double(max(w, 0)) + 0.5 * units + 1e-4 * max(units, 1)
            let large = small + Double(max(radii.max(), 0))
            inner = inv.region(minX: r.minX + small, minY: r.minY + large, maxX: r.maxX - small, maxY: r.maxY - large)
            innerCross = inv.region(minX: r.minX + large, minY: r.minY + small, maxX: r.maxX - large, maxY: r.maxY - small)
            cornerDiscs = borderFillsShape ? nil
                : Self.interiorDiscs(shape: shape, border: w > 0 && !borderFollowsShape ? borderField : nil, borderWidth: w,
                                     margin: 0.5 * units + 1e-4 * max(units, 1), inverse: inv)
        } else if let b = blur {
            // Four standard deviations inside every straight side, and a corner's radius further
            // in from the adjacent ones, the blurred coverage is 1 within 1e-4: one colour.
            let small = Double(4 * b.sigma), large = small + Double(max(b.radii.max(), 0))
            inner = inv.region(minX: r.minX + small, minY: r.minY + large, maxX: r.maxX - small, maxY: r.maxY - large)
            innerCross = inv.region(minX: r.minX + large, minY: r.minY + small, maxX: r.maxX - large, maxY: r.maxY - small)
        } else {
            inner = .nowhere
            innerCross = .nowhere
        }
        var box = projection.pixelBounds(outset: reach)
            ?? (0, 0, canvasWidth, canvasHeight)
        var index = clip, depth = 0
        while index >= 0 && depth < PreparedClip.maximumDepth {
            let b = clips[Int(index)].bounds
            box = (max(box.0, b.0), max(box.1, b.1), min(box.2, b.2), min(box.3, b.3))
            index = clips[Int(index)].parent; depth += 1
        }
        bounds = (max(box.0, 0), max(box.1, 0), min(box.2, canvasWidth), min(box.3, canvasHeight))
        guard bounds.0 < bounds.2, bounds.1 < bounds.3 else { return nil }
        let plain = blur == nil && gradient == nil && quad.gradient == nil && fill == .zero && quad.borderWidth <= 0
            && quad.cornerRadii.isZero && clip < 0 && !isAdditive
        sprite = plain ? SpriteSampling(texture: texture, sampler: sampler, mapping: textureMapping, inverse: inverse, preciseInverse: inv,
                                        isAffine: isAffine, hasUnitW: hasUnitW, edges: edges, reach: reach, opacity: opacity,
                                        tint: textureTint, rect: r) : nil
    }
}

extension PreparedQuad {
    /// The radius, in canvas pixels, from which the corners' discs pay for being solved on every
    /// row: below it a disc takes few runs of eight off a corner (S5's cards, 3.5 pixels once
    /// their border is left out, are left without; their parents, 15.5, have them).
    static let smallestCornerDisc = 6.0

    /// The corner discs of an affine quad's interior, where its coverage is exactly 1 and its
    /// border's 0 (its field and its border's at most `-margin`): those of the inner rounded rect
    /// of a `border` that does not follow the shape, moved in by `margin`, or of the shape moved
    /// in by the border's width (where it has one) and `margin`; nil under perspective, for
    /// corners of several radii or small ones. A pixel in them keeps its coverage of 1 through the
    /// cut of hard edges, which changes only lanes outside the rect.
    static func interiorDiscs(shape: RoundedRectField, border: RoundedRectField?, borderWidth: Float, margin: Double,
                              inverse: Homography) -> CornerDiscs? {
        guard inverse.hasUnitW else { return nil }
        let field = border ?? shape
        let inset = border == nil ? Double(max(borderWidth, 0)) + margin : margin
        let m = inverse.m
        let units = (0.5 * (m.0 * m.0 + m.1 * m.1 + m.3 * m.3 + m.4 * m.4)).squareRoot()
        return CornerDiscs(field, inset: inset, inverse: inverse, slack: 1e-4 * max(units, 1) + roundingSlack(of: field),
                           smallestDisc: smallestCornerDisc)
    }

    /// A bound on the error of a rounded rect's distance evaluated in single precision near its
    /// corners (local coordinates and the square root rounded, each a few units in the last
    /// place of the largest magnitude involved), with a wide margin.
    static func roundingSlack(of field: RoundedRectField) -> Double {
        1e-5 * (abs(Double(field.centerX)) + abs(Double(field.centerY)) + Double(field.halfWidth) + Double(field.halfHeight) + 1)
    }
}

/// A quad's rect and which of its edges are cut hard (bit 0 minX, 1 maxX, 2 minY, 3 maxY).
struct EdgeBox {
    var minX: Float, minY: Float, maxX: Float, maxY: Float
    var hard: UInt8
}

/// Each component's magnitude.
@inline(__always) func lanesAbs4(_ v: SIMD4<Float>) -> SIMD4<Float> { lanesFreeMax(v).replacing(with: -v, where: v .< 0) }

/// Each component at least zero.
@inline(__always) func lanesFreeMax(_ v: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(max(v.x, 0), max(v.y, 0), max(v.z, 0), max(v.w, 0))
}

/// A texture and how a quad samples it: an image's, or a group's intermediate image.
struct TextureBinding {
    /// The texture, unretained, and how it is sampled: alive while `owner` or, for an
    /// unretained binding, its maker's keeper holds it.
    let sampling: TextureSampling
    /// The texture, held strongly; nil for an unretained binding.
    private let owner: Texture?

    /// The texture (each read may retain it: hot paths borrow `reference` instead).
    var texture: Texture { sampling.reference.takeUnretainedValue() }
    /// `texture`, without reference counting.
    var reference: Unmanaged<Texture> { sampling.reference }

    /// `texture` bound with this part and these filters, held strongly.
    init(texture: Texture, unitRect: CGRect, minification: TextureFilter, magnification: TextureFilter) {
        sampling = TextureSampling(reference: .passUnretained(texture), unitRect: unitRect, minification: minification,
                                   magnification: magnification)
        owner = texture
    }

    /// The texture `sampling` names bound without a reference count of its own, for preparing
    /// many quads on several threads without every one retaining and releasing the one shared
    /// texture (an atomic operation on one cache line that the threads fight over). The caller
    /// keeps the texture alive for as long as the binding and what is prepared with it are used.
    init(unretained sampling: TextureSampling) {
        self.sampling = sampling
        owner = nil
    }
}

/// A texture bound as a quad samples it, without a hold on it: a `TextureBinding` less its
/// hold, what preparing a sprite reads. Plain data, so a loop over many sprites that makes one for each has nothing
/// to destroy after each (a `TextureBinding` made for each has its `owner`, nil for an
/// unretained one, released through memory: 28 instructions a sprite). Whoever makes it keeps
/// the texture alive while it is used.
struct TextureSampling {
    /// The texture, unretained.
    let reference: Unmanaged<Texture>
    /// The part of the texture (unit coordinates, y down) that covers the quad's rect.
    var unitRect: CGRect
    var minification: TextureFilter
    var magnification: TextureFilter
}

extension TextureBinding {
    /// `texture` bound as `source` asks: its part of the image and its filters.
    init(_ texture: Texture, as source: TextureSource) {
        self.init(texture: texture, unitRect: source.unitRect, minification: source.minificationFilter,
                  magnification: source.magnificationFilter)
    }
}

/// Where a quad's texture is sampled: normalised image coordinates as affine functions of the
/// quad's local position, clamped half a texel inside the image (as the GLES atlas clamps).
struct TextureMapping {
    var uOrigin: Float = 0, uPerUnit: Float = 0, vOrigin: Float = 0, vPerUnit: Float = 0
    var uClamp: ClosedRange<Float> = 0...0, vClamp: ClosedRange<Float> = 0...0
    var texelsX: Float = 1, texelsY: Float = 1
    var minification: TextureFilter = .linear, magnification: TextureFilter = .linear
    /// Whether a texture is drawn.
    var isBound = false

    init(quad: Quad, binding: TextureBinding?) {
        guard let binding else {
            self.init()
            return
        }
        self.init(rect: quad.rect, sampling: binding.sampling)
    }

    /// No texture.
    init() {}

    /// The mapping of `sampling` over a quad's `rect`.
    @inline(__always)
    init(rect r: CGRect, sampling: TextureSampling) {
        isBound = true
        let texture = sampling.reference.takeUnretainedValue(), unit = sampling.unitRect
        uPerUnit = Float(unit.width) / Float(max(r.width, 1e-6))
        vPerUnit = Float(unit.height) / Float(max(r.height, 1e-6))
        uOrigin = Float(unit.minX) - Float(r.minX) * uPerUnit
        vOrigin = Float(unit.minY) - Float(r.minY) * vPerUnit
        texelsX = Float(texture.width); texelsY = Float(texture.height)
        let halfU = 0.5 / texelsX, halfV = 0.5 / texelsY
        uClamp = halfU...max(halfU, 1 - halfU); vClamp = halfV...max(halfV, 1 - halfV)
        minification = sampling.minification; magnification = sampling.magnification
    }

    /// Texels per pixel of the footprint, from the local steps of one pixel in x and in y.
    @inline(__always)
    func texelsPerPixel(xx: Float, xy: Float, yx: Float, yy: Float) -> Float {
        let ux = xx * uPerUnit * texelsX, vx = xy * vPerUnit * texelsY
        let uy = yx * uPerUnit * texelsX, vy = yy * vPerUnit * texelsY
        return max(ux * ux + vx * vx, uy * uy + vy * vy).squareRoot()
    }
}

extension PremultipliedColor {
    /// The components as given (the GLES renderer uploads them unclamped).
    var raw: SIMD4<Float> { SIMD4(red, green, blue, alpha) }
}
