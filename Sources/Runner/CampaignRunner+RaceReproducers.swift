import Basics
import Foundation
import Fuzz
import Linearizability
import Model
import Plan
import Protocol
import Results

// The linearizability checker's violations as concurrent reproducers: each witness sub-history is
// replayed against the target with fresh identities, shrunk by replay (players, then operations),
// replayed again for its fail ratio, and written as `violations/NNN.json` + `NNN.sh`
// (docs/RESULTS.md, "Concurrent reproducers").
extension CampaignRunner {
    /// Reproducers of `report`'s violations, numbered from `first`; at most `fuzz.maxShrinks` are
    /// shrunk and replayed (each within `fuzz.shrinkBudget`), the rest written as recorded.
    func raceReproductions(
        _ report: CheckReport?,
        history: History,
        first: Int,
        _ setup: ReproductionSetup
    ) async -> [Reproduction] {
        let entries = Self.violationEntries(report, first: first)
        guard let report, !entries.isEmpty else { return [] }
        let profile = plan.profile
        let config = setup.config
        let replayer = RaceReplayer(configuration: config, executor: setup.executor, clock: setup.clock)
        var out: [Reproduction] = []
        for (i, (v, entry)) in zip(report.violations, entries).enumerated() {
            var entry = entry
            var file = RaceReproFile(
                message: entry.message,
                keys: v.keys,
                seed: plan.seed,
                semantics: config.semantics,
                capabilities: config.capabilities,
                target: reproTarget(setup.target),
                clock: history.header.clock,
                entries: v.minimal.compactMap {
                    history.entries.indices.contains($0.index) ? history.entries[$0.index] : nil
                }
            )
            // Replayed only with what it produces itself (``RaceShrinker/selfContained(_:)``).
            let contained = RaceShrinker.selfContained(file.entries)
            if !contained.isEmpty, contained.count < file.entries.count { file = file.keeping(contained) }
            if setup.replay, i < profile.fuzz.maxShrinks, !Task.isCancelled, !file.entries.isEmpty {
                setup.phases.detail("concurrent violation \(i + 1) of \(entries.count)")
                say(
                    "replaying concurrent violation \(entry.index) (\(file.players) players, \(file.entries.count) operations)…"
                )
                var shrinker = RaceShrinker(replayer: replayer, timeBudget: profile.fuzz.shrinkBudget)
                shrinker.confirmationRuns = max(profile.fuzz.confirmations, RaceShrinker.defaultConfirmationRuns)
                let focus = v.longestPrefix.stuck.map {
                    RaceShrinker.focus(
                        file.entries,
                        stuck: $0.entry.index,
                        ids: Identities(salt: history.header.identities)
                    )
                }
                file = await shrinker.shrink(file, shrink: setup.shrink, focus: focus ?? [])
                if let s = file.standing { say("  violation \(entry.index): \(s.description)") }
            }
            if let s = file.standing {
                entry.standing = ViolationStanding(
                    shrunk: s.operations < s.originalOperations,
                    steps: s.operations,
                    replays: s.runs,
                    reproduced: s.failed,
                    status: s.failed == s.runs ? "confirmed" : s.failed > 0 ? "flaky" : "unconfirmed"
                )
            }
            var files: Reproducer.Rendered?
            do {
                files = try await file.rendered(configuration: config)
                let paths = ViolationEntry.reproducerPaths(index: entry.index)
                entry.reproducerJSON = paths.json
                entry.reproducerSH = paths.sh
            } catch {
                say("cannot render the reproducer of violation \(entry.index): \(error)")
            }
            out.append(Reproduction(entry: entry, files: files))
        }
        return out
    }
}
