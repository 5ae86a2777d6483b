import Engine
import Foundation
import Fuzz
import Model
import Plan
import Protocol
import Results

extension CampaignRunner {
    /// What the shrink phase works with, for the model's violations and the checker's alike.
    struct ReproductionSetup {
        /// Whether violations may be shrunk (`fuzz.shrink`, and the run was not interrupted).
        var shrink: Bool
        /// Whether reproducers are replayed for their standing (not after an interruption).
        var replay: Bool
        var config: FuzzConfiguration
        var executor: Executor
        var clock: ClockTracker
        var target: TargetConnection
        var phases: RunPhases
    }

    /// How a reproducer names the target it was found against.
    func reproTarget(_ target: TargetConnection) -> ReproFile.Target {
        let t = plan.profile.target
        return ReproFile.Target(
            baseURL: target.baseURL,
            appId: t.appId,
            embedded: t.isEmbedded,
            bugs: t.bugs.isEmpty ? nil : t.bugs
        )
    }

    /// A violation's summary entry and its rendered reproducer (written with the other results).
    struct Reproduction: Sendable {
        var entry: ViolationEntry
        var files: Reproducer.Rendered?
    }

    /// Shrinks up to `maxShrinks` violations (distinct rules first) and renders every reproducer;
    /// returns them in violation order.
    func reproduce(_ violations: [Violation], _ setup: ReproductionSetup) async -> [Reproduction] {
        guard !violations.isEmpty else { return [] }
        let profile = plan.profile
        let (shrink, replay, config) = (setup.shrink, setup.replay, setup.config)
        let reproducer = Reproducer(configuration: config, target: reproTarget(setup.target))
        let chosen = Set(Self.shrinkOrder(violations).prefix(shrink ? profile.fuzz.maxShrinks : 0))
        // The phase's bound: the shrink budget of every violation that may be shrunk.
        let deadline = ContinuousClock.now + profile.fuzz.shrinkBudget * max(1, chosen.count)
        let runner = ScriptRunner(configuration: config, executor: setup.executor, clock: setup.clock)
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
                setup.phases.detail("violation \(number) of \(violations.count) (\(v.rule))")
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
