import CGLES3
import CompositorCore

/// The frame's clips in an RGBA32F texture that the quad shader reads with `texelFetch`.
///
/// Each clip takes five texels in a row of 256 clips: the three rows of the inverse of the clip's
/// plane homography (canvas homogeneous `(x, y, w)` to clip-local homogeneous coordinates), the
/// clip rect, and its corner radii. Because the inverse is a full 3x3 homography, a clip in any
/// plane (rotated, or under perspective) is evaluated exactly per pixel.
final class ClipTable {
    static let clipsPerRow = 256
    static let texelsPerClip = 5
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

    /// Writes `clips` into the texture.
    func upload(_ clips: [Clip]) throws {
        guard !clips.isEmpty else { return }
        let rowsNeeded = (clips.count + Self.clipsPerRow - 1) / Self.clipsPerRow
        if rowsNeeded > rows { try reserve(rows: rowsNeeded) }
        let count = rowsNeeded * Self.floatsPerRow
        if data.count < count { data = [Float](repeating: 0, count: count) }
        data.withUnsafeMutableBufferPointer { out in
            for (index, clip) in clips.enumerated() {
                Self.encode(clip, into: out.baseAddress! + index * Self.texelsPerClip * 4)
            }
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(Self.clipsPerRow * Self.texelsPerClip), GLsizei(rowsNeeded),
                        GLenum(GL_RGBA), GLenum(GL_FLOAT), data)
    }

    private func reserve(rows newRows: Int) throws {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(Self.clipsPerRow * Self.texelsPerClip), GLsizei(newRows),
                     0, GLenum(GL_RGBA), GLenum(GL_FLOAT), nil)
        try GLError.check("glTexImage2D(clip table)")
        rows = newRows
    }

    private static func encode(_ clip: Clip, into out: UnsafeMutablePointer<Float>) {
        let m = clip.transform
        // The plane z = 0 of the clip's space: [X Y 1] x H = canvas homogeneous (x, y, w).
        let h = [m.m11, m.m12, m.m14, m.m21, m.m22, m.m24, m.m41, m.m42, m.m44]
        let inverse = invert3x3(h) ?? [Double](repeating: 0, count: 9)  // edge-on: covers nothing
        for row in 0..<3 {
            out[row * 4] = Float(inverse[row * 3]); out[row * 4 + 1] = Float(inverse[row * 3 + 1])
            out[row * 4 + 2] = Float(inverse[row * 3 + 2]); out[row * 4 + 3] = 0
        }
        out[12] = Float(clip.rect.minX); out[13] = Float(clip.rect.minY)
        out[14] = Float(clip.rect.width); out[15] = Float(clip.rect.height)
        let r = clip.cornerRadii
        out[16] = r.minXMinY; out[17] = r.maxXMinY; out[18] = r.maxXMaxY; out[19] = r.minXMaxY
    }

    /// The inverse of a row-major 3x3 matrix, or nil when it is singular.
    static func invert3x3(_ a: [Double]) -> [Double]? {
        let c0 = a[4] * a[8] - a[5] * a[7], c1 = a[5] * a[6] - a[3] * a[8], c2 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c0 + a[1] * c1 + a[2] * c2
        let scale = a.reduce(0) { max($0, abs($1)) }
        guard abs(det) > 1e-12 * max(scale * scale * scale, 1e-300) else { return nil }
        let d = 1 / det
        return [c0 * d, (a[2] * a[7] - a[1] * a[8]) * d, (a[1] * a[5] - a[2] * a[4]) * d,
                c1 * d, (a[0] * a[8] - a[2] * a[6]) * d, (a[2] * a[3] - a[0] * a[5]) * d,
                c2 * d, (a[1] * a[6] - a[0] * a[7]) * d, (a[0] * a[4] - a[1] * a[3]) * d]
    }
}
