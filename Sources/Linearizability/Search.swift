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
    var budget: CheckBudget
    /// Whether to stop (as unknown): the task's cancellation, or the flag of the thread it runs on.
    var isCancelled: @Sendable () -> Bool = { Task.isCancelled }
    /// Whether to try only a persistent set's candidates (``persistent(_:_:_:)``); off only to
    /// measure what the reduction saves.
    var reduces = true
    /// Completed entries tried after every other candidate (``runWithRestarts()``).
    var later: Set<Int32> = []
    /// Entries tried before every other candidate (``runWithRestarts()``): completed ones before
    /// the other completed ones, maybe-applied ones before all.
    var sooner: Set<Int32> = []
    /// Whether an unknown verdict is searched again with learned order preferences.
    var restarts = true
    /// Whether the restarts and the exhaustive search run at once, on two threads
    /// (``runWithRestarts()``).
    var sideBySide = false
    /// Whether the search gives up (as unknown) once it has stopped getting deeper: after
    /// `allowance + perEntry × entries gone down` configurations since it last reached a new depth
    /// (``runWithRestarts()``).
    var stall: (allowance: Int, perEntry: Int)?
    /// Whether states that differ only in a TransferAccount's wrong-password count are joined
    /// (``joiningCounts(_:_:_:on:)``); off only to measure what joining saves.
    var joinsCounts = true

    /// The deepest partial linearization: entries in order, and where it stopped.
    struct Deepest: Sendable {
        var order: [Int32]
        var set: LinearizedSet
        var state: ModelState
        /// How it was walked (the states the search path kept): where a restart can start
        /// (``runWithRestarts()``).
        var trail = SearchStack.Trail()
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
        /// The maybe-applied entries the search took in some branch (with an effect on the state).
        /// After a violation (an exhaustive search) the others can be left out of the history
        /// without changing the verdict: no configuration ever applied them.
        var appliedMaybe: Set<Int32>
    }

    func run() -> Result {
        restarts ? runWithRestarts() : runDepthFirst()
    }

    /// Depth first, with the memo, persistent sets and backjumping; from `start` instead of the
    /// empty linearization when given (a restart's checkpoint: then no linearization from there is
    /// not a violation, and the verdict is unknown).
    func runDepthFirst(from start: Checkpoint? = nil) -> Result {
        var r = runDepthFirst(root: start?.set, state: start?.state)
        if let start { r.verdict = start.continuing(r.verdict) }
        return r
    }

    private func runDepthFirst(root startSet: LinearizedSet?, state startState: ModelState?) -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + budget.time
        let n = input.count
        var memo: [Configuration: [MaybeChoice]] = [:]
        var memoEntries = 0
        var configurations = 0
        var modelErrors: [String] = []
        var deepest: Deepest?
        var appliedMaybe: Set<Int32> = []
        func result(_ v: Verdict) -> Result {
            Result(verdict: v, configurations: configurations, elapsed: clock.now - start, appliedMaybe: appliedMaybe)
        }
        func replay(_ e: Int32, _ st: ModelState, _ set: LinearizedSet) -> [ModelState]? {
            try? successors(of: e, from: st, into: set).get()
        }

        let root = startSet ?? LinearizedSet(maybe: input.maybe)
        let rootState = startState ?? self.rootState
        if Int(root.prefix) == n { return result(.linearizable(order: [])) }
        var stack = SearchStack(
            root: .init(
                set: root,
                state: rootState,
                via: -1,
                viaSuccessor: 0,
                candidates: nextCandidates(root, rootState)
            )
        )
        // Where the search is when it gives up: the deepest configuration popped, or the current
        // path if it goes deeper (a search that never backtracks pops nothing until the end).
        func unknown(_ reason: String) -> Result {
            var d = deepest
            if !stack.isEmpty, let st = stack[stack.count - 1].state,
                stack[stack.count - 1].set.count > (d?.set.count ?? -1)
            {
                d = Deepest(order: stack.order, set: stack[stack.count - 1].set, state: st, trail: stack.trail())
            }
            return result(.unknown(reason: reason, deepest: d))
        }
        func replayFailed() -> Result {
            result(.unknown(reason: "the model did not replay a step the same way", deepest: deepest))
        }
        var iterations = 0
        var maxDepth = root.count
        var deepenedAt = 0
        while !stack.isEmpty {
            iterations += 1
            if iterations & 127 == 0 {
                if clock.now > deadline {
                    return unknown("time budget (\(DurationText.format(budget.time))) spent")
                }
                if isCancelled() { return unknown("cancelled") }
                if let stall, configurations - deepenedAt > stall.allowance + stall.perEntry * (maxDepth - root.count) {
                    return unknown("no deeper linearization in \(configurations - deepenedAt) configurations")
                }
            }
            let top = stack.count - 1
            // An exhausted frame is popped without recomputing a dropped state, unless it is the
            // deepest yet.
            let frame = stack[top]
            if !frame.successorsDropped, frame.nextSuccessor >= frame.successors.count,
                frame.nextCandidate >= frame.candidates.count,
                frame.state != nil || frame.set.count <= (deepest?.set.count ?? -1)
            {
                // A lone completed candidate that did not fit may prove more than this frame dead.
                if reduces, let st = frame.state, frame.candidates.count == 1, frame.successors.isEmpty,
                    !input.maybe[Int(frame.candidates[0])],
                    case .dead(let reason?) = persistent(frame.set, frame.candidates, st)
                {
                    guard backjump(&stack, reason, &deepest) else {
                        return replayFailed()
                    }
                    continue
                }
                _ = Self.pop(&stack, recordingIn: &deepest)
                continue
            }
            if frame.state == nil || frame.successorsDropped, !stack.restoreTop(maybe: input.maybe, replay) {
                return replayFailed()
            }
            guard let state = stack[top].state else {
                return result(.unknown(reason: "a state of the search path was lost", deepest: deepest))
            }
            if stack[top].nextSuccessor < stack[top].successors.count {
                let i = stack[top].nextSuccessor
                let st = stack[top].successors[i]
                stack[top].nextSuccessor += 1
                let e = stack[top].successorEntry
                let set = stack[top].set.inserting(e, maybe: input.maybe)
                if Int(set.prefix) == n { return result(.linearizable(order: stack.order + [e])) }
                let join = joiningCounts(e, st, set, on: stack)
                guard visit(set, join?.state ?? st, &memo) else { continue }
                for part in join?.parts ?? [] { _ = visit(set, part, &memo) }
                configurations += 1
                if configurations > budget.configurations {
                    return unknown("configuration budget (\(budget.configurations)) spent")
                }
                // A full memo is emptied: it only saves work, the search stays exact without it.
                memoEntries += Self.weight(st)
                if memoEntries > budget.stateEntries {
                    memo.removeAll(keepingCapacity: true)
                    memoEntries = 0
                }
                if set.count > maxDepth {
                    maxDepth = set.count
                    deepenedAt = configurations
                }
                let pushed = join?.state ?? st
                stack.push(
                    .init(
                        set: set,
                        state: pushed,
                        via: e,
                        viaSuccessor: i,
                        candidates: nextCandidates(set, pushed),
                        pinned: join != nil
                    )
                )
            } else if stack[top].nextCandidate < stack[top].candidates.count {
                if reduces, stack[top].nextCandidate == 1 {
                    // Backtracking here for the first time: the rest of a persistent set will do.
                    let tried = stack[top].candidates[0]
                    switch persistent(stack[top].set, stack[top].candidates, state) {
                    case .explore(let p):
                        let rest = p.filter { $0 != tried }
                        stack[top].candidates = [tried] + rest
                        if rest.isEmpty { continue }
                    case .dead(let reason):
                        guard backjump(&stack, reason, &deepest) else {
                            return replayFailed()
                        }
                        continue
                    }
                }
                let e = stack[top].candidates[stack[top].nextCandidate]
                stack[top].nextCandidate += 1
                stack[top].successorEntry = e
                stack[top].nextSuccessor = 0
                let maybe = input.maybe[Int(e)]
                switch successors(of: e, from: state, into: stack[top].set.inserting(e, maybe: input.maybe)) {
                case .success(let next):
                    stack[top].successors = next
                    if maybe, !next.isEmpty { appliedMaybe.insert(e) }
                case .failure(let error):
                    stack[top].successors = []
                    if modelErrors.count < 3 { modelErrors.append(error.description) }
                }
            } else {
                _ = Self.pop(&stack, recordingIn: &deepest)
            }
        }
        guard modelErrors.isEmpty else {
            let why = "the model could not judge: " + modelErrors.joined(separator: "; ")
            return result(.unknown(reason: why, deepest: deepest))
        }
        return result(.violation(deepest ?? Deepest(order: [], set: root, state: rootState)))
    }

    /// The empty world, at the earliest server time of the history: no operation took effect
    /// before its window, so the clock has reached the earliest window's start (and an operation
    /// that only learns the time changes nothing there).
    var rootState: ModelState {
        var s = ModelState()
        if let lo = input.windows.map(\.lo).min() { s.timeFloor = lo }
        return s
    }

    /// Entries that may be taken next from `set`: every untaken one invoked no later than the
    /// earliest return of an untaken completed entry (intervals are closed: a shared endpoint
    /// is concurrency). Completed entries first, by return time, then maybe-applied ones (those a
    /// restart prefers sooner before all).
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
        // Earliest answer first: a server that applies an operation before answering it orders
        // concurrent operations more like their answers than like their requests.
        if later.isEmpty, sooner.isEmpty {
            completed.sort { input.ret[Int($0)] < input.ret[Int($1)] }
        } else {
            func rank(_ e: Int32) -> Int { sooner.contains(e) ? 0 : later.contains(e) ? 2 : 1 }
            completed.sort { (rank($0), input.ret[Int($0)]) < (rank($1), input.ret[Int($1)]) }
        }
        // A maybe-applied entry a restart prefers sooner comes before every completed one.
        var all = maybes.filter(sooner.contains) + completed + maybes.filter { !sooner.contains($0) }
        // One member of each twin class: the first (``SearchInput/twinClasses(_:windows:)``).
        var classes: Set<Int32> = []
        all.removeAll { input.twin[Int($0)] >= 0 && !classes.insert(input.twin[Int($0)]).inserted }
        return all
    }

    /// How many entries apart states are restricted: after nearly every entry (each leaves its own
    /// symbols untouched) the restriction was 42% of a long search.
    static let restrictionInterval = 16

    /// The states after taking entry `e` from `state` (deduplicated), into linearized set `set`;
    /// none when it cannot be taken. Every 16th entry taken, each state keeps only what the entries
    /// left reach (``ModelState/restricted(to:)``).
    func successors(
        of e: Int32,
        from state: ModelState,
        into set: LinearizedSet
    ) -> Swift.Result<[ModelState], ModelError> {
        let raw = rawSuccessors(of: e, from: state)
        guard case .success(var next) = raw else { return raw }
        if !next.isEmpty, set.count % Self.restrictionInterval == 0 {
            let live = input.touchers.liveness(set, ids: matcher.identities)
            next = next.map { $0.restricted(to: live) ?? $0 }
        }
        return .success(next)
    }

    /// The states after taking entry `e` from `state` (deduplicated), before any restriction.
    func rawSuccessors(of e: Int32, from state: ModelState) -> Swift.Result<[ModelState], ModelError> {
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
            // A maybe-applied entry whose effect leaves the state as it was needs no branch: not
            // taking it leads to the same configurations, and more.
            next = outcomes.map(\.next).filter { $0 != state }
        }
        if next.count > 1 {
            next = Self.distinct(next)
            if joinsCounts, input.countKey[i] >= 0 { next = joiningCounts(next) }
        }
        return .success(next)
    }

    /// `states` without repeats, in their order.
    static func distinct(_ states: [ModelState]) -> [ModelState] {
        guard states.count > 1 else { return states }
        var seen: Set<ModelState> = []
        return states.filter { seen.insert($0).inserted }
    }

    /// Roughly how many entries a state holds (for the memory budget).
    static func weight(_ s: ModelState) -> Int {
        1 + s.users.count + s.owners.count + s.devices.count + s.tokens.count + s.tickets.count
            + s.transferAccounts.count + s.transferKeys.count + s.wrongIdDevices.count + 2 * s.bindings.count
    }
}
