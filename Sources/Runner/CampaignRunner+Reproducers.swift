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
        let chosen = Self.shrinkOrder(violations).prefix(shrink ? profile.fuzz.maxShrinks : 0)
        var entries: [Reproduction] = []
        for (i, v) in violations.enumerated() {
            let number = i + 1
            var entry = ViolationEntry(
                index: number,
                rule: v.rule.rawValue,
                message: v.message,
                expected: v.expected,
                observed: v.observed
            )
            let result: Shrinker.Result
            if chosen.contains(where: { $0 == v }), !Task.isCancelled {
                phases?.detail("violation \(number) of \(violations.count) (\(v.rule))")
                say("shrinking violation \(number) (\(v.rule), \(v.sequence.count) steps)…")
                let runner = ScriptRunner(configuration: config, executor: executor, clock: clock)
                result = await Shrinker(runner: runner, timeBudget: profile.fuzz.shrinkBudget).shrink(v)
                if result.violation != nil {
                    say("  → \(result.sequence.count) steps after \(result.attempts) replays")
                } else {
                    say("  → did not fail again when replayed; keeping the original sequence")
                }
            } else {
                result = .unshrunk(v)
            }
            let file = reproducer.file(for: result, original: v)
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

    /// One violation per rule first (the earliest of each), then the rest in order.
    static func shrinkOrder(_ vs: [Violation]) -> [Violation] {
        var seen: Set<RuleID> = []
        var first: [Violation] = []
        var rest: [Violation] = []
        for v in vs {
            if seen.insert(v.rule).inserted { first.append(v) } else { rest.append(v) }
        }
        return first + rest
    }
}
