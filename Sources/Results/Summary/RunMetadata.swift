/// What the engine knows about a run that the recorder does not.
package struct RunMetadata: Sendable, Equatable {
    package var seed: UInt64
    /// The profile's name (e.g. `smoke`).
    package var profile: String
    /// The target's URL or description; credentials are stripped when the summary is built.
    package var target: String
    /// The effective configuration, flattened to strings (`stages.0.duration` → `30s`).
    /// Values of secret-like keys are redacted when the summary is built.
    package var configuration: [String: String]
    /// How well the reference model kept up (`summary.json` `model`).
    package var model = ModelSummary()
    /// Interrupted or not, phases, clock waits, the audit (`summary.json` `run`).
    package var status = RunStatus()

    package init(seed: UInt64, profile: String, target: String, configuration: [String: String] = [:]) {
        self.seed = seed
        self.profile = profile
        self.target = target
        self.configuration = configuration
    }
}
