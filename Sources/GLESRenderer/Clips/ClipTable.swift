import CGLES3
import CompositorCore

/// The frame's clips in an RGBA32F texture that the quad shader reads with `texelFetch`.
///
/// Each clip takes five texels in a row of 256 clips: the three rows of the inverse of the clip's
/// plane homography (canvas homogeneous `(x, y, w)` to clip-local homogeneous coordinates) with
/// the parent clip's index in the first texel's w (-1: none), the clip rect, and its corner radii.
/// Because the inverse is a full 3x3 homography, a clip in any plane (rotated, or under
/// perspective) is evaluated exactly per pixel; the shader follows parents up to
/// `maximumDepth` levels.
final class ClipTable {
    static let clipsPerRow = 256
    static let texelsPerClip = 5
    /// The deepest chain of nested clips the shader follows (the draw list's limit, which
    /// quad.frag.glsl's maximumClipDepth equals).
    static let maximumDepth = Clip.maximumDepth
    private static let floatsPerRow = clipsPerRow * texelsPerClip * 4

    let texture: GLuint
    private var rows = 0
    private var data: [Float] = []

    init(ledger: GLObjectLedger) throws {
        texture = ledger.makeTexture()
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        try reserve(rows: 1)
    }

    /// Writes the resolved clips into the texture; returns false when a chain of parents is deeper
    /// than `maximumDepth` (or loops), whose outermost clips the shader then ignores.
    @discardableResult
    func upload(_ clips: ClipResolver) throws -> Bool {
        let count = clips.count
        guard count > 0 else { return true }
        let rowsNeeded = (count + Self.clipsPerRow - 1) / Self.clipsPerRow
        if rowsNeeded > rows { try reserve(rows: rowsNeeded) }
        let floats = rowsNeeded * Self.floatsPerRow
        if data.count < floats { data = [Float](repeating: 0, count: floats) }
        var withinDepth = true
        data.withUnsafeMutableBufferPointer { out in
            for index in 0..<count {
                Self.encode(clips.clip(index), inverse: clips.inverse(index), parent: clips.tableParent(index),
                            into: out.baseAddress! + index * Self.texelsPerClip * 4)
                if withinDepth && !Self.isWithinDepth(index, clips) { withinDepth = false }
            }
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(Self.clipsPerRow * Self.texelsPerClip), GLsizei(rowsNeeded),
                        GLenum(GL_RGBA), GLenum(GL_FLOAT), data)
        return withinDepth
    }

    private static func isWithinDepth(_ index: Int, _ clips: ClipResolver) -> Bool {
        var current = Int32(index)
        for _ in 0..<maximumDepth {
            current = clips.tableParent(Int(current))
            if current < 0 { return true }
        }
        return false
    }

    private func reserve(rows newRows: Int) throws {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(Self.clipsPerRow * Self.texelsPerClip), GLsizei(newRows),
                     0, GLenum(GL_RGBA), GLenum(GL_FLOAT), nil)
        try GLError.check("glTexImage2D(clip table)")
        rows = newRows
    }

    private static func encode(_ clip: Clip, inverse: Homography?, parent: Int32, into out: UnsafeMutablePointer<Float>) {
        // The inverse of the plane z = 0 of the clip's space (canvas (x, y, w) to clip-local [X Y 1]).
        let inverse = inverse ?? .degenerate  // edge-on: covers nothing
        func write(_ values: SIMD3<Double>, at offset: Int) {
            out[offset] = Float(values.x); out[offset + 1] = Float(values.y)
            out[offset + 2] = Float(values.z); out[offset + 3] = 0
        }
        write(inverse.row0, at: 0); write(inverse.row1, at: 4); write(inverse.row2, at: 8)
        out[3] = Float(parent)
        out[12] = Float(clip.rect.minX); out[13] = Float(clip.rect.minY)
        out[14] = Float(clip.rect.width); out[15] = Float(clip.rect.height)
        let r = clip.cornerRadii
        out[16] = r.minXMinY; out[17] = r.maxXMinY; out[18] = r.maxXMaxY; out[19] = r.minXMaxY
    }
}
