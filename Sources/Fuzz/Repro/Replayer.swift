import Foundation
import Model
import Protocol

/// Runs a reproducer against a target with fresh identities and says whether the violation
/// (same rule) happens again.
package struct Replayer: Sendable {
    package let executor: any OperationExecutor
    package let clock: ClockTracker

    package init(executor: any OperationExecutor, clock: ClockTracker) {
        self.executor = executor
        self.clock = clock
    }

    package struct Result: Sendable {
        package var reproduced: Bool
        /// The violation seen (any rule), if one was.
        package var violation: Violation?
        package var run: ScriptRunner.Run
    }

    package func replay(_ repro: ReproFile, idPSecret: String = IdPTokenSigner.defaultSecret) async -> Result {
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
