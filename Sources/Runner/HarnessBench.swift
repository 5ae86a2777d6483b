import Basics
import Engine
import Fuzz
import Plan
import Protocol
import Synchronization

/// `gbfuzz bench harness`: what a model-checked operation costs the harness. A profile's fuzz
/// workload runs exactly as `gbfuzz run` runs it (``Campaign``, the engine, the recorder), against
/// an in-process ``SimulatedTarget`` (no server, no sockets) or a target URL, with the sessions'
/// phases metered (``PhaseMeter``) and the process's CPU time read before and after the load.
package struct HarnessBench: Sendable {
    package var plan: RunPlan
    /// The in-process simulated target, else the profile's target (embedded or a URL) over HTTP.
    package var simulated: Bool
    /// Players on the transport's lane executors (as `gbfuzz run` runs them); false: on the
    /// cooperative pool, to measure what pinning saves.
    package var pinned = true
    /// Meter each session's phases (``PhaseMeter``). The meter reads the thread's CPU clock six
    /// times per operation, a system call each (~0.5 µs here), so the headline figure is measured
    /// without it and the split in a run of its own.
    package var meterPhases = false

    package init(plan: RunPlan, simulated: Bool) {
        self.plan = plan
        self.simulated = simulated
    }

    /// What one bench run measured.
    package struct Result: Sendable {
        package var target: String
        package var players: Int
        /// Whether the players ran on the transport's lanes (an in-process target has none).
        package var pinned: Bool
        package var operations: Int
        package var violations: Int
        /// The first few violations, as text (a bench that finds one says what it was).
        package var firstViolations: [String] = []
        package var wall: Duration
        package var user: Duration
        package var system: Duration
        /// The phases' thread CPU, when metered.
        package var phases: PhaseTimes?

        package var cpu: Duration { user + system }
        package var wallSeconds: Double { micros(wall) / 1e6 }
        /// Process CPU per checked operation, in microseconds.
        package var cpuMicrosPerOperation: Double { micros(cpu) / Double(max(1, operations)) }
        /// Checked operations per second of process CPU.
        package var operationsPerCPUSecond: Double { Double(operations) / max(1e-9, micros(cpu) / 1e6) }
        /// A phase's thread CPU per operation, in microseconds.
        package func micros(_ phase: PhaseTimes.Phase) -> Double {
            Double(phases?[phase] ?? 0) / 1000 / Double(max(1, operations))
        }
        /// Each phase's thread CPU per operation in microseconds, by name, then `rest`; empty when
        /// the phases were not metered.
        package var phaseBreakdown: [(name: String, micros: Double)] {
            guard phases != nil else { return [] }
            return [
                ("generate", micros(.generate)), ("match", micros(.match)), ("record", micros(.record)),
                ("rest", restMicrosPerOperation),
            ]
        }
        /// What the metered phases leave of the process CPU, per operation: sending (the transport,
        /// or the simulated target's model step), the engine and the runtime.
        package var restMicrosPerOperation: Double {
            cpuMicrosPerOperation - PhaseTimes.Phase.allCases.map { micros($0) }.reduce(0, +)
        }
        private func micros(_ d: Duration) -> Double {
            let (s, atto) = d.components
            return Double(s) * 1e6 + Double(atto) / 1e12
        }
    }

    /// Runs the load phase once and measures it. Throws ``CommandError`` when the target cannot be
    /// reached.
    package func run() async throws(CommandError) -> Result {
        let profile = plan.profile
        if simulated {
            let semantics = profile.semantics ?? .default
            let target = SimulatedTarget(semantics: semantics)
            let config = plan.fuzzConfiguration(semantics: semantics, capabilities: TargetCapabilities())
            let clock = ClockTracker(frozenAt: target.now)
            return await measure(config, target, clock, name: "in-process simulated target")
        }
        let connections = profile.load.model == .closed ? profile.load.players : profile.load.maxInFlight
        let target = try await TargetConnection.open(profile, connections: connections)
        let config = plan.fuzzConfiguration(semantics: target.semantics, capabilities: target.capabilities)
        let http = Executor(client: target.client, semantics: target.semantics)
        let executor: any OperationExecutor = pinned ? http : Unpinned(inner: http)
        let clock = await ClockTracker.prepare(
            client: target.client,
            configuration: config,
            advanceWaitLimit: profile.fuzz.clockAdvanceWait
        )
        let result = await measure(config, executor, clock, name: target.description)
        await target.close()
        return result
    }

    private func measure(
        _ config: FuzzConfiguration,
        _ executor: any OperationExecutor,
        _ clock: ClockTracker,
        name: String
    ) async -> Result {
        let profile = plan.profile
        let meter = meterPhases ? PhaseMeter() : nil
        var campaign = Campaign(
            configuration: config,
            executor: executor,
            clock: clock,
            spec: profile.load,
            duration: profile.duration,
            maxOperations: profile.maxOperations,
            auditLimit: 0,
            race: plan.raceContext(config)
        )
        campaign.probeInterval = profile.race?.probes ?? .zero
        campaign.meter = meter
        let recorder = Recorder(configuration: RecorderConfiguration(lateStartTolerance: profile.load.lateTolerance))
        let recorderSink = RecorderSink(recorder: recorder, operations: FuzzWorkload.operationNames)
        let sink: any OperationSink = meter.map { MeteredSink(inner: recorderSink, meter: $0) } ?? recorderSink
        let before = CPUTime.process()
        let start = ContinuousClock.now
        let load = await campaign.run(sink: sink)
        let wall = ContinuousClock.now - start
        let after = CPUTime.process()
        _ = await recorder.finish(at: .now)
        return Result(
            target: name,
            players: profile.load.model == .closed ? profile.load.players : profile.load.maxPlayers,
            pinned: executor.preferredTaskExecutor(player: 0) != nil,
            operations: load.engine.operations,
            violations: load.findings.violations.count,
            firstViolations: load.findings.violations.prefix(3).map(\.description),
            wall: wall,
            user: after.user - before.user,
            system: after.system - before.system,
            phases: meter?.times
        )
    }
}

/// An executor whose players run on the cooperative pool, not where its requests complete.
struct Unpinned: OperationExecutor {
    let inner: any OperationExecutor
    func execute(_ planned: PlannedOperation) async -> ExecutionResult { await inner.execute(planned) }
    func serverClock() async -> Int64? { await inner.serverClock() }
}

/// Adds the thread CPU the engine's recording of each operation takes to the ``PhaseMeter``'s
/// `record` phase.
struct MeteredSink: OperationSink {
    let inner: any OperationSink
    let meter: PhaseMeter

    func record(_ op: PerformedOperation, intendedStart: ContinuousClock.Instant) {
        let t = CPUTime.threadNanos()
        inner.record(op, intendedStart: intendedStart)
        meter.add(CPUTime.threadNanos() - t, to: .record)
    }
}
