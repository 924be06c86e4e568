/// The three rows of a 3x3 matrix of Doubles, held inline: the decomposition of a transform runs
/// for each running transform animation of each layer at each frame, and an array of rows costs
/// an allocation where these cost none.
struct Rows3: Equatable, Sendable {
    var row0: SIMD3<Double>
    var row1: SIMD3<Double>
    var row2: SIMD3<Double>

    init(_ row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    /// Row `index` (0, 1 or 2).
    subscript(index: Int) -> SIMD3<Double> {
        get {
            switch index {
            case 0: return row0
            case 1: return row1
            default: return row2
            }
        }
        set {
            switch index {
            case 0: row0 = newValue
            case 1: row1 = newValue
            default: row2 = newValue
            }
        }
    }
}
