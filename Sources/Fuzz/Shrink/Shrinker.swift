import Model
import Protocol

/// Minimises a failing player's sequence: ddmin (Zeller & Hildebrandt) over steps, then single-step
/// deletion to a 1-minimal result. Each candidate is pre-checked against the model (dangling
/// references are dropped without a request), replayed against the target with fresh identities,
/// and kept only if it violates the same rule on every one of `1 + confirmations` runs. The result
/// is re-verified; the shrinker never returns a sequence that did not fail.
public struct Shrinker: Sendable {
    public var runner: ScriptRunner
    public var timeBudget: Duration
    public var attemptBudget: Int
    /// Extra runs a failing candidate must also fail.
    public var confirmations: Int

    public init(
        runner: ScriptRunner,
        timeBudget: Duration = .seconds(20),
        attemptBudget: Int = 500,
        confirmations: Int = 1
    ) {
        self.runner = runner
        self.timeBudget = timeBudget
        self.attemptBudget = attemptBudget
        self.confirmations = confirmations
    }

    public struct Result: Sendable {
        /// The minimal failing sequence (the original when nothing smaller failed).
        public var sequence: [Op]
        /// The violation the final verification run observed (`nil` if even that did not fail).
        public var violation: Violation?
        /// The final verification run (per-step predicted and observed codes, bindings).
        public var run: ScriptRunner.Run?
        public var attempts: Int
        public var originalLength: Int
    }

    public func shrink(_ v: Violation) async -> Result {
        var state = Search(rule: v.rule, deadline: ContinuousClock.now + timeBudget, budget: attemptBudget)
        var current = v.sequence
        // Short suffixes first: minimal failures usually sit at the end.
        var k = 2
        while k < current.count, !state.exhausted {
            let suffix = Array(current.suffix(k))
            if await fails(suffix, &state) {
                current = suffix
                break
            }
            k *= 2
        }
        // ddmin.
        var n = 2
        while current.count >= 2, !state.exhausted {
            let chunks = Self.split(current, n)
            var reduced = false
            for c in chunks where !reduced && c.count < current.count {
                if await fails(c, &state) {
                    current = c
                    n = max(n - 1, 2)
                    reduced = true
                }
            }
            if !reduced, n > 2 || chunks.count > 2 {
                for i in chunks.indices where !reduced {
                    let complement = chunks.enumerated().filter { $0.offset != i }.flatMap(\.element)
                    if await fails(complement, &state) {
                        current = complement
                        n = max(n - 1, 2)
                        reduced = true
                    }
                }
            }
            if !reduced {
                if n >= current.count { break }
                n = min(n * 2, current.count)
            }
        }
        // Hypothesis-style: delete k consecutive steps (k = 4…1) until nothing goes; k = 1 makes
        // the result 1-minimal. Blocks catch pairs such as a login and the logout before it.
        var changed = true
        while changed, !state.exhausted {
            changed = false
            for k in stride(from: min(4, current.count - 1), through: 1, by: -1) {
                var i = current.count - k
                while i >= 0, !state.exhausted {
                    if i + k <= current.count {
                        var c = current
                        c.removeSubrange(i..<(i + k))
                        if await fails(c, &state) {
                            current = c
                            changed = true
                        }
                    }
                    i -= 1
                }
            }
        }
        // Re-verify; fall back through earlier accepted candidates, then the original.
        for candidate in [current] + state.accepted.reversed() + [v.sequence] {
            let r = await runner.run(candidate, salt: state.salt("final"))
            if let x = r.violation, x.rule == v.rule {
                return Result(
                    sequence: candidate,
                    violation: x,
                    run: r,
                    attempts: state.attempts,
                    originalLength: v.sequence.count
                )
            }
        }
        return Result(
            sequence: v.sequence,
            violation: nil,
            run: nil,
            attempts: state.attempts,
            originalLength: v.sequence.count
        )
    }

    struct Search {
        let rule: RuleID
        let deadline: ContinuousClock.Instant
        let budget: Int
        var attempts = 0
        var accepted: [[Op]] = []
        var tried: Set<[Int]> = []
        var exhausted: Bool { attempts >= budget || ContinuousClock.now >= deadline }
        mutating func salt(_ tag: String) -> String {
            attempts += 1
            return "shr\(attempts)\(tag)"
        }
    }

    func fails(_ c: [Op], _ s: inout Search) async -> Bool {
        guard !c.isEmpty, !s.exhausted, s.tried.insert(c.map(\.id)).inserted else { return false }
        guard await runner.isMeaningful(c) else { return false }
        for _ in 0...confirmations {
            let r = await runner.run(c, salt: s.salt("c"))
            guard let x = r.violation, x.rule == s.rule else { return false }
        }
        s.accepted.append(c)
        return true
    }

    static func split(_ xs: [Op], _ n: Int) -> [[Op]] {
        let size = Int((Double(xs.count) / Double(n)).rounded(.up))
        return stride(from: 0, to: xs.count, by: max(1, size)).map { Array(xs[$0..<min(xs.count, $0 + size)]) }
    }
}
