import Engine

/// What `gbfuzz run` was asked to do: a profile plus command-line overrides.
package struct RunRequest: Sendable {
    package var profilePath: String
    /// `embedded` or a URL.
    package var target: String?
    package var duration: Duration?
    package var seed: UInt64?
    /// The run folder itself (instead of `results/<run-id>/`).
    package var out: String?
    package var serveBugs: [String] = []
    package var players: Int?
    package var rate: Double?
    package var maxOperations: Int?
    package var secretKey: String?
    /// A knob file (`--semantics`, e.g. what `gbfuzz calibrate` wrote) laid over the profile's knobs.
    package var semanticsFile: String?
    package var progress: OutputSpec.Progress?
    /// Stop the load at the first violation.
    package var failFast = false
    /// Clear a non-empty `--out` folder instead of refusing it.
    package var overwrite = false

    package init(profilePath: String) { self.profilePath = profilePath }
}
