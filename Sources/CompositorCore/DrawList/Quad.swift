import Foundation
import CoreGraphics

/// One quad of the flattened frame: the unit both renderers draw.
///
/// A quad covers `rect` in its own local space; `transform` maps local points to canvas pixels
/// (y down, origin top-left). Inside the rounded rect (`cornerRadii`) it paints, bottom to top:
/// `fillColor`, then `texture`, then a border `borderWidth` wide inside the edge. All of it is
/// multiplied by `opacity` and by the clip's coverage, then blended source-over.
///
/// A quad is a value with its fields in a storage shared by its copies, copied when a shared quad
/// is changed (copy on write): copying a quad (into a `DrawCommand`, out of one, into the next
/// frame's list) retains one reference instead of copying some 400 bytes field by field, and a
/// renderer reads a command's quad where it lies. A quad changed where it is the only reference to
/// its storage is changed in place; a storage held by more than one quad is never changed, so
/// commands whose bytes are the same hold the same quad (`DamageTracker` compares commands by
/// their bytes first). Sendable as its fields are: the storage (a `ManagedBuffer`, which the
/// standard library marks not sendable) is shared between threads only for reading, and written
/// only by the one quad that holds it alone.
public struct Quad: @unchecked Sendable, Equatable, CustomReflectable {
    /// The fields, shared with the quad's copies.
    @usableFromInline var storage: QuadStorage

    /// The fields, read in place. Valid while `storage` is held.
    @inlinable var fields: UnsafeMutablePointer<QuadFields> {
        storage.withUnsafeMutablePointerToHeader { $0 }
    }

    /// The fields, to be written in place: the storage is copied first when it is shared.
    @inlinable var uniqueFields: UnsafeMutablePointer<QuadFields> {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = QuadStorage.make(fields.pointee) }
            return fields
        }
    }

    /// Local space to canvas pixels (projective; renderers divide by w per pixel).
    @inlinable public var transform: Matrix4 {
        get { fields.pointee.transform }
        _modify { yield &uniqueFields.pointee.transform }
    }
    /// The quad's rectangle in local space.
    @inlinable public var rect: CGRect {
        get { fields.pointee.rect }
        _modify { yield &uniqueFields.pointee.rect }
    }
    /// Colour painted under the texture, or clear.
    @inlinable public var fillColor: PremultipliedColor {
        get { fields.pointee.fillColor }
        _modify { yield &uniqueFields.pointee.fillColor }
    }
    /// Image painted over the fill, or nil.
    @inlinable public var texture: TextureSource? {
        get { fields.pointee.texture }
        _modify { yield &uniqueFields.pointee.texture }
    }
    /// The texture's unit rect and filters (nil without a texture), read in place: reading
    /// `texture` copies its `TextureSource`, retaining and releasing its image.
    @inlinable public var textureSampling: (unitRect: CGRect, minification: TextureFilter, magnification: TextureFilter)? {
        guard let slot = textureSlot else { return nil }
        return slot.withMemoryRebound(to: TextureSource.self, capacity: 1) { source in
            (source.pointee.unitRect, source.pointee.minificationFilter, source.pointee.magnificationFilter)
        }
    }
    /// The identity of the texture's image and its minification filter, read in place: what a
    /// renderer finds the texture it uploaded by (nil without a texture, and for a video frame,
    /// which is found by its frame instead).
    @inlinable public var textureImage: (image: ObjectIdentifier, minification: TextureFilter)? {
        guard let slot = textureSlot else { return nil }
        return slot.withMemoryRebound(to: TextureSource.self, capacity: 1) { source in
            source.pointee.video == nil ? (ObjectIdentifier(source.pointee.image), source.pointee.minificationFilter) : nil
        }
    }
    /// Where the fields hold the texture source (nil without a texture), to be read as a
    /// `TextureSource` (an optional's payload lies at its start) so that reading some of its
    /// fields copies no reference: many quads share one image. Not generic (a generic member
    /// runs unspecialized from another module). Valid while `storage` is held.
    @inlinable var textureSlot: UnsafeMutablePointer<TextureSource?>? {
        // Asked through an optional chain, which reads in place: comparing the optional itself
        // with nil copies it.
        guard fields.pointee.texture?.minificationFilter != nil else { return nil }
        return fields.pointer(to: \QuadFields.texture)
    }
    /// Radii of the rounded rectangle that bounds fill, texture and border.
    @inlinable public var cornerRadii: CornerRadii {
        get { fields.pointee.cornerRadii }
        _modify { yield &uniqueFields.pointee.cornerRadii }
    }
    /// Width of the border, inside `rect`, in local units.
    @inlinable public var borderWidth: Float {
        get { fields.pointee.borderWidth }
        _modify { yield &uniqueFields.pointee.borderWidth }
    }
    /// Colour of the border.
    @inlinable public var borderColor: PremultipliedColor {
        get { fields.pointee.borderColor }
        _modify { yield &uniqueFields.pointee.borderColor }
    }
    /// Multiplies the whole quad (accumulated layer opacity when not composited as a group).
    @inlinable public var opacity: Float {
        get { fields.pointee.opacity }
        _modify { yield &uniqueFields.pointee.opacity }
    }
    /// Index into `DrawList.clips` of the innermost clip, or nil when unclipped.
    @inlinable public var clipIndex: Int32? {
        get { fields.pointee.clipIndex }
        _modify { yield &uniqueFields.pointee.clipIndex }
    }
    /// When true the quad's pixels are known to be opaque and may be drawn without blending.
    @inlinable public var isOpaque: Bool {
        get { fields.pointee.isOpaque }
        _modify { yield &uniqueFields.pointee.isOpaque }
    }
    /// When false, a quad whose projected area is negative (facing away) is not drawn.
    @inlinable public var isDoubleSided: Bool {
        get { fields.pointee.isDoubleSided }
        _modify { yield &uniqueFields.pointee.isDoubleSided }
    }
    /// Which edges are antialiased (bit 0 minX, 1 maxX, 2 minY, 3 maxY, as CAEdgeAntialiasingMask).
    @inlinable public var antialiasedEdges: UInt8 {
        get { fields.pointee.antialiasedEdges }
        _modify { yield &uniqueFields.pointee.antialiasedEdges }
    }
    /// When positive, the quad paints `fillColor` as its rounded rectangle convolved with a
    /// Gaussian of this standard deviation (local units), the closed-form shadow of a
    /// (rounded) rectangle. It then covers `rect` outset by 3 sigma; border and radii are ignored,
    /// and a texture, when given, is the shape instead: its alpha (over `rect`) blurred by this
    /// standard deviation and tinted by `fillColor` (a `shadowPath`'s shadow, see `ShadowMaskCache`).
    @inlinable public var blurSigma: Float {
        get { fields.pointee.blurSigma }
        _modify { yield &uniqueFields.pointee.blurSigma }
    }
    /// When set, painted instead of `fillColor` (inside the rounded rect, under the texture).
    @inlinable public var gradient: GradientFill? {
        get { fields.pointee.gradient }
        _modify { yield &uniqueFields.pointee.gradient }
    }
    /// How the quad combines with what is beneath it.
    @inlinable public var blendMode: BlendMode {
        get { fields.pointee.blendMode }
        _modify { yield &uniqueFields.pointee.blendMode }
    }
    /// Multiplies the texture's premultiplied colour component by component before it is
    /// painted over the fill: opaque white (no change) by default; a replicator instance's or an
    /// emitter particle's colour (r·a, g·a, b·a, a) otherwise.
    @inlinable public var textureTint: PremultipliedColor {
        get { fields.pointee.textureTint }
        _modify { yield &uniqueFields.pointee.textureTint }
    }
    /// When set, the quad draws no fill, texture or border of its own: it shows what was drawn
    /// before it into its target, filtered (a layer's `backgroundFilters`; see `BackdropFilter`).
    @inlinable public var backdrop: BackdropFilter? {
        get { fields.pointee.backdrop }
        _modify { yield &uniqueFields.pointee.backdrop }
    }
    /// For a blurred quad: a rectangle of its local space that opaque content drawn later in the
    /// frame with the same transform covers whole but for its antialiased edges (the interior of
    /// the opaque layer that casts the shadow, `ShadowRing.interior(of:radii:)`), or nil.
    /// Renderers need not shade it inside those edges (`ShadowRing.hole(in:transform:)`): the
    /// pixels are the same.
    @inlinable public var coveredRect: CGRect? {
        get { fields.pointee.coveredRect }
        _modify { yield &uniqueFields.pointee.coveredRect }
    }

    // Inlinable: the flattener makes one for every layer it draws, and a call across modules
    // passes and copies each of the fields.
    /// Creates a quad; every effect is off unless given.
    @inlinable
    public init(transform: Matrix4, rect: CGRect, fillColor: PremultipliedColor = .clear,
                texture: TextureSource? = nil, cornerRadii: CornerRadii = .zero,
                borderWidth: Float = 0, borderColor: PremultipliedColor = .clear, opacity: Float = 1,
                clipIndex: Int32? = nil, isOpaque: Bool = false, isDoubleSided: Bool = true,
                antialiasedEdges: UInt8 = 0xF, blurSigma: Float = 0, gradient: GradientFill? = nil,
                blendMode: BlendMode = .sourceOver) {
        storage = QuadStorage.make(QuadFields(
            transform: transform, rect: rect, fillColor: fillColor, texture: texture, cornerRadii: cornerRadii,
            borderWidth: borderWidth, borderColor: borderColor, opacity: opacity, clipIndex: clipIndex,
            isOpaque: isOpaque, isDoubleSided: isDoubleSided, antialiasedEdges: antialiasedEdges,
            blurSigma: blurSigma, gradient: gradient, blendMode: blendMode))
    }

    /// Makes this quad `source` drawn with `transform`, written into this quad's storage when the
    /// quad holds it alone (no allocation: a spare quad of an older list that nothing else holds
    /// any more), else into a new storage as `source` is copied and changed; returns whether it
    /// was written in place.
    @inlinable @discardableResult
    public mutating func assign(_ source: Quad, transform: Matrix4) -> Bool {
        if isKnownUniquelyReferenced(&storage) {
            // Fields that hold the same objects (a moved sprite's quad written into the storage of
            // its own quad of two frames ago, or of another card's in a list sorted anew each
            // frame) are copied as bytes: a copy of the value would retain each object and release
            // it again, through the fields' value witness.
            QuadFields.assign(fields, copying: source.fields, transform: transform)
            return true
        }
        self = source
        self.transform = transform
        return false
    }

    /// Gives this quad `transform`, its other fields unchanged: written into its storage when
    /// the quad holds it alone (a moved layer's spare quad of two frames ago that nothing else
    /// holds any more: no allocation), else into a copy of it (`uniqueFields`). What
    /// `transform`'s setter does, without its `_modify` coroutine, which another module does not
    /// inline.
    @inlinable
    public mutating func retransform(_ transform: Matrix4) {
        uniqueFields.pointee.transform = transform
    }

    /// Two quads are equal when they share their storage or their fields are equal.
    @inlinable
    public static func == (a: Quad, b: Quad) -> Bool {
        a.storage === b.storage || a.fields.pointee == b.fields.pointee
    }

    /// The bytes of a quad's fields, which its storage holds besides the quad's own reference.
    public static var storedFieldBytes: Int { MemoryLayout<QuadFields>.stride }

    /// The quad's fields, as a structure of them would show them.
    public var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: fields.pointee).children, displayStyle: .struct)
    }
}

/// The fields of a `Quad` (see there for each).
@usableFromInline
struct QuadFields: Equatable {
    @usableFromInline var transform: Matrix4
    @usableFromInline var rect: CGRect
    @usableFromInline var fillColor: PremultipliedColor
    @usableFromInline var texture: TextureSource?
    @usableFromInline var cornerRadii: CornerRadii
    @usableFromInline var borderWidth: Float
    @usableFromInline var borderColor: PremultipliedColor
    @usableFromInline var opacity: Float
    @usableFromInline var clipIndex: Int32?
    @usableFromInline var isOpaque: Bool
    @usableFromInline var isDoubleSided: Bool
    @usableFromInline var antialiasedEdges: UInt8
    @usableFromInline var blurSigma: Float
    @usableFromInline var gradient: GradientFill?
    @usableFromInline var blendMode: BlendMode
    @usableFromInline var textureTint = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
    @usableFromInline var backdrop: BackdropFilter?
    @usableFromInline var coveredRect: CGRect?

    @inlinable
    init(transform: Matrix4, rect: CGRect, fillColor: PremultipliedColor, texture: TextureSource?,
         cornerRadii: CornerRadii, borderWidth: Float, borderColor: PremultipliedColor, opacity: Float,
         clipIndex: Int32?, isOpaque: Bool, isDoubleSided: Bool, antialiasedEdges: UInt8, blurSigma: Float,
         gradient: GradientFill?, blendMode: BlendMode) {
        self.transform = transform; self.rect = rect; self.fillColor = fillColor; self.texture = texture
        self.cornerRadii = cornerRadii; self.borderWidth = borderWidth; self.borderColor = borderColor
        self.opacity = opacity; self.clipIndex = clipIndex; self.isOpaque = isOpaque
        self.isDoubleSided = isDoubleSided; self.antialiasedEdges = antialiasedEdges
        self.blurSigma = blurSigma; self.gradient = gradient; self.blendMode = blendMode
    }
}

/// The storage of a quad's fields: a header only. Shared between the quads that copied it and
/// changed only when one holds it alone (`Quad.uniqueFields`).
@usableFromInline
final class QuadStorage: ManagedBuffer<QuadFields, UInt8> {
    /// New storage holding `fields`.
    @inlinable
    static func make(_ fields: QuadFields) -> QuadStorage {
        unsafeDowncast(QuadStorage.create(minimumCapacity: 0) { _ in fields }, to: QuadStorage.self)
    }
}
