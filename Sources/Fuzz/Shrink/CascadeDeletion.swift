import Model

/// Deletes a step together with every later step that uses what it produced (transitively), which
/// single deletions cannot: without its producer a user is meaningless, without its users a
/// producer may not matter.
package struct CascadeDeletion: ShrinkPass {
    package init() {}
    package var name: String { "cascade" }

    /// Each step that has users, from the last to the first, removed with them.
    package func candidates(_ current: [Op]) -> [[Op]] {
        current.indices.reversed().compactMap { Self.cascade(current, at: $0) }
    }

    /// `current` without step `i` and every later step that refers (transitively) to what it
    /// produced; `nil` when no step uses it (a single deletion, left to ``BlockDeletion``).
    package static func cascade(_ current: [Op], at i: Int) -> [Op]? {
        var gone: Set<Int> = [current[i].id]
        for op in current[(i + 1)...] where op.action.references.contains(where: { gone.contains($0.op) }) {
            gone.insert(op.id)
        }
        guard gone.count > 1 else { return nil }
        return current.filter { !gone.contains($0.id) }
    }

    /// One walk from the last step to the first; a cascade that fails is kept.
    package func run(_ current: [Op], _ search: inout ShrinkSearch) async -> [Op] {
        var current = current
        var i = current.count - 1
        while i >= 0, !search.exhausted {
            if i < current.count, let c = Self.cascade(current, at: i), await search.fails(c) { current = c }
            i -= 1
        }
        return current
    }
}
