import Basics
import Engine
import FaultProxy
import Foundation
import Fuzz
import Linearizability
import LiveMetrics
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
    /// Where results go if the run folder fails at the end (default: `gbfuzz-results-<run-id>` in
    /// the working directory, then in the temporary directory).
    package var fallbackFolders: [URL]

    package init(
        plan: RunPlan,
        say: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        print: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
    ) {
        self.plan = plan
        self.say = say
        self.print = print
        self.fallbackFolders = Self.fallbackFolders(runId: plan.runId)
    }

    /// The outcome of a run.
    package struct Outcome: Sendable {
        package var exit: ExitStatus
        package var summary: RunSummary?
        package var directory: URL
        /// The violations found, with their reproducers when written.
        package var violations: [Violation]
        /// A race-hunting run's history (`history.jsonl`), and the linearizability checker's report
        /// on it (`nil` when there was none, or the run was interrupted before it).
        package var history: History? = nil
        package var check: CheckReport? = nil
    }

    /// Runs the plan. Cancelling the calling task (Ctrl-C) stops the load, skips the audit and
    /// shrinking, and still writes every result (exit 130). Returns only once the target is shut
    /// down (the embedded server's database removed, the transport's threads joined).
    package func run() async -> Outcome {
        let profile = plan.profile
        // Nothing lost: a run that could not keep its results does not start.
        do {
            try OutputFolder.prepare(plan.directory, overwrite: plan.overwrite)
        } catch {
            say("gbfuzz run: the results folder \(error.description)")
            return Outcome(exit: .cannotCreate, summary: nil, directory: plan.directory, violations: [])
        }
        let connections = profile.load.model == .closed ? profile.load.players : profile.load.maxInFlight
        let phases = RunPhases()
        phases.begin(.probe)
        let target: TargetConnection
        do {
            target = try await TargetConnection.open(profile, connections: connections, faultSeed: plan.seed, say: say)
        } catch {
            say("gbfuzz run: \(error.message)")
            return Outcome(exit: error.exit, summary: nil, directory: plan.directory, violations: [])
        }
        var endpoint: MetricsEndpoint?
        var metrics: LiveMetrics?
        if let port = plan.metricsPort {
            let live = LiveMetrics()
            do {
                endpoint = try await MetricsEndpoint.start(host: plan.metricsHost, port: port, metrics: live)
            } catch {
                say("gbfuzz run: cannot serve metrics on \(plan.metricsHost):\(port): \(error)")
                await target.close()
                return Outcome(exit: .unreachable, summary: nil, directory: plan.directory, violations: [])
            }
            metrics = live
            say("metrics: \(endpoint?.url ?? "") (Prometheus text format)")
        }
        let outcome = await run(on: target, phases: phases, metrics: metrics)
        await endpoint?.stop()
        await target.close()
        return outcome
    }

    /// - Parameter metrics: the live metrics of a run with `--metrics-port`.
    private func run(on target: TargetConnection, phases: RunPhases, metrics: LiveMetrics?) async -> Outcome {
        let profile = plan.profile
        for note in target.notes { say("note: \(note)") }

        let config = plan.fuzzConfiguration(semantics: target.semantics, capabilities: target.capabilities)
        let executor = Executor(client: target.client, semantics: target.semantics)
        // The load's requests go through the fault-injecting proxy when the profile has faults.
        let loadExecutor = Executor(client: target.loadClient, semantics: target.semantics)
        let clock = await ClockTracker.prepare(
            client: target.client,
            configuration: config,
            advanceWaitLimit: profile.fuzz.clockAdvanceWait
        )
        var race = plan.raceContext(config)
        if let proxy = target.proxy {
            let plan = proxy.plan
            race?.faultOf = { plan.fault(for: $0) }
        }
        var configured = Campaign(
            configuration: config,
            executor: loadExecutor,
            clock: clock,
            spec: profile.load,
            duration: profile.duration,
            maxOperations: profile.maxOperations,
            failFast: profile.fuzz.failFast,
            // In a shared world each player's view is partial: the checker judges, not an audit
            // of what one player believes.
            auditLimit: profile.fuzz.audit && target.capabilities.serverAPI && race == nil ? 2_000 : 0,
            race: race
        )
        configured.probeInterval = profile.race?.probes ?? .zero
        configured.shard = plan.shard?.index ?? 0
        let campaign = configured
        var observer: (@Sendable (IntervalDelta) -> Void)?
        if let metrics { observer = { metrics.observe($0) } }
        let recorder = Recorder(
            configuration: RecorderConfiguration(lateStartTolerance: profile.load.lateTolerance),
            onInterval: observer
        )
        metrics?.watch { (recorder.snapshot(), campaign.collector.violations) }
        say(
            "gbfuzz run: \(profile.name)\(plan.shard.map { " shard \($0)" } ?? "") against \(target.description), seed \(plan.seed), "
                + "\(describe(profile.load)), \(DurationText.format(profile.duration)); results in \(plan.directory.path)"
        )

        // Knobs switched during the load are watched for: all of them through test control, the
        // maintenance schedule through the Server API (E17) where that is all the target has.
        let watch: KnobWatch? =
            if let reported = target.reportedSemantics {
                .testControl(target.client, reported: reported)
            } else if let schedule = target.reportedMaintenance {
                .maintenance(target.client, reported: schedule, semantics: target.semantics)
            } else { nil }
        // Load, drain, audit and shrinking, with the live line beside them in one task group.
        phases.begin(.load)
        let (load, recording, audit, reproductions, raceOutcome) = await withTaskGroup(of: Void.self) {
            group -> (Campaign.Result, Recording, Auditor.Result, [Reproduction], RaceOutcome?) in
            if let printer = progressPrinter() {
                group.addTask {
                    await printer.run {
                        .init(
                            snapshot: recorder.snapshot(),
                            violations: campaign.collector.violations,
                            phase: phases.label,
                            players: campaign.control.liveSessions,
                            inFlight: campaign.control.requestsInFlight
                        )
                    }
                }
            }
            // Marks the drain (on the live line and in the phases) once the engine reaches it.
            group.addTask {
                while !Task.isCancelled, !campaign.control.isDraining {
                    try? await Task.sleep(for: .milliseconds(20))
                }
                if campaign.control.isDraining { phases.begin(.drain) }
            }
            if let watch { group.addTask { await watch.watch(until: { campaign.control.isDraining }) } }
            let load = await campaign.run(
                sink: RecorderSink(recorder: recorder, operations: FuzzWorkload.operationNames)
            )
            // The recorder closes its histograms on its own thread while the audit and shrinking run.
            let loadEnd = ContinuousClock.now
            async let closedRecording = recorder.finish(at: loadEnd)
            let interrupted = load.engine.interrupted || Task.isCancelled
            // The knobs once more, now that the load is over (a stopped run does not wait for it).
            if !interrupted { await watch?.check() }
            // Violations flow one way: players → collector → audit → summary.
            var audit = Auditor.Result()
            if !interrupted, campaign.collector.auditLimit > 0, !load.findings.players.isEmpty {
                audit = await self.audit(load.findings, executor: executor, clock: clock, phases: phases)
            }
            // A race-hunting run's history, judged by the linearizability checker.
            var raceOutcome: RaceOutcome?
            if let race = campaign.race, let spec = profile.race {
                let history = Self.history(
                    race.history,
                    configuration: config,
                    frozen: clock.isExact,
                    startedAt: recorder.startedAt
                )
                raceOutcome = RaceOutcome(
                    history: history,
                    report: interrupted ? nil : await check(history, spec: spec, phases: phases)
                )
            }
            phases.begin(.shrink)
            let setup = ReproductionSetup(
                shrink: !interrupted && profile.fuzz.shrink,
                replay: !interrupted,
                config: config,
                executor: executor,
                clock: clock,
                target: target,
                phases: phases
            )
            let reproductions = await reproduce(load.findings.violations + audit.violations, setup)
            var all = reproductions
            if let outcome = raceOutcome {
                all += await raceReproductions(
                    outcome.report,
                    history: outcome.history,
                    first: reproductions.count + 1,
                    setup
                )
            }
            phases.begin(.write, detail: "(done)")
            let recording = await closedRecording
            group.cancelAll()
            return (load, recording, audit, all, raceOutcome)
        }
        let interrupted = load.engine.interrupted || Task.isCancelled
        var found = load.findings
        let violations = found.violations + audit.violations
        if !audit.players.isEmpty {
            found.players = audit.players
            found.countAudit(before: load.findings.players)
        }
        var metadata = RunMetadata(
            seed: plan.seed,
            profile: profile.name,
            target: target.description,
            configuration: configurationMap(report: load.engine, target: target, found: found)
        )
        metadata.model = Self.modelSummary(found)
        metadata.configuration["interrupted"] = interrupted ? "true" : "false"
        metadata.status = status(
            interrupted: interrupted,
            phases: phases,
            clock: clock,
            audit: audit,
            kept: load.findings.players.count,
            race: campaign.race.map {
                Self.raceSummary($0, probes: load.probes, outcome: raceOutcome, interrupted: interrupted)
            },
            targetChanged: watch?.change,
            faults: target.proxy
        )
        if let change = watch?.change { say("gbfuzz run: \(change.message)") }
        let linearizability = reproductions.filter { $0.entry.checker == .linearizability }
        let summary = RunSummary(
            recording: recording,
            metadata: metadata,
            violations: reproductions.map(\.entry),
            violationCount: violations.count + linearizability.count
        ).evaluating(plan.thresholds)
        // The table first: whatever happens to the files, the user sees the result.
        print(SummaryTable.render(summary) + "\n")
        let written = writeResults(
            Artifacts(
                summary: summary,
                recording: recording,
                reproductions: reproductions,
                history: raceOutcome?.history
            )
        )
        phases.end()
        if let folder = written.folder { say("results: \(folder.path)") }
        // A target whose knobs changed leaves the verdict open, whatever was found (3 before 1).
        let exit: ExitStatus =
            written.failed
            ? .cannotCreate
            : interrupted
                ? .interrupted
                : summary.run.targetChanged != nil
                    ? .unknown
                    : !violations.isEmpty || !linearizability.isEmpty
                        ? .violations : summary.passed ? .clean : summary.undecided ? .unknown : .thresholdFailed
        return Outcome(
            exit: exit,
            summary: summary,
            directory: written.folder ?? plan.directory,
            violations: violations,
            history: raceOutcome?.history,
            check: raceOutcome?.report
        )
    }

    /// The audit phase: bounded in time and concurrency, its progress on the live line.
    private func audit(
        _ found: FuzzCollector.Snapshot,
        executor: Executor,
        clock: ClockTracker,
        phases: RunPhases
    ) async -> Auditor.Result {
        let players = found.players
        phases.begin(.audit, detail: "0/\(players.count) players")
        let result = await Auditor(executor: executor, clock: clock).audit(
            players,
            concurrency: plan.profile.fuzz.auditConcurrency,
            deadline: .now + plan.profile.fuzz.auditBudget
        ) { done, total in phases.detail("\(done)/\(total) players") }
        if found.playersEnded > players.count {
            say("note: audited \(players.count) of \(found.playersEnded) players (the most kept for the audit)")
        }
        if result.unfinished > 0 {
            say(
                "note: the audit's budget (\(DurationText.format(plan.profile.fuzz.auditBudget))) ran out: "
                    + "\(result.unfinished) of \(players.count) players not fully audited"
            )
        }
        return result
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
