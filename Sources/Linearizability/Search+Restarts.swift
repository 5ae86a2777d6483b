import Basics
import Model
import Synchronization

// Restarts with learned order preferences. The order in which the depth-first search tries
// candidates decides only which linearization it finds first, never whether one exists, so one
// found under any order is a certificate. When one is stuck deep in a history on an operation whose outcome
// depends on the order of two concurrent operations hundreds of entries back (a fail counter
// reset by a correct password answered after a wrong one but applied before it), backtracking
// there costs every combination of the unrelated choices in between; a restart that tries that
// pair the other way round first reaches it straight.
extension Search {
    /// Where a restart starts: a configuration on the deepest path, after the entries before it.
    struct Checkpoint {
        var set: LinearizedSet
        var state: ModelState
        /// The entries taken to reach it, and how.
        var order: [Int32]
        var trail: SearchStack.Trail

        /// A verdict of the search from here as one about the whole partition: a linearization
        /// from here completes the one before; none from here is no proof of a violation.
        func continuing(_ v: Verdict) -> Verdict {
            func whole(_ d: Deepest) -> Deepest {
                Deepest(order: order + d.order, set: d.set, state: d.state, trail: trail.followed(by: d.trail))
            }
            switch v {
            case .linearizable(let o): return .linearizable(order: order + o)
            case .violation(let d):
                return .unknown(reason: "no linearization from a restart's checkpoint", deepest: whole(d))
            case .unknown(let r, let d): return .unknown(reason: r, deepest: d.map(whole))
            }
        }
    }

    /// The configuration on `d`'s path just before the place `p` concerns: before the entry
    /// preferred last, or before the first entry that returned after the one preferred first was
    /// invoked (where it first could have been taken). Its state is replayed from the nearest state
    /// the path kept; `nil` when that fails (the restart then starts from the root).
    func checkpoint(for p: Preference, in d: Deepest) -> Checkpoint? {
        guard d.trail.successors.count == d.order.count else { return nil }
        let i: Int
        switch p {
        case .later(let e):
            guard let k = d.order.firstIndex(of: e) else { return nil }
            i = k
        case .sooner(let e):
            i = d.order.firstIndex { input.ret[Int($0)] >= input.invoke[Int(e)] } ?? d.order.count
        }
        var c = i
        while c > 0, d.trail.states[c] == nil { c -= 1 }
        guard var state = d.trail.states[c] else { return nil }
        var set = LinearizedSet(maybe: input.maybe)
        for e in d.order[..<c] { set = set.inserting(e, maybe: input.maybe) }
        for j in c..<i {
            let e = d.order[j]
            set = set.inserting(e, maybe: input.maybe)
            guard case .success(let next) = successors(of: e, from: state, into: set),
                d.trail.successors[j] < next.count
            else { return nil }
            state = next[d.trail.successors[j]]
        }
        var trail = SearchStack.Trail(successors: Array(d.trail.successors[..<i]))
        for (depth, s) in d.trail.states where depth < i { trail.states[depth] = s }
        return Checkpoint(set: set, state: state, order: Array(d.order[..<i]), trail: trail)
    }

    /// How far back along the deepest path (in entries taken) a maybe-applied entry is tried first.
    static let maybeReach = 4_096

    /// A preference a restart tries: an entry first whenever it is a candidate, or last.
    enum Preference: Hashable {
        case sooner(Int32)
        case later(Int32)
    }

    /// Configurations a search may spend backtracking at a depth it reached before it counts as
    /// stalled, beyond what going down cost.
    static let stallMargin = 1_000

    /// Three phases. Depth first until the search stalls (``stall``: goes no deeper in twice the
    /// configurations going straight down cost, about one per entry) or a quarter of the budget is
    /// spent; then, while the verdict is unknown, again with one more order preference
    /// (``preference(_:avoiding:)``), keeping it when the search got deeper with it; and the
    /// exhaustive search, the only one that proves a violation. With ``sideBySide`` the restarts
    /// and the exhaustive search run at once on two threads, each with the whole time left, and
    /// the first to decide stops the other; else the restarts get the time up to half the budget
    /// and the exhaustive search what is left.
    ///
    /// A stuck search backtracks through every combination of the choices between its dead end
    /// and the place where the order went wrong, so more time rarely gets it further (the clean
    /// race.yaml history: stuck at 2,839 of 12,576 entries in seconds, still there after 150 s),
    /// while restarts from its deepest path with the right preference decide it.
    func runWithRestarts() -> Result {
        let start = ContinuousClock.now
        let deadline = start + budget.time
        // The first search gets a quarter of the budget at most.
        var first = self
        first.budget.time = budget.time / 4
        first.budget.configurations = max(1, budget.configurations / 4)
        first.stall = (Self.stallMargin, 2)
        let firstResult = first.runDepthFirst()
        guard case .unknown(let reason, let deepest?) = firstResult.verdict else { return firstResult }
        var phases = Phases(start: start, reason: reason, deepest: deepest)
        _ = phases.absorb(firstResult)
        let left = budget.configurations - phases.configurations
        guard sideBySide else {
            let half = start + budget.time / 2
            if let decided = restarting(&phases, until: half, configurations: budget.configurations / 2) {
                return decided
            }
            var last = self
            last.budget.time = deadline - ContinuousClock.now
            last.budget.configurations = budget.configurations - phases.configurations
            if last.budget.time > .zero, last.budget.configurations > 0, !isCancelled() {
                if let decided = phases.absorbLast(last.runDepthFirst()) { return decided }
            }
            return phases.unknown
        }
        // Side by side: each search keeps half the memory budget, and stops once the other decided.
        let decided = Decided()
        var restarter = self
        restarter.budget.stateEntries = max(1, budget.stateEntries / 2)
        restarter.isCancelled = { [isCancelled] in isCancelled() || decided.flag.load(ordering: .relaxed) }
        var exhaustive = restarter
        exhaustive.budget.time = deadline - ContinuousClock.now
        exhaustive.budget.configurations = max(1, left)
        let last = exhaustive
        let limit = phases.configurations + left
        let both = SearchThread.alongside {
            let r = last.runDepthFirst()
            if case .unknown = r.verdict {} else { decided.flag.store(true, ordering: .relaxed) }
            return r
        } while: {
            let r = restarter.restarting(&phases, until: deadline, configurations: limit)
            if r != nil { decided.flag.store(true, ordering: .relaxed) }
            return r
        }
        // The exhaustive search's verdict first: a violation only it can prove.
        if case .unknown = both.other.verdict, let r = both.mine { return r }
        return phases.absorbLast(both.other) ?? phases.unknown
    }

    /// Restarts from the deepest linearization so far, each with one more order preference, until
    /// `until` or `configurations` in all (``Phases/configurations``): the decided result, or
    /// `nil` with `phases` holding the deepest linearization and its reason.
    func restarting(
        _ phases: inout Phases,
        until: ContinuousClock.Instant,
        configurations limit: Int
    ) -> Result? {
        var kept = self
        var tried: Set<Preference> = []
        while ContinuousClock.now < until, phases.configurations < limit, !isCancelled(),
            let p = kept.preference(phases.deepest, avoiding: &tried)
        {
            var next = kept
            switch p {
            case .sooner(let e): next.sooner.insert(e)
            case .later(let e): next.later.insert(e)
            }
            next.budget.time = until - ContinuousClock.now
            // From the configuration before the place the preference concerns, it goes straight
            // down to where the last search was stuck (about one configuration per entry) and is
            // worth going on with only while it gets deeper soon: one stuck at the same dead end
            // would spend its time backtracking through everything before it.
            let from = kept.checkpoint(for: p, in: phases.deepest)
            next.budget.configurations = limit - phases.configurations
            next.stall = (Self.stallMargin, 0)
            let r = next.runDepthFirst(from: from)
            if let decided = phases.absorb(r) { return decided }
            if case .unknown(let why, let d?) = r.verdict, d.set.count > phases.deepest.set.count {
                kept = next
                phases.deepest = d
                phases.reason = why
                tried = []
            }
        }
        return nil
    }

    /// What the phases of ``runWithRestarts()`` have spent and found.
    struct Phases {
        let start: ContinuousClock.Instant
        var reason: String
        var deepest: Deepest
        var configurations = 0
        var appliedMaybe: Set<Int32> = []

        /// Counts a phase's result in; the result for the whole search when it decided.
        mutating func absorb(_ r: Result) -> Result? {
            configurations += r.configurations
            appliedMaybe.formUnion(r.appliedMaybe)
            if case .unknown = r.verdict { return nil }
            return Result(
                verdict: r.verdict,
                configurations: configurations,
                elapsed: ContinuousClock.now - start,
                appliedMaybe: appliedMaybe
            )
        }

        /// ``absorb(_:)`` for the exhaustive search; unknown, its reason (it ran out of the budget)
        /// with the deepest linearization of any phase.
        mutating func absorbLast(_ r: Result) -> Result? {
            if let decided = absorb(r) { return decided }
            if case .unknown(let why, let d) = r.verdict {
                reason = why
                if let d, d.set.count > deepest.set.count { deepest = d }
            }
            return nil
        }

        var unknown: Result {
            Result(
                verdict: .unknown(reason: reason, deepest: deepest),
                configurations: configurations,
                elapsed: ContinuousClock.now - start,
                appliedMaybe: appliedMaybe
            )
        }
    }

    /// Raised by whichever of two searches side by side decides first.
    final class Decided: Sendable {
        let flag = Atomic<Bool>(false)
    }

    /// The next preference to try against the deepest linearization's dead end: the entry it could
    /// not place first; then each maybe-applied entry it never took on the dead end's entities,
    /// sent within the last ``maybeReach`` entries taken, first; then, from the end, each entry it
    /// took that was taken before another entry on one of the same entities as the dead end's
    /// entry although that one was invoked before it returned (the two could have gone the other
    /// way round), last; then the same over the components of the deepest state that the dead
    /// end's entities lie in; then each related entry it took that could have come after the dead
    /// end's entry, last.
    ///
    /// Pairs are formed per entity (per component): a session on the dead end's device taken before
    /// a concurrent login on its TransferAccount is no order that matters to either. (The clean
    /// race.yaml history's second dead end, a wrong password answered as such where the account
    /// was already blocked, needed 27 restarts this way, 29 when any two sharers made a pair: its
    /// entries share the TransferAccount, in bursts.)
    func preference(_ d: Deepest, avoiding tried: inout Set<Preference>) -> Preference? {
        guard let stuck = stuckIndex(d) else { return nil }
        func fresh(_ p: Preference) -> Preference? {
            guard !tried.contains(p) else { return nil }
            if case .later(let e) = p, later.contains(e) { return nil }
            if case .sooner(let e) = p, sooner.contains(e) { return nil }
            tried.insert(p)
            return p
        }
        if let p = fresh(.sooner(stuck)) { return p }
        let mine = Set(input.touchers.ofEntry[Int(stuck)])
        var components = StateComponents(d.state, touchers: input.touchers, ids: matcher.identities)
        let targets = Set(mine.map { components.root($0) })
        // A maybe-applied entry the path never took, on one of the dead end's entities and sent
        // within the last ``maybeReach`` entries taken: its effect may be what the dead end's
        // answer shows (a TransferAccount that only a timed-out issue, with a token revoked since,
        // can have made), latest invoked first. (One sent earlier, or on the dead end's components
        // only, starts a restart thousands of entries up in a long partition, at the cost of
        // dozens of the pairs below.)
        let since = d.order.count > Self.maybeReach ? input.invoke[Int(d.order[d.order.count - Self.maybeReach])] : .min
        let untaken = input.maybe.indices.filter { i in
            input.maybe[i] && !d.set.contains(Int32(i)) && input.invoke[i] >= since
                && input.invoke[i] <= input.ret[Int(stuck)] && input.touchers.ofEntry[i].contains(where: mine.contains)
        }
        for i in untaken.reversed() {
            if let p = fresh(.sooner(Int32(i))) { return p }
        }
        let roots = d.order.map { e in input.touchers.ofEntry[Int(e)].map { components.root($0) } }
        let byEntity = flippable(d.order) { i in
            input.touchers.ofEntry[Int(d.order[i])].filter(mine.contains).map(Int.init)
        }
        let byComponent = flippable(d.order) { i in roots[i].filter(targets.contains) }
        for e in byEntity + byComponent {
            if let p = fresh(.later(e)) { return p }
        }
        for (i, e) in d.order.enumerated().reversed()
        where input.ret[Int(e)] >= input.invoke[Int(stuck)] && roots[i].contains(where: targets.contains) {
            if let p = fresh(.later(e)) { return p }
        }
        return nil
    }

    /// From the end of `order`, each entry taken before a later-taken entry of one of its groups
    /// (`groups(i)`, of the entry at `i`) that was invoked before it returned.
    private func flippable(_ order: [Int32], groups: (Int) -> [Int]) -> [Int32] {
        var earliestAfter: [Int: Int64] = [:]
        var out: [Int32] = []
        for i in order.indices.reversed() {
            let e = Int(order[i])
            let mine = groups(i)
            if mine.contains(where: { (earliestAfter[$0] ?? .max) <= input.ret[e] }) { out.append(order[i]) }
            for g in mine { earliestAfter[g] = min(earliestAfter[g] ?? .max, input.invoke[e]) }
        }
        return out
    }
}
