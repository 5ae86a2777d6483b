import Model

/// Hypothesis-style deletion of k = 4…1 consecutive steps, from the end backwards, in sweeps until
/// a sweep deletes nothing: blocks catch pairs such as a login and the logout before it, and the
/// last sweep at k = 1 makes the result 1-minimal (no single step can go).
package struct BlockDeletion: ShrinkPass {
    package static let longestBlock = 4

    package init() {}
    package var name: String { "blocks" }

    /// One sweep over `current`: each k from the longest block down to 1, each start from the end.
    package func candidates(_ current: [Op]) -> [[Op]] {
        Self.blockSizes(current.count).flatMap { k in
            stride(from: current.count - k, through: 0, by: -1).map { Self.removing(current, at: $0, count: k) }
        }
    }

    /// Block sizes a sweep tries on a sequence of `count` steps (never the whole sequence).
    package static func blockSizes(_ count: Int) -> [Int] {
        Array(stride(from: min(longestBlock, count - 1), through: 1, by: -1))
    }

    /// `current` without the `k` steps starting at index `i`.
    package static func removing(_ current: [Op], at i: Int, count k: Int) -> [Op] {
        var c = current
        c.removeSubrange(i..<(i + k))
        return c
    }

    /// Sweeps until one deletes nothing; within a sweep, a deletion that fails is kept and the walk
    /// goes on from the step before it.
    package func run(_ current: [Op], _ search: inout ShrinkSearch) async -> [Op] {
        var current = current
        var changed = true
        while changed, !search.exhausted {
            changed = false
            for k in Self.blockSizes(current.count) {
                var i = current.count - k
                while i >= 0, !search.exhausted {
                    if i + k <= current.count, await search.fails(Self.removing(current, at: i, count: k)) {
                        current = Self.removing(current, at: i, count: k)
                        changed = true
                    }
                    i -= 1
                }
            }
        }
        return current
    }
}
