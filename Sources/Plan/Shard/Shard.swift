/// One shard of a run split across processes or machines (`gbfuzz run --shard i/N`): shard `index`
/// of `count`, numbered from 1 as Jest's and Playwright's `--shard` are (a Kubernetes Indexed Job's
/// `JOB_COMPLETION_INDEX` is `index - 1`).
///
/// A shard runs its share of the profile's load (``LoadSpec/share(for:)``) with identities no other
/// shard uses (its number is in every identity salt and operation id) and its own seed stream, so
/// the shards of one run never touch each other's users, devices or IdP accounts, and
/// `gbfuzz merge` adds their results into those of one run.
package struct Shard: Hashable, Sendable, Codable, CustomStringConvertible {
    /// 1…``count``.
    package let index: Int
    package let count: Int

    package init(index: Int, count: Int) throws(ShardError) {
        guard count >= 1, count <= Self.maxCount else {
            throw ShardError("the shard count must be 1…\(Self.maxCount) (got \(count))")
        }
        guard (1...count).contains(index) else {
            throw ShardError("the shard number must be 1…\(count) (got \(index)); shards are numbered from 1")
        }
        self.index = index
        self.count = count
    }

    /// At most this many shards: operation ids give each shard a range of 10^12 (``index`` × 10^12).
    package static let maxCount = 1_000

    /// `i/N`, e.g. `2/4`.
    package init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw ShardError("a shard is written i/N, e.g. 2/4 (got \"\(text)\")")
        }
        try self.init(index: i, count: n)
    }

    package var description: String { "\(index)/\(count)" }

    /// This shard's part of `total` whole things (players, operations): `total / count`, and one
    /// more for the first `total % count` shards, so the parts add up to `total` exactly.
    package func share(of total: Int) -> Int {
        total / count + (index - 1 < total % count ? 1 : 0)
    }

    /// This shard's part of a rate: an equal part, so the parts add up to `total`.
    package func share(of total: Double) -> Double { total / Double(count) }

    /// A pool or limit every shard needs its own part of, at least `floor`: rounded up, so no
    /// shard gets less than an equal part.
    package func part(of total: Int, atLeast floor: Int = 1) -> Int {
        max(floor, (total + count - 1) / count)
    }
}

/// A malformed or impossible `--shard`.
package struct ShardError: Error, Hashable, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
