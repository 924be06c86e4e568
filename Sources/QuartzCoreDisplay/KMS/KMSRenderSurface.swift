import QuartzCore

/// Where an output's frames are drawn: a set of scan-out buffers, each with a KMS framebuffer,
/// and a `CARenderer` that draws into the next free one. Two kinds: GLES on a GBM surface and
/// the CPU renderer on dumb buffers. Confined to the output's thread.
protocol KMSRenderSurface: AnyObject {
    /// `gles` or `cpu`, for the log.
    var kind: String { get }
    /// The renderer that draws the next frame into the back buffer.
    var renderer: CARenderer { get }
    /// The age of the back buffer: 1 when it holds the previous frame, n when it holds the
    /// frame n - 1 frames before that, 0 when its contents are unknown.
    var bufferAge: Int { get }
    /// Whether a buffer is free to render into.
    var hasFreeBuffers: Bool { get }
    /// Prepares the back buffer for drawing on this thread (the GL context, the mapped memory).
    func makeCurrent() throws
    /// Ends the frame drawn into the back buffer and returns that buffer's KMS framebuffer; the
    /// buffer stays busy until `release(framebuffer:)`.
    func present() throws -> UInt32
    /// Gives a buffer back once the display no longer scans it out.
    func release(framebuffer: UInt32)
}
