import Model

/// Merges two clock advances into one of their sum: a deadline further away than any single
/// advance the generator draws (a 1,336 s grace ban crossed by 602 + 503 + 601 s) otherwise keeps
/// every advance in the reproducer, since deleting one leaves the deadline uncrossed. Deletions
/// cannot reach the merged sequence (its advance is not in the original), so this pass writes it.
///
/// For advances at `i < j`, the sum goes first at `j` (the steps between keep the earlier time),
/// then at `i` (they see the later time); the steps between may be what needs the time, so both
/// are tried (only at `j` when nothing is between). Pairs of consecutive advances first, the last
/// pair first, then pairs further apart. Greedy.
package struct ClockMerge: ShrinkPass {
    package init() {}
    package var name: String { "merge-clock" }

    package func candidates(_ current: [Op]) -> [[Op]] {
        let advances = current.indices.filter { Self.seconds(current[$0]) != nil }
        guard advances.count > 1 else { return [] }
        var pairs: [(Int, Int)] = []
        for gap in 1..<advances.count {
            for k in stride(from: advances.count - 1 - gap, through: 0, by: -1) {
                pairs.append((advances[k], advances[k + gap]))
            }
        }
        return pairs.flatMap { i, j in
            (i + 1 == j ? [j] : [j, i]).compactMap { Self.merged(current, i, j, into: $0) }
        }
    }

    /// `current` with the advances at `i` and `j` replaced by one of their sum at `into` (`i` or `j`).
    static func merged(_ current: [Op], _ i: Int, _ j: Int, into: Int) -> [Op]? {
        guard let a = seconds(current[i]), let b = seconds(current[j]) else { return nil }
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { return nil }
        var out = current
        out[into].action = .advanceClock(seconds: sum)
        out.remove(at: into == i ? j : i)
        return out
    }

    package static func seconds(_ op: Op) -> Int64? {
        if case .advanceClock(let s) = op.action { return s }
        return nil
    }
}
