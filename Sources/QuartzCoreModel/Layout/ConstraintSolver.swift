import Foundation

/// Computes the frames that the constraints of a layer's sublayers require, in dependency order.
///
/// The rules are Apple's, as measured (GNUstep libs-quartzcore
/// `Tests/quartzcore/CAConstraint/layout.m`): a constraint is ignored when no sibling has its
/// source name, when it names the constrained layer itself, or when the sibling it names was not
/// laid out (by constraints of its own) along the axis of the source attribute; each axis is
/// then solved by `AxisSpan.solve` from the constraints left.
struct ConstraintSolver {
    private let superlayer: CALayer
    private let sublayers: [CALayer]
    /// The index of the first sublayer with each name.
    private let indexByName: [String: Int]
    /// For each sublayer, the indices of the siblings its constraints refer to (itself excluded).
    private let dependencies: [Set<Int>]

    /// A solved frame and the axes that the constraints actually placed.
    private struct Solution {
        var frame: CGRect
        var placedAxes: Set<ConstraintAxis>
    }

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

    /// The new frame of every constrained sublayer that is not part of a cycle and had an axis
    /// placed by its constraints.
    func solvedFrames() -> [(CALayer, CGRect)] {
        var solved: [Int: Solution] = [:]
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
                solved[index] = solution(of: index, solved: solved)
                pending.remove(index)
            }
        }
        return solved.sorted { $0.key < $1.key }
            .filter { !$0.value.placedAxes.isEmpty }
            .map { (sublayers[$0.key], $0.value.frame) }
    }

    /// Solves the frame of one sublayer from its constraints and the frames solved so far.
    private func solution(of index: Int, solved: [Int: Solution]) -> Solution {
        let layer = sublayers[index]
        var values: [(attribute: CAConstraintAttribute, value: CGFloat)] = []
        for constraint in layer.constraintStorage {
            guard let source = sourceRect(of: constraint, for: index, solved: solved) else { continue }
            let value = constraint.sourceAttribute.value(in: source) * constraint.scale + constraint.offset
            guard value.isFinite else {
                Diagnostics.reject("CAConstraintLayoutManager: non-finite value for \(constraint.attribute) of \(layer); ignored")
                continue
            }
            values.append((constraint.attribute, value))
        }
        let current = layer.frame
        var placed: Set<ConstraintAxis> = []
        var spans: [ConstraintAxis: AxisSpan] = [:]
        for axis in ConstraintAxis.allCases {
            let currentSpan = AxisSpan(current, axis)
            if let span = AxisSpan.solve(values.filter { $0.attribute.axis == axis }, current: currentSpan) {
                spans[axis] = span
                placed.insert(axis)
            } else {
                spans[axis] = currentSpan
            }
        }
        return Solution(frame: AxisSpan.rect(horizontal: spans[.horizontal]!, vertical: spans[.vertical]!),
                        placedAxes: placed)
    }

    /// The rectangle a constraint measures its source attribute on: the superlayer's bounds, or
    /// a sibling's solved frame. Nil (the constraint is ignored, and the reason logged) when no
    /// sibling has the source name, when the name is the constrained layer's own, or when the
    /// sibling's constraints did not place it along the source attribute's axis.
    private func sourceRect(of constraint: CAConstraint, for index: Int, solved: [Int: Solution]) -> CGRect? {
        if constraint.sourceName == CAConstraintLayoutManager.superlayerName { return superlayer.bounds }
        let layer = sublayers[index]
        guard let source = indexByName[constraint.sourceName] else {
            Diagnostics.reject("CAConstraintLayoutManager: no layer named \"\(constraint.sourceName)\" for a constraint of \(layer); ignored")
            return nil
        }
        guard source != index else {
            Diagnostics.reject("CAConstraintLayoutManager: a constraint of \(layer) names the layer itself; ignored")
            return nil
        }
        guard let solution = solved[source], solution.placedAxes.contains(constraint.sourceAttribute.axis) else {
            Diagnostics.reject("CAConstraintLayoutManager: \"\(constraint.sourceName)\" is not laid out along the axis of \(constraint.sourceAttribute); a constraint of \(layer) ignored")
            return nil
        }
        return solution.frame
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
