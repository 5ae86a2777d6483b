import Model

/// Replays a sequence several times with fresh identities and counts how often it violates the
/// same rule again: what tells a reproducer that holds from a flaky one.
package struct Confirmer: Sendable {
    package let runner: ScriptRunner

    package init(runner: ScriptRunner) { self.runner = runner }

    /// What the replays showed.
    package struct Result: Sendable {
        package var replays = 0
        package var reproduced = 0
        /// A replay to record per-step expectations from: the first that reproduced, else the last.
        package var run: ScriptRunner.Run?
    }

    /// Replays `steps` up to `times` times; stops early at `deadline` or on cancellation.
    package func confirm(
        _ steps: [Op],
        rule: RuleID,
        times: Int,
        deadline: ContinuousClock.Instant? = nil
    ) async -> Result {
        var result = Result()
        let prefix = "cf\(UInt32.random(in: 0...UInt32.max))"
        for i in 0..<max(0, times) {
            if Task.isCancelled || deadline.map({ ContinuousClock.now >= $0 }) ?? false { break }
            let run = await runner.run(steps, salt: "\(prefix)r\(i)")
            result.replays += 1
            if run.violation?.rule == rule {
                result.reproduced += 1
                if result.run?.violation?.rule != rule { result.run = run }
            } else if result.run == nil || result.run?.violation?.rule != rule {
                result.run = run
            }
        }
        return result
    }
}
