/// Which entries of a partition a partial linearization has taken, compactly: every entry before
/// `prefix` is taken except the maybe-applied ones listed in `open`, and past it only those in
/// `beyond`. `prefix` is the first completed entry not yet taken, so in a long history both lists
/// stay as short as its concurrency (and its maybe-applied entries still undecided).
struct LinearizedSet: Hashable, Sendable {
    private(set) var prefix: Int32 = 0
    /// Maybe-applied entries below `prefix` not taken (so far: never applied), sorted.
    private(set) var open: [Int32] = []
    /// Entries at or above `prefix` that are taken, sorted.
    private(set) var beyond: [Int32] = []
    /// How many entries are taken.
    private(set) var count: Int = 0

    /// The empty set over entries whose maybe-applied flags are `maybe`.
    init(maybe: [Bool]) { normalize(maybe) }

    func contains(_ i: Int32) -> Bool {
        i < prefix ? !open.contains(i) : beyond.contains(i)
    }

    /// The set with `i` taken too.
    func inserting(_ i: Int32, maybe: [Bool]) -> LinearizedSet {
        var s = self
        s.count += 1
        if i < prefix {
            s.open.removeAll { $0 == i }
        } else {
            let at = s.beyond.firstIndex { $0 > i } ?? s.beyond.endIndex
            s.beyond.insert(i, at: at)
            s.normalize(maybe)
        }
        return s
    }

    /// Moves `prefix` past taken entries and past maybe-applied ones (into `open`).
    private mutating func normalize(_ maybe: [Bool]) {
        while Int(prefix) < maybe.count {
            if beyond.first == prefix {
                beyond.removeFirst()
            } else if maybe[Int(prefix)] {
                open.append(prefix)
            } else {
                break
            }
            prefix += 1
        }
    }
}
