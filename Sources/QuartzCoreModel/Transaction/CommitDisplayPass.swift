import Foundation

/// The display step of a commit: redraws the layers marked as needing display, found from the
/// requests the transaction stack recorded instead of by visiting every layer of the trees.
enum CommitDisplayPass {
    /// Displays each layer of `stack.layersNeedingDisplay` whose request is still open: layers of
    /// earlier `roots` first, and within a tree superlayers before sublayers. A layer displays at
    /// most once per commit; one marked again by a later display (or by its own) waits for the
    /// next commit, as it did when commits walked the trees once.
    static func run(_ stack: TransactionStack, roots: [CALayer]) {
        guard !stack.layersNeedingDisplay.isEmpty else { return }
        var rootRanks: [UInt64: Int] = [:]
        for (rank, root) in roots.enumerated() { rootRanks[root.layerID] = rank }
        var displayed = Set<UInt64>()
        var waiting: [CALayer] = []
        // Displays may mark more layers; they are displayed in the next round of the same commit.
        while !stack.layersNeedingDisplay.isEmpty {
            let requests = stack.layersNeedingDisplay
            stack.layersNeedingDisplay.removeAll()
            stack.layerIDsNeedingDisplay.removeAll()
            for layer in treeOrdered(requests, rootRanks: rootRanks) where layer.needsDisplayFlag {
                guard displayed.insert(layer.layerID).inserted else {
                    waiting.append(layer)
                    continue
                }
                layer.displayIfNeeded()
            }
        }
        for layer in waiting where stack.layerIDsNeedingDisplay.insert(layer.layerID) {
            stack.layersNeedingDisplay.append(layer)
        }
    }

    /// `layers` ordered by the rank of their root (trees not in `rootRanks` last), then by depth,
    /// then by the order of their requests.
    private static func treeOrdered(_ layers: [CALayer], rootRanks: [UInt64: Int]) -> [CALayer] {
        guard layers.count > 1 else { return layers }
        var places = LayerRoots()
        let keyed = layers.enumerated().map { index, layer -> (rank: Int, depth: Int, index: Int, layer: CALayer) in
            let (root, depth) = places.place(of: layer)
            return (rootRanks[root.layerID] ?? rootRanks.count, depth, index, layer)
        }
        return keyed.sorted { ($0.rank, $0.depth, $0.index) < ($1.rank, $1.depth, $1.index) }.map(\.layer)
    }
}
