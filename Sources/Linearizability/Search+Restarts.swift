import Basics
import Model

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

    /// A preference a restart tries: an entry first whenever it is a candidate, or last.
    enum Preference: Hashable {
        case sooner(Int32)
        case later(Int32)
    }

    /// Depth first with half the time and configurations; while the verdict is unknown and time is left,
    /// again with one more order preference (``preference(_:avoiding:)``), keeping it when the
    /// search got deeper with it.
    func runWithRestarts() -> Result {
        let start = ContinuousClock.now
        let deadline = start + budget.time
        var first = self
        first.budget.time = budget.time / 2
        first.budget.configurations = max(1, budget.configurations / 2)
        var best = first.runDepthFirst()
        guard case .unknown(_, var deepest?) = best.verdict else { return best }
        var configurations = best.configurations
        var appliedMaybe = best.appliedMaybe
        var kept = self
        var tried: Set<Preference> = []
        let attempt = max(.milliseconds(200), budget.time / 16)
        while ContinuousClock.now < deadline, configurations < budget.configurations, !isCancelled(),
            let p = kept.preference(deepest, avoiding: &tried)
        {
            var next = kept
            switch p {
            case .sooner(let e): next.sooner.insert(e)
            case .later(let e): next.later.insert(e)
            }
            next.budget.time = min(attempt, deadline - ContinuousClock.now)
            // From the configuration before the place the preference concerns, it goes straight
            // down to where the last search was stuck (about one configuration per entry) and is
            // worth keeping only if it gets past it soon: one stuck at the same dead end would
            // spend its time backtracking through everything before it.
            let from = kept.checkpoint(for: p, in: deepest)
            let ahead = deepest.set.count - (from?.set.count ?? 0)
            next.budget.configurations = min(budget.configurations - configurations, 2 * ahead + 2_000)
            let r = next.runDepthFirst(from: from)
            configurations += r.configurations
            appliedMaybe.formUnion(r.appliedMaybe)
            switch r.verdict {
            case .linearizable, .violation:
                return Result(
                    verdict: r.verdict,
                    configurations: configurations,
                    elapsed: ContinuousClock.now - start,
                    appliedMaybe: appliedMaybe
                )
            case .unknown(_, let d?) where d.set.count > deepest.set.count:
                kept = next
                deepest = d
                best = r
                tried = []
            case .unknown:
                break
            }
        }
        best.configurations = configurations
        best.elapsed = ContinuousClock.now - start
        return best
    }

    /// The next preference to try against the deepest linearization's dead end: the entry it could
    /// not place first; then, from the end, each entry it took that shares an entity with that one
    /// and was taken before another such entry invoked before it returned (the two could have gone
    /// the other way round) last; then the same with "shares a component of the deepest state";
    /// then each related entry it took that could have come after the dead end's entry last.
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
        let direct = d.order.filter { e in input.touchers.ofEntry[Int(e)].contains(where: mine.contains) }
        var components = StateComponents(d.state, touchers: input.touchers, ids: matcher.identities)
        let target = Set(mine.map { components.root($0) })
        let linked = d.order.filter { e in
            input.touchers.ofEntry[Int(e)].contains { target.contains(components.root($0)) }
        }
        for related in [direct, linked] {
            var earliestAfter = Int64.max
            for e in related.reversed() {
                if earliestAfter <= input.ret[Int(e)], let p = fresh(.later(e)) { return p }
                earliestAfter = min(earliestAfter, input.invoke[Int(e)])
            }
        }
        for e in linked.reversed() where input.ret[Int(e)] >= input.invoke[Int(stuck)] {
            if let p = fresh(.later(e)) { return p }
        }
        return nil
    }
}
