import Model
import Protocol

/// Runs a fixed symbolic sequence against a target with fresh identities, judging each answer.
public struct ScriptRunner: Sendable {
    public var configuration: FuzzConfiguration
    public let executor: any OperationExecutor
    public let clock: ClockTracker

    public init(configuration: FuzzConfiguration, executor: any OperationExecutor, clock: ClockTracker) {
        var c = configuration
        c.episodeLength = .max
        self.configuration = c
        self.executor = executor
        self.clock = clock
    }

    public struct Run: Sendable {
        /// The first violation, if any.
        public var violation: Violation?
        /// A step referred to a value no earlier step produced in this run.
        public var unresolved = false
        /// Steps executed.
        public var executed = 0
        /// The references the first unresolved step could not resolve.
        public var missing: [Sym] = []
        /// Per executed step: the codes the model allowed and the code observed.
        public var steps: [(predicted: [ResultCode], observed: ResultCode?)] = []
        /// Values bound in this run, by symbol (for the curl script).
        public var bindings: [Sym: String] = [:]
        public var salt = ""
    }

    /// Runs `steps` under `salt`; stops at the first violation.
    public func run(_ steps: [Op], salt: String) async -> Run {
        var player = Player(configuration: configuration, index: 0, salt: salt)
        var out = Run()
        out.salt = salt
        for step in steps {
            guard player.canSend(step.action) else {
                out.unresolved = true
                out.missing = step.action.references.filter { player.belief.primary.value(of: $0) == nil }
                break
            }
            let planned = player.make(step.action, id: step.id, now: clock.now())
            let bindings = player.belief.primary.bindings
            let (r, v) = await player.execute(planned, with: executor, clock: clock)
            out.executed += 1
            out.steps.append((v.predictedCodes, r.code))
            if let x = v.violations.first {
                out.violation = x
                out.bindings = bindings
                return out
            }
            out.bindings = player.belief.primary.bindings
        }
        return out
    }

    /// Checks a candidate against the model alone (every outcome it allows, no server): false
    /// when a step refers to a value no earlier step can have produced.
    public func isMeaningful(_ steps: [Op]) async -> Bool {
        GamebaseModel(semantics: configuration.semantics).firstDanglingReference(in: steps) == nil
    }

}
