import Model

/// A part of a history that can be checked on its own: the entries that touch one connected
/// component of entities.
package struct Partition: Sendable {
    /// 0-based, in the order of each partition's first entry.
    package var id: Int
    /// The entities its entries touch, sorted.
    package var keys: [EntityKey]
    /// History indices of its entries, in invoke order.
    package var entries: [Int]
}

/// Splits a history into independent partitions: union-find over the entities each entry touches
/// (``HistoryEntry/entities(_:)``), plus the clock for clock advances and for every entry when the
/// clock ran free. docs/MODEL.md §7 gives the soundness argument.
package enum Partitioner {
    /// - Parameter split: `false` puts every entry in one partition.
    package static func partition(_ history: History, split: Bool = true) -> [Partition] {
        let entries = history.entries
        guard !entries.isEmpty else { return [] }
        let ids = Identities(salt: history.header.identities)
        var index: [EntityKey: Int] = [:]
        var keysOf: [[Int]] = []
        keysOf.reserveCapacity(entries.count)
        let clock = history.windowsFollowRealTime ? history.header.clock : .free
        for e in entries {
            var keys = e.entities(ids)
            if e.touchesClock(clock) { keys.insert(.clock) }
            keysOf.append(
                keys.map { k in
                    if let i = index[k] { return i }
                    index[k] = index.count
                    return index.count - 1
                }
            )
        }
        var uf = UnionFind(count: index.count)
        if split {
            for ks in keysOf { for k in ks.dropFirst() { uf.union(ks[0], k) } }
        } else {
            for k in 1..<max(index.count, 1) { uf.union(0, k) }
        }
        var partitionOfRoot: [Int: Int] = [:]
        var parts: [Partition] = []
        for (i, ks) in keysOf.enumerated() {
            let root = uf.find(ks[0])
            if let p = partitionOfRoot[root] {
                parts[p].entries.append(i)
            } else {
                partitionOfRoot[root] = parts.count
                parts.append(Partition(id: parts.count, keys: [], entries: [i]))
            }
        }
        for (k, i) in index {
            if let p = partitionOfRoot[uf.find(i)] { parts[p].keys.append(k) }
        }
        for p in parts.indices { parts[p].keys.sort() }
        return parts
    }
}

extension History {
    /// Whether real time orders the windows: with a frozen clock a window lies between the server
    /// times of sending and answer, so an entry that returned before another was sent has a window
    /// that ends no later than the other's begins. Merging partitions by server time relies on it
    /// (docs/MODEL.md, "The clock"); a frozen-clock history that breaks it (an advance whose answer
    /// was lost or refused) is partitioned as a free-clock one: one partition. Always false for a
    /// free clock.
    package var windowsFollowRealTime: Bool {
        guard header.clock == .frozen else { return false }
        let byReturn = entries.compactMap { e in e.answer == nil ? nil : e.returnNs.map { ($0, e.window.hi) } }
            .sorted { $0.0 < $1.0 }
        var next = 0
        var latestHi = Int64.min
        for e in entries {
            while next < byReturn.count, byReturn[next].0 < e.invokeNs {
                latestHi = max(latestHi, byReturn[next].1)
                next += 1
            }
            if latestHi > e.window.lo { return false }
        }
        return true
    }

    /// The latest server time any entry's window reaches: a maybe-applied operation may take
    /// effect at any time until then.
    package var horizon: Int64 { entries.map(\.window.hi).max() ?? 0 }
}

extension HistoryEntry {
    /// The server times at which the operation may have taken effect: its window, extended to the
    /// history's `horizon` when it may have been applied late (no answer).
    package func effectiveWindow(horizon: Int64) -> ClockWindow {
        isMaybeApplied ? ClockWindow(lo: window.lo, hi: max(window.hi, horizon)) : window
    }

    /// Clock advances, and every entry of a free-clock history (its window is the local clock ±
    /// a tolerance, so real time does not order windows): docs/MODEL.md §7, "The clock".
    package func touchesClock(_ clock: HistoryHeader.Clock) -> Bool {
        if case .advanceClock = op.action { return true }
        return clock == .free
    }
}
