import Foundation

/// Computes the frames that the constraints of a layer's sublayers require, in dependency order.
struct ConstraintSolver {
    private let superlayer: CALayer
    private let sublayers: [CALayer]
    /// The index of the first sublayer with each name.
    private let indexByName: [String: Int]
    /// For each sublayer, the indices of the siblings its constraints refer to (itself excluded).
    private let dependencies: [Set<Int>]

    init(superlayer: CALayer) {
        self.superlayer = superlayer
        sublayers = superlayer.sublayerStorage
        var names: [String: Int] = [:]
        for (index, sublayer) in sublayers.enumerated() {
            if let name = sublayer.name, names[name] == nil { names[name] = index }
        }
        indexByName = names
        dependencies = sublayers.enumerated().map { index, sublayer in
            Set(sublayer.constraintStorage.compactMap { constraint -> Int? in
                guard constraint.sourceName != CAConstraintLayoutManager.superlayerName,
                      let source = names[constraint.sourceName], source != index else { return nil }
                return source
            })
        }
    }

    /// The new frame of every constrained sublayer that is not part of a cycle.
    func solvedFrames() -> [(CALayer, CGRect)] {
        var solved: [Int: CGRect] = [:]
        var pending = Set(sublayers.indices.filter { !sublayers[$0].constraintStorage.isEmpty })
        while !pending.isEmpty {
            let ready = pending.filter { dependencies[$0].isDisjoint(with: pending) }.sorted()
            guard !ready.isEmpty else {
                let cyclic = pending.filter { reachesItself($0, within: pending) }
                let names = cyclic.sorted().map { sublayers[$0].name ?? "<unnamed>" }
                Diagnostics.reject("CAConstraintLayoutManager: circular constraints between \(names); those layers keep their frames")
                pending.subtract(cyclic)
                continue
            }
            for index in ready {
                solved[index] = frame(of: index, solved: solved)
                pending.remove(index)
            }
        }
        return solved.sorted { $0.key < $1.key }.map { (sublayers[$0.key], $0.value) }
    }

    /// Solves the frame of one sublayer from its constraints and the frames solved so far.
    private func frame(of index: Int, solved: [Int: CGRect]) -> CGRect {
        let layer = sublayers[index]
        var values: [(attribute: CAConstraintAttribute, value: CGFloat)] = []
        for constraint in layer.constraintStorage {
            guard let source = sourceRect(of: constraint, for: index, solved: solved) else {
                Diagnostics.reject("CAConstraintLayoutManager: no layer named \"\(constraint.sourceName)\" for a constraint of \(layer); ignored")
                continue
            }
            let value = constraint.sourceAttribute.value(in: source) * constraint.scale + constraint.offset
            guard value.isFinite else {
                Diagnostics.reject("CAConstraintLayoutManager: non-finite value for \(constraint.attribute) of \(layer); ignored")
                continue
            }
            // A later constraint on the same attribute replaces the earlier one.
            if let existing = values.firstIndex(where: { $0.attribute == constraint.attribute }) {
                values[existing].value = value
            } else {
                values.append((constraint.attribute, value))
            }
        }
        let current = layer.frame
        let preferred = layer.preferredFrameSize()
        let x = AxisSpan.solve(values.filter { $0.attribute.axis == .horizontal },
                               current: AxisSpan(current, .horizontal), preferredLength: preferred.width)
        let y = AxisSpan.solve(values.filter { $0.attribute.axis == .vertical },
                               current: AxisSpan(current, .vertical), preferredLength: preferred.height)
        return AxisSpan.rect(horizontal: x, vertical: y)
    }

    /// The rectangle a constraint measures its source attribute on: the superlayer's bounds, or a
    /// sibling's frame (the solved one when the sibling has been laid out); nil when no layer has
    /// the source name.
    private func sourceRect(of constraint: CAConstraint, for index: Int, solved: [Int: CGRect]) -> CGRect? {
        if constraint.sourceName == CAConstraintLayoutManager.superlayerName { return superlayer.bounds }
        guard let source = indexByName[constraint.sourceName] else { return nil }
        return solved[source] ?? sublayers[source].frame
    }

    /// Whether following dependencies from `start` through `nodes` leads back to `start`.
    private func reachesItself(_ start: Int, within nodes: Set<Int>) -> Bool {
        var visited: Set<Int> = []
        var stack = Array(dependencies[start].intersection(nodes))
        while let node = stack.popLast() {
            if node == start { return true }
            guard visited.insert(node).inserted else { continue }
            stack.append(contentsOf: dependencies[node].intersection(nodes))
        }
        return false
    }
}
