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
    /// The deepest chain of nested clips the shader follows (quad.frag.glsl's maximumClipDepth).
    static let maximumDepth = 8
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

    /// Writes `clips` into the texture; returns false when a chain of parents is deeper than
    /// `maximumDepth` (or loops), whose outermost clips the shader then ignores.
    @discardableResult
    func upload(_ clips: [Clip]) throws -> Bool {
        guard !clips.isEmpty else { return true }
        let rowsNeeded = (clips.count + Self.clipsPerRow - 1) / Self.clipsPerRow
        if rowsNeeded > rows { try reserve(rows: rowsNeeded) }
        let count = rowsNeeded * Self.floatsPerRow
        if data.count < count { data = [Float](repeating: 0, count: count) }
        var withinDepth = true
        data.withUnsafeMutableBufferPointer { out in
            for (index, clip) in clips.enumerated() {
                let parent = Self.validParent(of: index, in: clips)
                Self.encode(clip, parent: parent, into: out.baseAddress! + index * Self.texelsPerClip * 4)
                if withinDepth && !Self.isWithinDepth(index, clips) { withinDepth = false }
            }
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(Self.clipsPerRow * Self.texelsPerClip), GLsizei(rowsNeeded),
                        GLenum(GL_RGBA), GLenum(GL_FLOAT), data)
        return withinDepth
    }

    /// The parent's index, or -1 when there is none or it is out of range.
    private static func validParent(of index: Int, in clips: [Clip]) -> Int32 {
        guard let parent = clips[index].parentIndex, parent >= 0, Int(parent) < clips.count else { return -1 }
        return parent
    }

    private static func isWithinDepth(_ index: Int, _ clips: [Clip]) -> Bool {
        var current = Int32(index)
        for _ in 0..<maximumDepth {
            current = validParent(of: Int(current), in: clips)
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

    private static func encode(_ clip: Clip, parent: Int32, into out: UnsafeMutablePointer<Float>) {
        let m = clip.transform
        // The plane z = 0 of the clip's space: [X Y 1] x H = canvas homogeneous (x, y, w).
        let h = Matrix3(SIMD3(m.m11, m.m12, m.m14), SIMD3(m.m21, m.m22, m.m24), SIMD3(m.m41, m.m42, m.m44))
        let inverse = h.inverse ?? Matrix3(.zero, .zero, .zero)  // edge-on: covers nothing
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

/// A 3x3 matrix by rows: a plane's homography in homogeneous 2D coordinates.
struct Matrix3 {
    var row0: SIMD3<Double>, row1: SIMD3<Double>, row2: SIMD3<Double>

    init(_ row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) {
        self.row0 = row0; self.row1 = row1; self.row2 = row2
    }

    /// The inverse, or nil when the matrix is singular relative to its largest entry.
    var inverse: Matrix3? {
        // The rows of the adjugate's transpose are cross products of pairs of rows.
        let c0 = cross(row1, row2), c1 = cross(row2, row0), c2 = cross(row0, row1)
        let det = (row0 * c0).sum()
        let largest = max(magnitudes(row0).max(), magnitudes(row1).max(), magnitudes(row2).max())
        guard Swift.abs(det) > 1e-12 * largest * largest * largest, det.isFinite else { return nil }
        // inverse[i][j] = cofactor[j][i] / det; cofactor row j is c_j.
        return Matrix3(SIMD3(c0.x, c1.x, c2.x) / det, SIMD3(c0.y, c1.y, c2.y) / det, SIMD3(c0.z, c1.z, c2.z) / det)
    }

    private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    private func magnitudes(_ v: SIMD3<Double>) -> SIMD3<Double> { SIMD3(Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z)) }
}
