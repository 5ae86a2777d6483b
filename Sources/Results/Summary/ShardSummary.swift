/// `summary.json` `run.shards`: which shards of a sharded run (`gbfuzz run --shard i/N`) this
/// summary holds: one for a shard's own run, those `gbfuzz merge` combined for a merged one.
package struct ShardSummary: Codable, Sendable, Equatable {
    /// N: how many shards the run was split into.
    package var count: Int
    /// The shards held, numbered from 1, ascending.
    package var indices: [Int]
    /// A merged run: the run folders merged, in shard order (empty for a shard's own run).
    package var sources: [String]

    package init(count: Int, indices: [Int], sources: [String] = []) {
        self.count = count
        self.indices = indices
        self.sources = sources
    }

    /// Whether every shard of the run is here.
    package var isComplete: Bool { indices == Array(1...max(count, 1)) }

    /// `shard 2/4`, `shards 1–4 of 4`, `shards 1, 3 of 4 (2, 4 missing)`.
    package var text: String {
        if indices.count == 1, sources.isEmpty { return "shard \(indices[0])/\(count)" }
        let missing = (1...max(count, 1)).filter { !indices.contains($0) }
        let held = isComplete ? "1–\(count)" : indices.map(String.init).joined(separator: ", ")
        let gap = missing.isEmpty ? "" : " (\(missing.map(String.init).joined(separator: ", ")) missing)"
        return "shards \(held) of \(count)\(gap)"
    }
}
