import Protocol

/// What the oracle made of one answer.
package struct Judgement: Sendable {
    /// The answer fits at least one allowed outcome.
    package var matched: Bool
    /// Codes the model allowed.
    package var expectedCodes: [ResultCode]
    /// The rule behind the outcome that matched (or that was expected when nothing matched).
    package var rule: RuleID
    /// Why the model expected what it did.
    package var because: String
    /// When nothing matched: the closest expected outcome and how the answer differs from it.
    package var mismatch: Mismatch?
}

/// The set of model states consistent with everything a player has observed (usually one).
/// Several arise when a deadline falls inside a clock window, when the protocol allows two
/// behaviours, or when an answer was lost and its operation may or may not have been applied
/// (Knossos's `:info`); observations then narrow the set down.
package struct Belief: Sendable {
    package private(set) var states: [ModelState]
    package let model: GamebaseModel
    /// More states than this and the player gives up on this world (never a false alarm): a
    /// ``BeliefOverflow`` that the player counts, with the episode it abandons (a desync).
    package static let maxStates = 64

    package init(model: GamebaseModel, initial: ModelState = ModelState()) {
        self.model = model
        self.states = [initial]
    }

    /// The state the generator plans from.
    package var primary: ModelState { states[0] }
    package var isOverflowing: Bool { states.count > Self.maxStates }

    /// Every outcome the model allows for `op` now; throws when the model cannot enumerate them
    /// (``ModelError``: an inconsistent state, or more paths than it tracks).
    package func predictions(_ op: Op, _ window: ClockWindow) throws(ModelError) -> [Outcome] {
        if states.count == 1 { return try model.step(states[0], op, window) }
        var out: [Outcome] = []
        for st in states { out += try model.step(st, op, window) }
        return out
    }

    /// Judges an answer and keeps the states that explain it. Throws, leaving the belief as it
    /// was, when the model cannot judge the answer: a harness error (its state is inconsistent)
    /// or a belief overflow (a step with more paths than it tracks). Neither is a violation.
    package mutating func observe(
        _ op: Op,
        _ window: ClockWindow,
        _ obs: Observation,
        matcher: Matcher
    ) throws(ModelError) -> Judgement {
        let outcomes = try predictions(op, window)
        var next: [ModelState] = []
        var seen: Set<ModelState> = []
        var rule: RuleID?
        var because = ""
        var best: Mismatch?
        // The codes allowed, without repeats, in first-seen order: a step has a handful of
        // outcomes, so a linear scan beats hashing into a set made per answer.
        var codes: [ResultCode] = []
        codes.reserveCapacity(outcomes.count)
        for o in outcomes {
            if !codes.contains(o.code) { codes.append(o.code) }
            let matched: Result<ModelState, Mismatch>
            do throws(HarnessError) {
                matched = try matcher.match(o, obs, op: op)
            } catch {
                throw .harness(error)
            }
            switch matched {
            case .success(let st):
                if rule == nil {
                    rule = o.rule
                    because = o.because
                }
                Self.appendUnique(st, to: &next, seen: &seen)
            case .failure(let m):
                let close = o.code == obs.code
                if best == nil || (close && best?.field == "resultCode") {
                    best = m
                    if close || rule == nil { because = o.because }
                }
            }
        }
        // A rule is noted with the first state that explains the answer.
        guard let rule else {
            var m = best
            if let b = best, b.field == "resultCode", let r = diagnose(op, window, observed: obs.code), r != b.rule {
                m = Mismatch(
                    r,
                    b.field,
                    expected: b.expected,
                    observed: b.observed + " (as if the token revoked by \(r) were live)"
                )
            }
            return Judgement(matched: false, expectedCodes: codes, rule: m?.rule ?? .X2, because: because, mismatch: m)
        }
        states = next
        return Judgement(matched: true, expectedCodes: codes, rule: rule, because: because, mismatch: nil)
    }

    /// The answer was lost (transport error): the operation may have been applied, now or later.
    package mutating func observeLost(_ op: Op, _ window: ClockWindow) {
        states = states.map { st in
            var s = st
            s.pending.append(PendingOp(op: op, since: window.lo))
            return s
        }
    }

    /// Assumes lost operations that have not shown up by now never will: all of them, or those
    /// whose step id is below `id` (each lost operation keeps its own horizon).
    package mutating func retirePending(before id: Int = .max) {
        guard states.contains(where: { $0.pending.contains { $0.op.id < id } }) else { return }
        var seen: Set<ModelState> = []
        var next: [ModelState] = []
        for st in states {
            var s = st
            s.pending.removeAll { $0.op.id < id }
            Self.appendUnique(s, to: &next, seen: &seen)
        }
        states = next
    }

    package var hasPending: Bool { states.contains { !$0.pending.isEmpty } }

    /// Applies the deadlines that have passed by `window` (for the end-of-run audit); throws, leaving
    /// the belief as it was, when the model cannot (``ModelError``).
    package mutating func settle(at window: ClockWindow) throws(ModelError) {
        var seen: Set<ModelState> = []
        var next: [ModelState] = []
        for st in states {
            for settled in try model.settle(st, at: window) { Self.appendUnique(settled, to: &next, seen: &seen) }
        }
        states = next
    }

    /// Appends `state` to `states` unless an equal one is there. `seen` holds what `states` holds
    /// once there are two: the common single state is never hashed (a state's hash walks every
    /// dictionary in it, which cost more than the model step that made it).
    static func appendUnique(_ state: ModelState, to states: inout [ModelState], seen: inout Set<ModelState>) {
        guard !states.isEmpty else {
            states.append(state)
            return
        }
        if seen.isEmpty { seen.insert(states[0]) }
        if seen.insert(state).inserted { states.append(state) }
    }
}
