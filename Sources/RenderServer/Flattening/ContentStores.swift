@_spi(RenderTables) import QuartzCoreModel

/// Where a flattener finds what layers of some classes draw beyond their committed state, owned
/// by its renderer's `FrameBuilder` (outside a renderer, the process's) and handed to it: the
/// pictures of text and shape layers, when each emitter started emitting, the tiles of tiled
/// layers. So each renderer's are its own: two renderers of one tree, at their own media times,
/// neither evict each other's pictures nor move each other's particles or tile fades. All are
/// safe to use from several threads (the parts of a sublayer run share them).
package struct ContentStores: Sendable {
    /// The pictures of the text and shape layers drawn.
    let pictures: SpecializedContentsCache
    /// When each emitter layer drawn started emitting.
    let emitterClock: EmitterClock
    /// The drawn tiles of the tiled layers drawn.
    let tiles: TiledLayerTileStore
    /// The renderer whose frames fill animated layers' presentation boxes again; nil outside a
    /// renderer, whose drawing (`render(in:)`, from any thread) makes new ones.
    var presentationOwner: PresentationBoxOwner? = nil

    /// The stores of drawing outside a renderer (`render(in:)`): the process's pictures, and
    /// an emitter clock and tiles of drawing outside a renderer.
    package static let outsideRenderer = ContentStores(pictures: SpecializedContents.sharedCache, emitterClock: EmitterClock(),
                                               tiles: TiledLayerTileStore())
}
