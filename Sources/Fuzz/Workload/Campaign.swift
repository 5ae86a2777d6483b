import Basics
import Engine
import Model

/// Fuzz players under a load model: a ``FuzzWorkload`` driven by the ``LoadEngine``, its verdicts
/// gathered by a ``FuzzCollector``. Not an engine of its own — the composition `gbfuzz run`, the
/// end-to-end tests and the soak use, so that they all exercise the same path.
package struct Campaign: Sendable {
    package let configuration: FuzzConfiguration
    package let executor: any OperationExecutor
    package let clock: ClockTracker
    package var spec: LoadSpec
    package var duration: Duration
    package var seed: UInt64
    /// Shared with whoever may stop the run early (Ctrl-C handling, fail-fast, progress output).
    package let control: RunControl
    package let collector: FuzzCollector
    /// Race hunting: shared identities, synchronized bursts, the recorded history, probes.
    package let race: RaceContext?
    /// How often audit probes read the shared pool under load (race hunting); zero: never.
    package var probeInterval: Duration = .zero
    /// The shard this campaign is (`gbfuzz run --shard i/N`: `i`), 0 for a whole run: it sets the
    /// players' operation ids and seed streams apart from the other shards'.
    package var shard = 0
    /// Receives the CPU time of each session's phases (`gbfuzz bench harness`); `nil`: not metered.
    package var meter: PhaseMeter?

    /// - Parameters:
    ///   - maxOperations: stop after this many operations (`nil`: the duration alone ends the run).
    ///   - failFast: stop the load at the first violation.
    ///   - auditLimit: the most players kept for the end-of-run audit.
    package init(
        configuration: FuzzConfiguration,
        executor: any OperationExecutor,
        clock: ClockTracker,
        spec: LoadSpec,
        duration: Duration,
        maxOperations: Int? = nil,
        failFast: Bool = false,
        auditLimit: Int = 2_000,
        maxViolations: Int = 1_000,
        race: RaceContext? = nil
    ) {
        self.configuration = configuration
        self.executor = executor
        self.clock = clock
        self.spec = spec
        self.duration = duration
        self.seed = configuration.seed
        self.race = race
        let control = RunControl(maxOperations: maxOperations)
        self.control = control
        self.collector = FuzzCollector(
            maxViolations: maxViolations,
            auditLimit: auditLimit,
            onFirstViolation: { if failFast { control.stop() } }
        )
    }

    /// What the load phase produced.
    package struct Result: Sendable {
        package var engine: EngineReport
        package var findings: FuzzCollector.Snapshot
        /// Audit probes sent under load (race hunting).
        package var probes = 0
        package init(engine: EngineReport = EngineReport(), findings: FuzzCollector.Snapshot = .init()) {
            self.engine = engine
            self.findings = findings
        }
    }

    /// Runs the load phase; each operation also goes to `sink` (the recorder, or nowhere).
    package func run(sink: any OperationSink = DiscardingSink()) async -> Result {
        let engine = LoadEngine(
            workload: FuzzWorkload(
                configuration: configuration,
                executor: executor,
                clock: clock,
                collector: collector,
                shard: shard,
                race: race,
                meter: meter
            ),
            spec: spec,
            duration: duration,
            control: control,
            sink: sink,
            seed: shard == 0 ? seed : StableHash.of(String(seed), "shard", String(shard))
        )
        guard let race, probeInterval > .zero else {
            return Result(engine: await engine.run(), findings: collector.snapshot)
        }
        let prober = Prober(
            configuration: configuration,
            executor: executor,
            clock: clock,
            history: race.history,
            interval: probeInterval
        )
        // The probes run beside the load, and stop with it.
        let (report, probes) = await withTaskGroup(of: (EngineReport?, Int).self) { group in
            group.addTask { (await engine.run(), 0) }
            group.addTask { (nil, await prober.run()) }
            var report = EngineReport()
            var probes = 0
            for await (r, p) in group {
                if let r {
                    report = r
                    group.cancelAll()
                }
                probes += p
            }
            return (report, probes)
        }
        var result = Result(engine: report, findings: collector.snapshot)
        result.probes = probes
        return result
    }
}
