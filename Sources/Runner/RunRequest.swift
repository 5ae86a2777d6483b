import Load

/// What `gbfuzz run` was asked to do: a profile plus command-line overrides.
public struct RunRequest: Sendable {
    public var profilePath: String
    /// `embedded` or a URL.
    public var target: String?
    public var duration: Duration?
    public var seed: UInt64?
    /// The run folder itself (instead of `results/<run-id>/`).
    public var out: String?
    public var serveBugs: [String] = []
    public var players: Int?
    public var rate: Double?
    public var maxOperations: Int?
    public var secretKey: String?
    public var progress: OutputSpec.Progress?
    /// Stop the load at the first violation.
    public var failFast = false

    public init(profilePath: String) { self.profilePath = profilePath }
}
