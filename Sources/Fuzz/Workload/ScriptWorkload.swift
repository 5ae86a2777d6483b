import Engine
import Model
import Protocol
import Synchronization

/// The engine's view of scripted players: each session replays one fixed symbolic sequence under
/// its own identity salt (a reproducer, a shrink candidate), judged by the same oracle and counted
/// by the same ``FuzzCollector`` as a campaign's players. A session ends after its last step, at
/// its first violation, or at a step that refers to a value no earlier step produced.
package struct ScriptWorkload: Workload {
    /// One script: the steps and the salt of its identities.
    package struct Script: Sendable {
        package var steps: [Op]
        package var salt: String
        package init(steps: [Op], salt: String) {
            self.steps = steps
            self.salt = salt
        }
    }

    package let configuration: FuzzConfiguration
    package let executor: any OperationExecutor
    package let clock: ClockTracker
    package let collector: FuzzCollector
    package let scripts: [Script]
    private let runs = ScriptRuns()

    package init(
        configuration: FuzzConfiguration,
        executor: any OperationExecutor,
        clock: ClockTracker,
        collector: FuzzCollector,
        scripts: [Script]
    ) {
        var c = configuration
        c.episodeLength = .max
        self.configuration = c
        self.executor = executor
        self.clock = clock
        self.collector = collector
        self.scripts = scripts
    }

    /// What script `index` did (an empty run if its session never started).
    package func run(_ index: Int) -> ScriptRunner.Run {
        runs.runs.withLock { $0[index] } ?? ScriptRunner.Run(salt: scripts[index].salt)
    }

    package func makeSession(index: Int) -> Session {
        let script = scripts[index]
        return Session(
            player: Player(configuration: configuration, index: index, salt: script.salt),
            steps: script.steps,
            executor: StampingExecutor(inner: executor),
            clock: clock,
            collector: collector,
            run: ScriptRunner.Run(salt: script.salt)
        )
    }

    package func sessionEnded(_ session: Session, index: Int) async {
        runs.runs.withLock { $0[index] = session.run }
        collector.ended(session.player)
    }

    package struct Session: WorkloadSession {
        var player: Player
        let steps: [Op]
        let executor: StampingExecutor
        let clock: ClockTracker
        let collector: FuzzCollector
        var run: ScriptRunner.Run
        var next = 0
        var finished = false

        package mutating func performNext() async -> PerformedOperation? {
            guard !finished, next < steps.count else { return nil }
            let step = steps[next]
            next += 1
            guard player.canSend(step.action) else {
                run.unresolved = true
                run.missing = step.action.references.filter { player.belief.primary.value(of: $0) == nil }
                finished = true
                return nil
            }
            let planned = player.make(step.action, id: step.id, edge: step.edge, now: clock.now())
            let bindings = player.belief.primary.bindings
            let (result, verdict) = await player.execute(planned, with: executor, clock: clock)
            let completed = ContinuousClock.now
            collector.record(verdict)
            run.executed += 1
            run.steps.append((verdict.predictedCodes, result.code))
            if let violation = verdict.violations.first {
                run.violation = violation
                run.bindings = bindings
                finished = true
            } else {
                run.bindings = player.belief.primary.bindings
            }
            return PerformedOperation(
                name: verdict.kind.rawValue,
                outcome: verdict.outcome,
                resultCode: verdict.code?.rawValue,
                failure: verdict.failure(of: result),
                failureExample: result.failureExample,
                sent: executor.stamp.instant.withLock { $0 } ?? completed,
                completed: completed
            )
        }
    }
}

/// What each script's session did, kept when it ends.
final class ScriptRuns: Sendable {
    let runs = Mutex<[Int: ScriptRunner.Run]>([:])
}
