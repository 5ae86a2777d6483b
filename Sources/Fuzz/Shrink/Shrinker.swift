import Model

/// Minimises a failing player's sequence by running shrink passes (``passes``) in order, in rounds
/// until a round gains nothing. Each candidate is pre-checked against the model (dangling
/// references are dropped without a request), replayed against the target with fresh identities,
/// and kept only if it violates the same rule on every one of `1 + confirmations` runs
/// (``ShrinkSearch``). The result is re-verified; the shrinker never returns a sequence that did
/// not fail.
package struct Shrinker: Sendable {
    package var runner: ScriptRunner
    /// Per round.
    package var timeBudget: Duration
    /// Runs per round.
    package var attemptBudget: Int
    /// Extra runs a failing candidate must also fail.
    package var confirmations: Int
    /// Receives one line per candidate (for debugging shrinks).
    package var log: (@Sendable (String) -> Void)?

    /// The passes of one round, in order: cut to what the failing step depends on, then delete
    /// (coarse to fine), then move the failing steps to another device, redirect references, merge
    /// clock advances and relax steps so that more can be deleted.
    package static let passes: [any ShrinkPass] = [
        DependencySlice(), SuffixSearch(), DeltaDebugging(), BlockDeletion(), CascadeDeletion(),
        Relocation(), Redirection(), ClockMerge(), Relaxation(), BlockDeletion(), CascadeDeletion(),
    ]
    /// Rounds at most (each must make the sequence shorter).
    package static let maxRounds = 3

    package init(
        runner: ScriptRunner,
        timeBudget: Duration = Shrinker.defaultTimeBudget,
        attemptBudget: Int = 500,
        confirmations: Int = 0
    ) {
        self.runner = runner
        self.timeBudget = timeBudget
        self.attemptBudget = attemptBudget
        self.confirmations = confirmations
    }

    package struct Result: Sendable {
        /// The minimal failing sequence (the original when nothing smaller failed).
        package var sequence: [Op]
        /// The violation the final verification run observed (`nil` if even that did not fail).
        package var violation: Violation?
        /// The final verification run (per-step predicted and observed codes, bindings).
        package var run: ScriptRunner.Run?
        package var attempts: Int
        package var originalLength: Int
    }

    package func shrink(_ v: Violation) async -> Result {
        // The precheck only saves runs: if it rejects the sequence that did fail, it is wrong about
        // this sequence (a step it cannot follow), and every candidate goes to the target instead.
        let dangling = runner.danglingReference(in: v.sequence)
        if let d = dangling {
            log?("precheck off: it calls the failing sequence meaningless at step \(d.index) (\(d.symbol))")
        }
        var search = ShrinkSearch(
            runner: runner,
            rule: v.rule,
            confirmations: confirmations,
            log: log,
            precheck: dangling == nil
        )
        var current = v.sequence
        for _ in 0..<Self.maxRounds {
            search.beginRound(budget: attemptBudget, deadline: .now + timeBudget)
            let before = current.count
            for pass in Self.passes where !search.exhausted {
                current = await pass.run(current, &search)
            }
            log?("round: \(before) → \(current.count) steps")
            guard current.count < before, current.count > 1 else { break }
        }
        return await verify(current, v, &search)
    }

    /// The first of `current`, the accepted candidates (latest first) and the original that fails
    /// again under the rule; `violation == nil` (and the original) when none does.
    func verify(_ current: [Op], _ v: Violation, _ search: inout ShrinkSearch) async -> Result {
        for candidate in [current] + search.accepted.reversed() + [v.sequence] {
            let r = await runner.run(candidate, salt: search.salt("final"))
            if let x = r.violation, x.rule == v.rule {
                return Result(
                    sequence: candidate,
                    violation: x,
                    run: r,
                    attempts: search.attempts,
                    originalLength: v.sequence.count
                )
            }
        }
        return Result(
            sequence: v.sequence,
            violation: nil,
            run: nil,
            attempts: search.attempts,
            originalLength: v.sequence.count
        )
    }
}
