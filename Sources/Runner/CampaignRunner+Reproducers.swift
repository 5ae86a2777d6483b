import Engine
import Foundation
import Fuzz
import Model
import Plan
import Results

extension CampaignRunner {
    /// A violation's summary entry and its rendered reproducer (written with the other results).
    struct Reproduction: Sendable {
        var entry: ViolationEntry
        var files: Reproducer.Rendered?
    }

    /// Shrinks up to `maxShrinks` violations (distinct rules first) and renders every reproducer;
    /// returns them in violation order.
    func reproduce(
        _ violations: [Violation],
        shrink: Bool,
        replay: Bool = true,
        config: FuzzConfiguration,
        executor: Executor,
        clock: ClockTracker,
        target: TargetConnection,
        phases: RunPhases? = nil
    ) async -> [Reproduction] {
        guard !violations.isEmpty else { return [] }
        let profile = plan.profile
        let reproducer = Reproducer(
            configuration: config,
            target: ReproFile.Target(
                baseURL: target.baseURL,
                appId: profile.target.appId,
                embedded: profile.target.isEmbedded,
                bugs: profile.target.bugs.isEmpty ? nil : profile.target.bugs
            )
        )
        let chosen = Set(Self.shrinkOrder(violations).prefix(shrink ? profile.fuzz.maxShrinks : 0))
        // The phase's bound: the shrink budget of every violation that may be shrunk.
        let deadline = ContinuousClock.now + profile.fuzz.shrinkBudget * max(1, chosen.count)
        let runner = ScriptRunner(configuration: config, executor: executor, clock: clock)
        var entries: [Reproduction] = []
        // Those to shrink first (distinct rules first), so the budget goes where it helps most.
        let order = Self.shrinkOrder(violations)
        var results: [Int: (Shrinker.Result, ReproStanding)] = [:]
        for i in order {
            let v = violations[i]
            let number = i + 1
            var result = Shrinker.Result.unshrunk(v)
            var shrunk = false
            if chosen.contains(i), !Task.isCancelled {
                phases?.detail("violation \(number) of \(violations.count) (\(v.rule))")
                say("shrinking violation \(number) (\(v.rule), \(v.sequence.count) steps)…")
                result = await Shrinker(runner: runner, timeBudget: profile.fuzz.shrinkBudget).shrink(v)
                if result.violation != nil {
                    shrunk = true
                    say("  → \(result.sequence.count) steps after \(result.attempts) replays")
                } else {
                    say("  → did not fail again when replayed; keeping the original sequence")
                    result = .unshrunk(v)
                }
            }
            // Confirmation replays: the standing of the reproducer, and the per-step codes its
            // script compares with (an unshrunk reproducer gets them too).
            let confirmation = await Confirmer(runner: runner).confirm(
                result.sequence,
                rule: v.rule,
                times: replay ? profile.fuzz.confirmations : 0,
                deadline: deadline
            )
            if let run = confirmation.run {
                result.run = run
                if run.violation?.rule == v.rule { result.violation = run.violation }
            }
            let standing = ReproStanding(
                shrunk: shrunk,
                replays: confirmation.replays,
                reproduced: confirmation.reproduced
            )
            if confirmation.replays > 0 { say("  violation \(number): \(standing)") }
            results[i] = (result, standing)
        }
        for (i, v) in violations.enumerated() {
            let number = i + 1
            let (result, standing) = results[i] ?? (.unshrunk(v), ReproStanding(shrunk: false))
            var entry = ViolationEntry(
                index: number,
                rule: v.rule.rawValue,
                message: v.message,
                expected: v.expected,
                observed: v.observed
            )
            entry.standing = ViolationStanding(
                shrunk: standing.shrunk,
                steps: result.sequence.count,
                replays: standing.replays,
                reproduced: standing.reproduced,
                status: standing.status.rawValue
            )
            let file = reproducer.file(for: result, original: v, standing: standing)
            var files: Reproducer.Rendered?
            do {
                files = try await reproducer.render(file, salt: result.run?.salt ?? v.salt)
                let paths = ViolationEntry.reproducerPaths(index: number)
                entry.reproducerJSON = paths.json
                entry.reproducerSH = paths.sh
            } catch {
                say("cannot render the reproducer of violation \(number): \(error)")
            }
            entries.append(Reproduction(entry: entry, files: files))
        }
        return entries
    }

    /// Indices of `vs`: the earliest violation of each rule first, then the rest in order.
    package static func shrinkOrder(_ vs: [Violation]) -> [Int] {
        var seen: Set<RuleID> = []
        var first: [Int] = []
        var rest: [Int] = []
        for (i, v) in vs.enumerated() {
            if seen.insert(v.rule).inserted { first.append(i) } else { rest.append(i) }
        }
        return first + rest
    }
}
