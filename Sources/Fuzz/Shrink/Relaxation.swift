import Model

/// Replaces a step by a more permissive variant of itself (``Action/relaxations``) together with
/// deleting earlier steps that only set up its precondition: a login that ignores an existing
/// session needs no earlier withdrawal, logout or session expiry on its device. Deletions alone
/// cannot reach that shorter sequence, since the relaxed step is not in the original. A relaxation
/// is only kept with a deletion, so a step is never changed for nothing. Greedy, last step first.
package struct Relaxation: ShrinkPass {
    /// Consecutive steps deleted with a relaxation: blocks of 1…3.
    package static let longestGap = 3

    package init() {}
    package var name: String { "relax" }

    /// For each step from the last and each of its relaxations: ``candidates(_:relaxing:to:)``.
    package func candidates(_ current: [Op]) -> some Sequence<[Op]> {
        current.indices.reversed().lazy.flatMap { i in
            current[i].action.relaxations.lazy.flatMap { Self.candidates(current, relaxing: i, to: $0) }
        }
    }

    /// The candidates of one relaxation of step `i`, in order: with a block of 3, 2, then 1
    /// consecutive earlier steps deleted (larger first, as ddmin does; the nearest blocks first,
    /// since what set up the precondition usually comes just before), then with an earlier step and everything that uses it deleted
    /// (``CascadeDeletion/cascade(_:at:)``, nearest first).
    package static func candidates(_ current: [Op], relaxing i: Int, to relaxed: Action) -> [[Op]] {
        var c = current
        c[i].action = relaxed
        var out: [[Op]] = []
        for k in (1...longestGap).reversed() where k <= i {
            for end in stride(from: i, through: k, by: -1) {
                out.append(Array(c[..<(end - k)] + c[end...]))
            }
        }
        for j in stride(from: i - 1, through: 0, by: -1) {
            if let cascade = CascadeDeletion.cascade(c, at: j), cascade.contains(c[i]) { out.append(cascade) }
        }
        return out
    }
}
