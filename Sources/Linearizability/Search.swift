import Basics
import Model

/// A Wing–Gong search with Lowe's memoization (Porcupine's `checkSingle`, Knossos's `wgl`) over one
/// partition, with the reference model as the specification: depth first, an entry is linearized
/// next when no other untaken entry returned before it was invoked; a configuration (taken set,
/// model state) seen before is not explored again.
///
/// Taking an entry steps the model (``GamebaseModel/step(_:_:_:)`` at the entry's window) and keeps
/// every next state whose outcome matches the answer (``Matcher/match(_:_:op:)``: binding symbols,
/// checking freshness); a maybe-applied entry takes every outcome's next state, or is never taken.
/// The server clock never goes back: an entry whose window ends before the time the state has
/// already reached cannot be taken.
struct Search {
    let input: SearchInput
    let model: GamebaseModel
    let matcher: Matcher
    let budget: CheckBudget

    /// The deepest partial linearization: entries in order, and where it stopped.
    struct Deepest: Sendable {
        var order: [Int32]
        var set: LinearizedSet
        var state: ModelState
    }

    enum Verdict: Sendable {
        case linearizable(order: [Int32])
        case violation(Deepest)
        case unknown(reason: String, deepest: Deepest?)
    }

    struct Result: Sendable {
        var verdict: Verdict
        var configurations: Int
        var elapsed: Duration
    }

    private struct Configuration: Hashable {
        let set: LinearizedSet
        let state: ModelState
        // Only the set is hashed: states are compared only between configurations of one set,
        // which a search without backtracking never builds.
        func hash(into h: inout Hasher) { h.combine(set) }
        static func == (a: Configuration, b: Configuration) -> Bool { a.set == b.set && a.state == b.state }
    }

    func run() -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + budget.time
        let n = input.count
        var memo: Set<Configuration> = []
        var memoEntries = 0
        var configurations = 0
        var modelErrors: [String] = []
        var deepest: Deepest?
        func result(_ v: Verdict) -> Result {
            Result(verdict: v, configurations: configurations, elapsed: clock.now - start)
        }
        func replay(_ e: Int32, _ st: ModelState) -> [ModelState]? { try? successors(of: e, from: st).get() }

        let root = LinearizedSet(maybe: input.maybe)
        if Int(root.prefix) == n { return result(.linearizable(order: [])) }
        var stack = SearchStack(
            root: .init(set: root, state: ModelState(), via: -1, viaSuccessor: 0, candidates: candidates(root))
        )
        var iterations = 0
        while !stack.isEmpty {
            iterations += 1
            if iterations & 127 == 0, clock.now > deadline {
                let spent = "time budget (\(DurationText.format(budget.time))) spent"
                return result(.unknown(reason: spent, deepest: deepest))
            }
            let top = stack.count - 1
            if stack[top].state == nil || stack[top].successorsDropped, !stack.restoreTop(replay) {
                return result(.unknown(reason: "the model did not replay a step the same way", deepest: deepest))
            }
            let state = stack[top].state!
            if stack[top].nextSuccessor < stack[top].successors.count {
                let i = stack[top].nextSuccessor
                let st = stack[top].successors[i]
                stack[top].nextSuccessor += 1
                let e = stack[top].successorEntry
                let set = stack[top].set.inserting(e, maybe: input.maybe)
                if Int(set.prefix) == n { return result(.linearizable(order: stack.order + [e])) }
                guard memo.insert(Configuration(set: set, state: st)).inserted else { continue }
                configurations += 1
                if configurations > budget.configurations {
                    let spent = "configuration budget (\(budget.configurations)) spent"
                    return result(.unknown(reason: spent, deepest: deepest))
                }
                // A full memo is emptied: it only saves work, the search stays exact without it.
                memoEntries += Self.weight(st)
                if memoEntries > budget.stateEntries {
                    memo.removeAll(keepingCapacity: true)
                    memoEntries = 0
                }
                stack.push(.init(set: set, state: st, via: e, viaSuccessor: i, candidates: candidates(set)))
            } else if stack[top].nextCandidate < stack[top].candidates.count {
                let e = stack[top].candidates[stack[top].nextCandidate]
                stack[top].nextCandidate += 1
                stack[top].successorEntry = e
                stack[top].nextSuccessor = 0
                switch successors(of: e, from: state) {
                case .success(let next): stack[top].successors = next
                case .failure(let error):
                    stack[top].successors = []
                    if modelErrors.count < 3 { modelErrors.append(error.description) }
                }
            } else {
                let f = stack.pop()
                if f.set.count > (deepest?.set.count ?? -1) {
                    let order = stack.order + (f.via >= 0 ? [f.via] : [])
                    deepest = Deepest(order: order, set: f.set, state: state)
                }
            }
        }
        guard modelErrors.isEmpty else {
            let why = "the model could not judge: " + modelErrors.joined(separator: "; ")
            return result(.unknown(reason: why, deepest: deepest))
        }
        return result(.violation(deepest ?? Deepest(order: [], set: root, state: ModelState())))
    }

    /// Entries that may be taken next from `set`: every untaken one invoked no later than the
    /// earliest return of an untaken completed entry (intervals are closed: a shared endpoint
    /// is concurrency). Completed entries first, in invoke order, then maybe-applied ones.
    func candidates(_ set: LinearizedSet) -> [Int32] {
        let n = input.count
        var minReturn = Int64.max
        var j = Int(set.prefix)
        while j < n, input.invoke[j] <= minReturn {
            if !input.maybe[j], !set.contains(Int32(j)) { minReturn = min(minReturn, input.ret[j]) }
            j += 1
        }
        var completed: [Int32] = []
        var maybes: [Int32] = set.open
        for k in Int(set.prefix)..<j where !set.contains(Int32(k)) && input.invoke[k] <= minReturn {
            if input.maybe[k] { maybes.append(Int32(k)) } else { completed.append(Int32(k)) }
        }
        return completed + maybes
    }

    /// The states after taking entry `e` from `state` (deduplicated); none when it cannot be taken.
    func successors(of e: Int32, from state: ModelState) -> Swift.Result<[ModelState], ModelError> {
        let i = Int(e)
        let w = input.windows[i]
        if state.timeFloor > w.hi { return .success([]) }
        let entry = input.entries[i]
        let outcomes: [Outcome]
        do {
            outcomes = try model.step(state, entry.op, w)
        } catch {
            return .failure(error)
        }
        var next: [ModelState] = []
        if let answer = entry.answer {
            for o in outcomes {
                do {
                    if case .success(let st) = try matcher.match(o, answer, op: entry.op) { next.append(st) }
                } catch {
                    return .failure(.harness(error))
                }
            }
        } else {
            next = outcomes.map(\.next)
        }
        if next.count > 1 {
            var seen: Set<ModelState> = []
            next = next.filter { seen.insert($0).inserted }
        }
        return .success(next)
    }

    /// Roughly how many entries a state holds (for the memory budget).
    static func weight(_ s: ModelState) -> Int {
        1 + s.users.count + s.owners.count + s.devices.count + s.tokens.count + s.tickets.count
            + s.transferAccounts.count + s.transferKeys.count + 2 * s.bindings.count
    }
}
