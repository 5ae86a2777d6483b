import Basics
import Engine
import Foundation
import Fuzz
import Model
import Plan
import Protocol
import Results

/// Runs one campaign end to end: target, load with model-checked fuzz players, audit, shrinking,
/// outputs, exit code. `gbfuzz run` is a thin wrapper around it.
package struct CampaignRunner: Sendable {
    package var plan: RunPlan
    /// Where messages for the user go (standard error by default).
    package var say: @Sendable (String) -> Void
    /// Where the live progress and the final table go (standard output by default).
    package var print: @Sendable (String) -> Void

    package init(
        plan: RunPlan,
        say: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        print: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
    ) {
        self.plan = plan
        self.say = say
        self.print = print
    }

    /// The outcome of a run.
    package struct Outcome: Sendable {
        package var exit: ExitStatus
        package var summary: RunSummary?
        package var directory: URL
        /// The violations found, with their reproducers when written.
        package var violations: [Violation]
    }

    /// Runs the plan. Cancelling the calling task (Ctrl-C) stops the load, skips the audit and
    /// shrinking, and still writes every result (exit 130). Returns only once the target is shut
    /// down (the embedded server's database removed, the transport's threads joined).
    package func run() async -> Outcome {
        let profile = plan.profile
        let connections = profile.load.model == .closed ? profile.load.players : profile.load.maxInFlight
        let target: TargetConnection
        do {
            target = try await TargetConnection.open(profile, connections: connections)
        } catch {
            say("gbfuzz run: \(error.message)")
            return Outcome(exit: error.exit, summary: nil, directory: plan.directory, violations: [])
        }
        let outcome = await run(on: target)
        await target.close()
        return outcome
    }

    private func run(on target: TargetConnection) async -> Outcome {
        let profile = plan.profile
        for note in target.notes { say("note: \(note)") }

        let config = plan.fuzzConfiguration(semantics: target.semantics, capabilities: target.capabilities)
        let executor = Executor(client: target.client, semantics: target.semantics)
        let clock = await ClockTracker.prepare(client: target.client, configuration: config)
        let campaign = Campaign(
            configuration: config,
            executor: executor,
            clock: clock,
            spec: profile.load,
            duration: profile.duration,
            maxOperations: profile.maxOperations,
            failFast: profile.fuzz.failFast,
            auditLimit: profile.fuzz.audit && target.capabilities.serverAPI ? 2_000 : 0
        )
        let recorder = Recorder(configuration: RecorderConfiguration(lateStartTolerance: profile.load.lateTolerance))
        say(
            "gbfuzz run: \(profile.name) against \(target.description), seed \(plan.seed), "
                + "\(describe(profile.load)), \(DurationText.format(profile.duration)); results in \(plan.directory.path)"
        )

        // The load phase, with the progress line beside it in the same task group.
        let load = await withTaskGroup(of: Campaign.Result?.self) { group -> Campaign.Result in
            group.addTask {
                await campaign.run(sink: RecorderSink(recorder: recorder, operations: FuzzWorkload.operationNames))
            }
            if let printer = progressPrinter() {
                group.addTask {
                    await printer.run {
                        .init(snapshot: recorder.snapshot(), violations: campaign.collector.violations)
                    }
                    return nil
                }
            }
            // The load child always returns; the progress child only ends when cancelled.
            var result = Campaign.Result(engine: EngineReport(), findings: .init())
            for await r in group {
                if let r {
                    result = r
                    group.cancelAll()
                }
            }
            return result
        }
        let end = ContinuousClock.now
        let recording = await recorder.finish(at: end)
        let interrupted = load.engine.interrupted || Task.isCancelled

        // Violations flow one way: players → collector → audit → summary.
        var found = load.findings
        var violations = found.violations
        if !interrupted, campaign.collector.auditLimit > 0, !found.players.isEmpty {
            violations += await Auditor(executor: executor, clock: clock).audit(&found.players)
            if found.playersEnded > found.players.count {
                say("note: audited \(found.players.count) of \(found.playersEnded) players")
            }
        }
        let entries = await reproduce(
            violations,
            shrink: !interrupted && profile.fuzz.shrink,
            config: config,
            executor: executor,
            clock: clock,
            target: target
        )
        found.countAudit(before: load.findings.players)
        var metadata = RunMetadata(
            seed: plan.seed,
            profile: profile.name,
            target: target.description,
            configuration: configurationMap(report: load.engine, target: target, found: found)
        )
        metadata.model = Self.modelSummary(found)
        metadata.configuration["interrupted"] = interrupted ? "true" : "false"
        let summary = RunSummary(
            recording: recording,
            metadata: metadata,
            violations: entries,
            violationCount: violations.count
        ).evaluating(plan.thresholds)
        do {
            try RunOutputs(directory: plan.directory, secrets: [profile.target.secretKey, profile.target.idpSecret])
                .write(summary: summary, recording: recording, rules: RuleID.protocolRules.map(\.rawValue)) {
                    ResultCode($0).name
                }
        } catch {
            say("gbfuzz run: cannot write the results: \(error)")
            return Outcome(exit: .software, summary: summary, directory: plan.directory, violations: violations)
        }
        print(SummaryTable.render(summary) + "\n")
        say("results: \(plan.directory.path)")
        let exit: ExitStatus =
            interrupted ? .interrupted : !violations.isEmpty ? .violations : summary.passed ? .clean : .thresholdFailed
        return Outcome(exit: exit, summary: summary, directory: plan.directory, violations: violations)
    }

    private func progressPrinter() -> ProgressPrinter? {
        let mode = plan.profile.outputs.progress
        guard mode != .off else { return nil }
        return ProgressPrinter(
            total: plan.profile.duration,
            isTerminal: mode == .auto ? isatty(STDOUT_FILENO) != 0 : false,
            output: print
        )
    }

    private func describe(_ l: LoadSpec) -> String {
        switch l.model {
        case .closed: l.stages.isEmpty ? "closed model, \(l.players) players" : "closed model, \(l.stages.count) stages"
        case .open:
            l.stages.isEmpty
                ? "open model, \(l.rate) \(l.arrival.rawValue)/s"
                : "open model, \(l.arrival.rawValue), \(l.stages.count) stages"
        }
    }

    /// The `model` object of `summary.json` from what the players reported.
    package static func modelSummary(_ found: FuzzCollector.Snapshot) -> ModelSummary {
        ModelSummary(
            desyncs: found.desyncs,
            beliefOverflows: found.beliefOverflows,
            harnessErrors: found.harnessErrors,
            harnessErrorExamples: found.harnessErrorExamples
        )
    }

    private func configurationMap(report: EngineReport, target: TargetConnection, found: FuzzCollector.Snapshot)
        -> [String: String]
    {
        let p = plan.profile
        var m: [String: String] = [
            "run_id": plan.runId,
            "profile_file": p.source,
            "load.model": p.load.model.rawValue,
            "duration": DurationText.format(p.duration),
            "fuzz.adversarial": String(p.fuzz.adversarial),
            "fuzz.idps": p.fuzz.idps.map(\.rawValue).joined(separator: ","),
            "target.test_control": String(target.capabilities.testControl),
            "target.server_api": String(target.capabilities.serverAPI),
            "target.bugs": p.target.bugs.joined(separator: ","),
            "engine.peak_sessions": String(report.peakSessions),
            "engine.late_starts": String(report.lateStarts),
            "model.desyncs": String(found.desyncs),
            "model.codes_covered": String(Set(found.coverage.map(\.code)).count),
            "audit.players": String(found.players.count),
        ]
        switch p.load.model {
        case .closed: m["load.players"] = String(p.load.players)
        case .open:
            m["load.rate"] = String(p.load.rate)
            m["load.arrival"] = p.load.arrival.rawValue
        }
        if !p.load.stages.isEmpty {
            m["load.stages"] = p.load.stages.map { "\(DurationText.format($0.duration))→\($0.target)" }.joined(
                separator: ","
            )
        }
        if let max = p.maxOperations { m["max_operations"] = String(max) }
        return m
    }
}
