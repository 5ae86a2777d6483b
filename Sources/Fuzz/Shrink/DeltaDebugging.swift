import Model

/// ddmin (Zeller & Hildebrandt): split the sequence into `n` chunks; keep a chunk that fails on
/// its own, else a complement (all chunks but one); otherwise double `n` until chunks are single
/// steps. After a reduction the granularity drops by one (never below 2).
package struct DeltaDebugging: ShrinkPass {
    package init() {}
    package var name: String { "ddmin" }

    /// The first sweep: granularity 2.
    package func candidates(_ current: [Op]) -> [[Op]] { Self.candidates(current, granularity: 2) }

    /// At granularity `n`: each chunk shorter than `current`, then (unless they are the same two
    /// halves) each complement.
    package static func candidates(_ current: [Op], granularity n: Int) -> [[Op]] {
        let chunks = split(current, n)
        var out = chunks.filter { $0.count < current.count }
        if n > 2 || chunks.count > 2 {
            out += chunks.indices.map { i in chunks.enumerated().filter { $0.offset != i }.flatMap(\.element) }
        }
        return out
    }

    /// `xs` in `n` consecutive chunks of equal size (the last may be shorter; fewer when `xs` is short).
    package static func split(_ xs: [Op], _ n: Int) -> [[Op]] {
        let size = Int((Double(xs.count) / Double(n)).rounded(.up))
        return stride(from: 0, to: xs.count, by: max(1, size)).map { Array(xs[$0..<min(xs.count, $0 + size)]) }
    }

    package func run(_ current: [Op], _ search: inout ShrinkSearch) async -> [Op] {
        var current = current
        var n = 2
        while current.count >= 2, !search.exhausted {
            if let c = await search.firstFailing(Self.candidates(current, granularity: n)) {
                current = c
                n = max(n - 1, 2)
            } else {
                if n >= current.count { break }
                n = min(n * 2, current.count)
            }
        }
        return current
    }
}
