import Foundation
import Fuzz
import Load
import Model
import Protocol
import Report

/// Runs one campaign end to end: target, load with model-checked fuzz players, audit, shrinking,
/// outputs, exit code. `gbfuzz run` is a thin wrapper around it.
public struct CampaignRunner: Sendable {
    public var plan: RunPlan
    /// Where messages for the user go (standard error by default).
    public var say: @Sendable (String) -> Void
    /// Where the live progress and the final table go (standard output by default).
    public var print: @Sendable (String) -> Void

    public init(
        plan: RunPlan,
        say: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        print: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
    ) {
        self.plan = plan
        self.say = say
        self.print = print
    }

    /// The outcome of a run.
    public struct Outcome: Sendable {
        public var exit: RunExit
        public var summary: RunSummary?
        public var directory: URL
        /// The violations found, with their reproducers when written.
        public var violations: [Violation]
    }

    /// Runs the plan. Cancelling the calling task (Ctrl-C) stops the load, skips the audit and
    /// shrinking, and still writes every result (exit 130).
    public func run() async -> Outcome {
        let profile = plan.profile
        let connections = profile.load.model == .closed ? profile.load.players : profile.load.maxInFlight
        let target: TargetConnection
        do {
            target = try await TargetConnection.open(profile, connections: connections)
        } catch {
            say("gbfuzz run: \(error.message)")
            return Outcome(exit: error.exit, summary: nil, directory: plan.directory, violations: [])
        }
        defer { Task { await target.close() } }
        for note in target.notes { say("note: \(note)") }

        let config = plan.fuzzConfiguration(semantics: target.semantics, capabilities: target.capabilities)
        let executor = Executor(client: target.client, semantics: target.semantics)
        let clock = await FuzzCampaign.prepareClock(client: target.client, configuration: config)
        let control = RunControl(maxOperations: profile.maxOperations)
        let failFast = profile.fuzz.failFast
        let collector = FuzzCollector(
            auditLimit: profile.fuzz.audit && target.capabilities.serverAPI ? 2_000 : 0,
            onFirstViolation: { if failFast { control.stop() } }
        )
        let recorder = Recorder(configuration: RecorderConfiguration(lateStartTolerance: profile.load.lateTolerance))
        say(
            "gbfuzz run: \(profile.name) against \(target.description), seed \(plan.seed), "
                + "\(describe(profile.load)), \(DurationText.format(profile.duration)); results in \(plan.directory.path)"
        )

        let engine = LoadEngine(
            workload: FuzzWorkload(configuration: config, executor: executor, clock: clock, collector: collector),
            spec: profile.load,
            duration: profile.duration,
            control: control,
            sink: RecorderSink(recorder: recorder, operations: FuzzWorkload.operationNames),
            seed: plan.seed
        )
        let progress = progressTask(recorder: recorder, collector: collector)
        let report = await engine.run()
        let end = ContinuousClock.now
        progress?.cancel()
        _ = await progress?.value
        let recording = await recorder.finish(at: end)
        let interrupted = report.interrupted || Task.isCancelled

        var found = collector.snapshot
        if !interrupted, collector.auditLimit > 0, !found.players.isEmpty {
            let audited = await Auditor(executor: executor, clock: clock).audit(&found.players)
            collector.add(audited)
            if found.playersEnded > found.players.count {
                say("note: audited \(found.players.count) of \(found.playersEnded) players")
            }
            found = collector.snapshot
        }
        let violations = found.violations
        let entries = await reproduce(
            violations,
            shrink: !interrupted && profile.fuzz.shrink,
            config: config,
            executor: executor,
            clock: clock,
            target: target
        )
        var metadata = RunMetadata(
            seed: plan.seed,
            profile: profile.name,
            target: target.description,
            configuration: configurationMap(report: report, target: target, found: found)
        )
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
        let exit: RunExit =
            interrupted ? .interrupted : !violations.isEmpty ? .violations : summary.passed ? .clean : .thresholdFailed
        return Outcome(exit: exit, summary: summary, directory: plan.directory, violations: violations)
    }

    private func progressTask(recorder: Recorder, collector: FuzzCollector) -> Task<Void, Never>? {
        let mode = plan.profile.outputs.progress
        guard mode != .off else { return nil }
        let printer = ProgressPrinter(
            total: plan.profile.duration,
            isTerminal: mode == .auto ? isatty(STDOUT_FILENO) != 0 : false,
            output: print
        )
        return Task { await printer.run { .init(snapshot: recorder.snapshot(), violations: collector.violations) } }
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
