/// The GL objects a renderer has created and not yet deleted, by kind.
///
/// A renderer that draws the same kind of frame over and over keeps these counts flat; a count
/// that grows frame after frame is a leak.
public struct GLObjectCounts: Equatable, Sendable, CustomStringConvertible {
    /// Live texture objects (atlas pages, standalone images, the clip table).
    public var textures = 0
    /// Live buffer objects.
    public var buffers = 0
    /// Live framebuffer objects.
    public var framebuffers = 0
    /// Live renderbuffer objects.
    public var renderbuffers = 0
    /// Live sampler objects.
    public var samplers = 0
    /// Live vertex array objects.
    public var vertexArrays = 0
    /// Live program objects.
    public var programs = 0

    /// Creates zero counts.
    public init() {}

    /// The counts as one line.
    public var description: String {
        "textures \(textures), buffers \(buffers), framebuffers \(framebuffers), renderbuffers \(renderbuffers), "
            + "samplers \(samplers), vertex arrays \(vertexArrays), programs \(programs)"
    }
}
