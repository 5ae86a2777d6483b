import Foundation
import Model
import Protocol

/// Runs a reproducer against a target with fresh identities and says whether the violation
/// (same rule) happens again.
public struct Replayer: Sendable {
    public let executor: any OperationExecutor
    public let clock: ClockTracker

    public init(executor: any OperationExecutor, clock: ClockTracker) {
        self.executor = executor
        self.clock = clock
    }

    public struct Result: Sendable {
        public var reproduced: Bool
        /// The violation seen (any rule), if one was.
        public var violation: Violation?
        public var run: ScriptRunner.Run
    }

    public func replay(_ repro: ReproFile, idPSecret: String = IdPTokenSigner.defaultSecret) async -> Result {
        let config = FuzzConfiguration(
            seed: repro.seed,
            runSalt: "replay",
            semantics: repro.semantics,
            idPSecret: idPSecret,
            capabilities: repro.capabilities
        )
        let runner = ScriptRunner(configuration: config, executor: executor, clock: clock)
        let salt = "rp\(UInt32.random(in: 0...UInt32.max))"
        let run = await runner.run(repro.sequence, salt: salt)
        return Result(reproduced: run.violation?.rule == repro.rule, violation: run.violation, run: run)
    }
}
