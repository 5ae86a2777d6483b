import Model

// Persistent sets (a partial-order reduction, Godefroid 1996, for a search that memoizes): from a
// configuration, only the candidates of one closed set of entries are tried, never the
// interleavings of entries that cannot affect each other.
//
// Two entries are *dependent* when an entity of one (``EntityTouchers/ofEntry``) and an entity of
// the other lie in one component of the current state's links (``StateComponents``), or when they
// are not both at one and the same server instant (``SearchInput/instant``). Each step reads and
// writes only what its entities reach through those links (docs/MODEL.md §7, "Partitions"), so two
// independent entries commute, and each one's outcome is the same on either side of the other.
// Shared entities alone would not do: a withdrawal by token and a login with an account the
// withdrawing user owns share none, and the login's answer depends on the withdrawal.
//
// Start from a completed candidate `a` and close P under: a pending entry `y` invoked no later than
// `B` (the earliest return of a completed entry of P) joins P if it depends on an entry of P or must
// precede one (returned before it was invoked). Then some linearization of the rest, if there is
// one, begins with a candidate of P: let `p` be the first entry of P in it. Everything before `p`
// also precedes every completed entry of P (they are all in it, after `p`), so it was invoked no
// later than `B`, and by the closure it is independent of `p` and need not precede it; so `p` is a
// candidate now and moving it to the front changes no outcome and breaks no real-time order. The
// reduction depends only on the configuration, so a memoized configuration explored this way that
// failed has no linearization, and the memo stays exact. The search computes it only when it first
// backtracks to a configuration (``Search/run()``): one that never backtracks pays nothing.
//
// Without it the search visits every subset of the concurrent operations on unrelated devices
// and accounts each time it backtracks over them (64 players keep ~60 in flight); with it, those
// that touch nothing in common are taken in one order.
extension Search {
    /// How many completed candidates are tried as the seed of the closed set (the smallest wins).
    static let reductionSeeds = 8

    /// What a persistent set says about a configuration.
    enum Reduction {
        /// These candidates are enough.
        case explore([Int32])
        /// No linearization of the rest. The reason, when there is one to jump with: a dead set
        /// (``deadSet(from:pool:footprints:isViable:)``).
        case dead(Set<Int32>?)
    }

    /// From (`set`, `state`), whose candidates are `all`: dead when a completed candidate that does
    /// not fit here grows a dead set; else the viable candidates of the closed set, grown from one
    /// of the first ``reductionSeeds`` completed candidates, with the fewest viable ones (then the
    /// fewest), in `all`'s order (dead, without a reason, when one has none); `all` when none is
    /// smaller.
    func persistent(_ set: LinearizedSet, _ all: [Int32], _ state: ModelState) -> Reduction {
        guard !all.isEmpty else { return .explore(all) }
        let seeds = all.lazy.filter { !input.maybe[Int($0)] }.prefix(Self.reductionSeeds)
        guard let bound = seeds.map({ input.ret[Int($0)] }).max() else { return .explore(all) }
        if let t = input.instant[Int(all[0])], state.hasOpenDeadline(at: t) { return .explore(all) }
        var pool: [Int32] = set.open
        var j = Int(set.prefix)
        while j < input.count, input.invoke[j] <= bound {
            if !set.contains(Int32(j)) { pool.append(Int32(j)) }
            j += 1
        }
        // Each pooled entry's footprint: the state's components its entities lie in.
        var components = StateComponents(state, touchers: input.touchers, ids: matcher.identities)
        var footprints: [Int32: [Int]] = [:]
        for y in pool { footprints[y] = input.touchers.ofEntry[Int(y)].map { components.root($0) } }
        // Viable: some outcome of the entry fits here (and, maybe applied, changes something).
        var viable: [Int32: Bool] = [:]
        func isViable(_ e: Int32) -> Bool {
            if let v = viable[e] { return v }
            let v: Bool
            if case .success(let next) = rawSuccessors(of: e, from: state) { v = !next.isEmpty } else { v = true }
            viable[e] = v
            return v
        }
        for a in seeds where !isViable(a) {
            if let dead = deadSet(from: a, pool: pool, footprints: footprints, isViable: isViable) {
                return .dead(dead)
            }
        }
        let candidates = Set(all)
        var best = all
        var bestViable = Int.max
        for a in seeds {
            guard
                let p = closure(
                    from: a,
                    pool: pool,
                    footprints: footprints,
                    candidates: candidates,
                    atMost: max(1, all.count - 1)
                )
            else { continue }
            let mine = all.filter(p.contains)
            let alive = mine.filter(isViable)
            if alive.isEmpty { return .dead(nil) }
            if alive.count < bestViable || (alive.count == bestViable && mine.count < best.count) {
                best = alive
                bestViable = alive.count
            }
        }
        return .explore(best)
    }

    /// A dead set grown from completed entry `a`: `a` and every pooled entry invoked no later than
    /// the earliest return among its completed members that depends on one of them (real-time
    /// order aside), when none of them fits here; `nil` when one does.
    ///
    /// Then no linearization of the rest exists: it would take a completed member, and the first
    /// member it takes, `p`, follows only entries invoked before every completed member returned
    /// that are not members, so independent of every member; the members' part of the state is
    /// then as it is here, where `p` does not fit. The same holds one step up the path when the
    /// entry taken there is independent of every member (``isIndependent(_:of:in:)``): that is
    /// what ``backjump(_:_:_:)`` uses.
    func deadSet(
        from a: Int32,
        pool: [Int32],
        footprints: [Int32: [Int]],
        isViable: (Int32) -> Bool
    ) -> Set<Int32>? {
        var members: Set<Int32> = [a]
        var keys = Set(footprints[a] ?? [])
        var bound = input.ret[Int(a)]
        guard let instant = input.instant[Int(a)] else { return nil }
        var grew = true
        while grew {
            grew = false
            for y in pool where !members.contains(y) {
                let i = Int(y)
                guard input.invoke[i] <= bound else { continue }
                guard input.instant[i] != instant || footprints[y, default: []].contains(where: keys.contains) else {
                    continue
                }
                guard input.instant[i] == instant, !isViable(y) else { return nil }
                members.insert(y)
                keys.formUnion(footprints[y, default: []])
                bound = min(bound, input.ret[i])
                grew = true
            }
        }
        return members
    }

    /// Whether entry `e`, taken from `state`, is independent of every entry of dead set `dead`:
    /// at their one instant, touching no component of `state` that theirs lie in. Then `dead` is a
    /// dead set before `e` too (``deadSet(from:pool:footprints:isViable:)``): `e` was the only entry
    /// added to its pool and depends on no member, and the members read the same part of the
    /// state there (docs/MODEL.md §7, "Backjumping").
    func isIndependent(_ e: Int32, of dead: Set<Int32>, in state: ModelState) -> Bool {
        let i = Int(e)
        guard let instant = input.instant[i], !state.hasOpenDeadline(at: instant) else { return false }
        var components = StateComponents(state, touchers: input.touchers, ids: matcher.identities)
        var roots: Set<Int> = []
        for d in dead {
            let k = Int(d)
            guard input.instant[k] == instant else { return false }
            for x in input.touchers.ofEntry[k] { roots.insert(components.root(x)) }
        }
        return !input.touchers.ofEntry[i].contains { roots.contains(components.root($0)) }
    }

    /// The closed set grown from `a` over `pool` (the pending entries, with their `footprints`), or
    /// `nil` once it holds more than `limit` of `candidates`.
    func closure(
        from a: Int32,
        pool: [Int32],
        footprints: [Int32: [Int]],
        candidates: Set<Int32>,
        atMost limit: Int
    ) -> Set<Int32>? {
        let ret = input.ret
        let invoke = input.invoke
        var members: Set<Int32> = [a]
        var keys = Set(footprints[a] ?? [])
        var bound = ret[Int(a)]
        var latestInvoke = invoke[Int(a)]
        // The one instant every member is at, or nil: then everything depends on some member.
        var instant = input.instant[Int(a)]
        var inCandidates = 1
        var grew = true
        while grew {
            grew = false
            for y in pool where !members.contains(y) {
                let i = Int(y)
                guard invoke[i] <= bound else { continue }
                let dependent =
                    ret[i] < latestInvoke || instant == nil || input.instant[i] != instant
                    || footprints[y, default: []].contains(where: keys.contains)
                guard dependent else { continue }
                members.insert(y)
                if candidates.contains(y) {
                    inCandidates += 1
                    if inCandidates > limit { return nil }
                }
                keys.formUnion(footprints[y, default: []])
                bound = min(bound, ret[i])
                latestInvoke = max(latestInvoke, invoke[i])
                if input.instant[i] != instant { instant = nil }
                grew = true
            }
        }
        return members
    }
}
