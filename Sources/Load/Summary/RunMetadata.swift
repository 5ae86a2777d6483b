/// What the engine knows about a run that the recorder does not.
public struct RunMetadata: Sendable, Equatable {
    public var seed: UInt64
    /// The profile's name (e.g. `smoke`).
    public var profile: String
    /// The target's URL or description; credentials are stripped when the summary is built.
    public var target: String
    /// The effective configuration, flattened to strings (`stages.0.duration` → `30s`).
    /// Values of secret-like keys are redacted when the summary is built.
    public var configuration: [String: String]

    public init(seed: UInt64, profile: String, target: String, configuration: [String: String] = [:]) {
        self.seed = seed
        self.profile = profile
        self.target = target
        self.configuration = configuration
    }
}
