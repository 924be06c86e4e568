/// The renderer that draws a layer tree for a render test.
///
/// Both draw the same pixels up to rounding: an image recorded with one is checked against the
/// other within ``ImageTolerance/crossRenderer``.
public enum SnapshotRenderer: String, Sendable, CaseIterable, CustomStringConvertible {
    /// OpenGL ES 3 through EGL: Mesa's llvmpipe where no GPU is present (set
    /// `LIBGL_ALWAYS_SOFTWARE=1` for the same pixels on every machine).
    case gles
    /// The CPU renderer: no GPU, EGL or display is needed.
    case cpu

    /// The renderer's name, as it appears in snapshot file names ("gles" or "cpu").
    public var description: String { rawValue }
}
