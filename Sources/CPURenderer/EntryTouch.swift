extension PreparedQuadList.Entry {
    /// The rows of `y0..<y1` that the drawable's bounds reach, as first and end row, when they
    /// also reach columns `x0..<x1`; nil when they miss the rectangle. The one test by which a
    /// drawable is filed into a band: on the painter's thread for a region of several rectangles
    /// (`BandPainter.bin`) and on each band's thread for one (`BandJob.fileDrawables`), which
    /// must file the same drawables.
    @inline(__always)
    func rowsTouched(columns x0: Int, _ x1: Int, rows y0: Int, _ y1: Int) -> (first: Int, end: Int)? {
        let first = max(Int(minY), y0), end = min(Int(maxY), y1)
        guard first < end, Int(minX) < x1, Int(maxX) > x0 else { return nil }
        return (first, end)
    }
}
