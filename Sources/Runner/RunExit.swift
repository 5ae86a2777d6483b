/// Exit codes of `gbfuzz run` (DESIGN.md §7).
public enum RunExit: Int32, Sendable, CustomStringConvertible {
    /// Clean: no violation, every threshold held.
    case clean = 0
    /// A threshold failed.
    case thresholdFailed = 1
    /// Violations found (wins over a failed threshold).
    case violations = 2
    /// Bad command line or profile.
    case usage = 64
    /// The target could not be reached.
    case unreachable = 69
    /// An internal error.
    case software = 70
    /// Interrupted (Ctrl-C / SIGTERM); results still written.
    case interrupted = 130

    public var description: String {
        switch self {
        case .clean: "clean"
        case .thresholdFailed: "a threshold failed"
        case .violations: "violations found"
        case .usage: "bad command line or profile"
        case .unreachable: "target unreachable"
        case .software: "internal error"
        case .interrupted: "interrupted"
        }
    }
}

/// A run that cannot start or finish, with the exit code it maps to and a message for the user.
public struct RunError: Error, Sendable, CustomStringConvertible {
    public var exit: RunExit
    public var message: String
    public init(_ exit: RunExit, _ message: String) {
        self.exit = exit
        self.message = message
    }
    public var description: String { message }
}
