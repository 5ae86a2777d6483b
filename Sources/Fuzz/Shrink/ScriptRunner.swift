import Engine
import Model
import Protocol

/// Runs a fixed symbolic sequence against a target with fresh identities, judging each answer: a
/// ``ScriptWorkload`` of one session in the ``LoadEngine``, the path every fuzz run takes. Used
/// for the shrinker's candidates and for replaying reproducers.
package struct ScriptRunner: Sendable {
    package var configuration: FuzzConfiguration
    package let executor: any OperationExecutor
    package let clock: ClockTracker
    /// The longest one script may run (each of its requests is bounded by the transport's timeout).
    package var timeLimit: Duration

    package init(
        configuration: FuzzConfiguration,
        executor: any OperationExecutor,
        clock: ClockTracker,
        timeLimit: Duration = .seconds(600)
    ) {
        self.configuration = configuration
        self.executor = executor
        self.clock = clock
        self.timeLimit = timeLimit
    }

    package struct Run: Sendable {
        /// The first violation, if any.
        package var violation: Violation?
        /// A step referred to a value no earlier step produced in this run.
        package var unresolved = false
        /// Steps executed.
        package var executed = 0
        /// The references the first unresolved step could not resolve.
        package var missing: [Sym] = []
        /// Per executed step: the codes the model allowed and the code observed.
        package var steps: [(predicted: [ResultCode], observed: ResultCode?)] = []
        /// Values bound in this run, by symbol (for the curl script).
        package var bindings: [Sym: String] = [:]
        package var salt = ""

        package init(salt: String = "") { self.salt = salt }
    }

    /// Runs `steps` under `salt`; stops at the first violation. Operations go to `sink` (the
    /// engine's recorder, or nowhere).
    package func run(_ steps: [Op], salt: String, sink: any OperationSink = DiscardingSink()) async -> Run {
        let workload = ScriptWorkload(
            configuration: configuration,
            executor: executor,
            clock: clock,
            collector: FuzzCollector(maxViolations: 1, auditLimit: 0),
            scripts: [ScriptWorkload.Script(steps: steps, salt: salt)]
        )
        let engine = LoadEngine(
            workload: workload,
            spec: LoadSpec(model: .closed, players: 1, gracefulStop: .zero, replacesEndedSessions: false),
            duration: timeLimit,
            control: RunControl(),
            sink: sink,
            seed: 0
        )
        _ = await engine.run()
        return workload.run(0)
    }

    /// Checks a candidate against the model alone (every outcome it allows, no server): false
    /// when a step refers to a value no earlier step can have produced.
    package func isMeaningful(_ steps: [Op]) -> Bool {
        danglingReference(in: steps) == nil
    }

    /// The first step of `steps` (and the symbol) the model's precheck finds dangling, if any.
    package func danglingReference(in steps: [Op]) -> (index: Int, symbol: Sym)? {
        GamebaseModel(semantics: configuration.semantics).firstDanglingReference(in: steps)
    }
}
