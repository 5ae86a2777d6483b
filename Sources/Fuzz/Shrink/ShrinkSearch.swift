import Model
import Protocol

/// The search state every shrink pass shares: which rule must fail, the budgets, the candidates
/// tried (by whole steps), the candidates accepted, and the log. Passes only propose candidates;
/// whether one fails is decided here, the same way for all of them.
package struct ShrinkSearch {
    /// What replaying one candidate under a salt showed: the rule it violated (`nil`: it passed)
    /// and a note for the log.
    package typealias Replay = @Sendable (_ candidate: [Op], _ salt: String) async -> (rule: RuleID?, note: String)

    package let rule: RuleID
    /// Extra runs a failing candidate must also fail.
    package let confirmations: Int
    /// Checks a candidate without a target (false: it refers to a value nothing produces).
    package let isMeaningful: @Sendable ([Op]) -> Bool
    package let replay: Replay
    package let log: (@Sendable (String) -> Void)?
    /// Starts every salt of this search, so that two searches against one target (a run shrinks
    /// several violations) never share identities.
    package let saltPrefix: String

    /// Runs made, over the whole search (also numbers the salts, so no two runs share identities).
    package private(set) var attempts = 0
    /// Candidates that failed, in the order they were accepted.
    package private(set) var accepted: [[Op]] = []
    /// Whole steps, not their ids: a redirected candidate has the ids of one tried before.
    private var tried: Set<[Op]> = []
    private var roundStart = 0
    private var budget = Int.max
    private var deadline = ContinuousClock.Instant.now.advanced(by: .seconds(86_400 * 365))

    package init(
        rule: RuleID,
        confirmations: Int = 0,
        log: (@Sendable (String) -> Void)? = nil,
        saltPrefix: String = "shr" + String(UInt32.random(in: 0...UInt32.max), radix: 36),
        isMeaningful: @escaping @Sendable ([Op]) -> Bool,
        replay: @escaping Replay
    ) {
        self.rule = rule
        self.confirmations = confirmations
        self.log = log
        self.saltPrefix = saltPrefix
        self.isMeaningful = isMeaningful
        self.replay = replay
    }

    /// A search whose candidates run against `runner`'s target.
    ///
    /// `precheck: false` sends every candidate to the target: for a sequence the model's precheck
    /// wrongly calls meaningless (the original itself), where trusting it would stop all shrinking.
    package init(
        runner: ScriptRunner,
        rule: RuleID,
        confirmations: Int,
        log: (@Sendable (String) -> Void)?,
        precheck: Bool = true
    ) {
        let isMeaningful: @Sendable ([Op]) -> Bool
        if precheck {
            isMeaningful = { runner.isMeaningful($0) }
        } else {
            isMeaningful = { _ in true }
        }
        self.init(rule: rule, confirmations: confirmations, log: log, isMeaningful: isMeaningful) {
            let r = await runner.run($0, salt: $1)
            return (r.violation?.rule, "\(r.violation?.rule.rawValue ?? "no violation"), unresolved \(r.unresolved)")
        }
    }

    /// Starts a round: `budget` more runs until `deadline`.
    package mutating func beginRound(budget: Int, deadline: ContinuousClock.Instant) {
        roundStart = attempts
        self.budget = budget
        self.deadline = deadline
    }

    /// The round's budget or deadline is spent: passes stop proposing.
    package var exhausted: Bool { attempts - roundStart >= budget || ContinuousClock.now >= deadline }

    /// A fresh salt for one run (counted as an attempt).
    package mutating func salt(_ tag: String) -> String {
        attempts += 1
        return "\(saltPrefix).\(attempts)\(tag)"
    }

    /// Whether `c` fails under the rule on `1 + confirmations` runs. Empty, already tried and
    /// meaningless candidates cost no run and do not fail; a failing candidate is accepted.
    package mutating func fails(_ c: [Op]) async -> Bool {
        guard !c.isEmpty, !exhausted, tried.insert(c).inserted else { return false }
        guard isMeaningful(c) else {
            log?("meaningless \(c.map(\.id))")
            return false
        }
        for _ in 0...confirmations {
            let r = await replay(c, salt("c"))
            guard r.rule == rule else {
                log?("passes \(c.map(\.id)) (\(r.note))")
                return false
            }
        }
        log?("FAILS \(c.map(\.id))")
        accepted.append(c)
        return true
    }

    /// The first of `candidates` that fails (tried in order, lazily, until the budget is spent).
    package mutating func firstFailing(_ candidates: some Sequence<[Op]>) async -> [Op]? {
        for c in candidates {
            if exhausted { return nil }
            if await fails(c) { return c }
        }
        return nil
    }
}
