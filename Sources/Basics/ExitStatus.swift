/// Exit statuses of every gbfuzz command (docs/PROFILES.md lists them). Commands return these, never
/// bare numbers; the values follow BSD `sysexits.h` where one fits.
package enum ExitStatus: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Clean: no violation, every threshold held (`replay`: the violation did not reproduce).
    case clean = 0
    /// A threshold failed.
    case thresholdFailed = 1
    /// Violations found (wins over a failed threshold); `replay`: the violation reproduced.
    case violations = 2
    /// Neither passed nor failed: `run`, the target's knobs changed during the run (wins over
    /// violations and thresholds); or the linearizability checker ran out of its budget for a
    /// partition and none was violated (`check`; `run` with `race:` when nothing else failed).
    case unknown = 3
    /// Bad command line, profile, configuration or input file (EX_USAGE).
    case usage = 64
    /// The target could not be reached (EX_UNAVAILABLE).
    case unreachable = 69
    /// An internal error (EX_SOFTWARE).
    case software = 70
    /// An output could not be created or written (EX_CANTCREAT): the results folder is not
    /// writable, is under a file, or was reused without `--overwrite`.
    case cannotCreate = 73
    /// Interrupted (Ctrl-C / SIGTERM); results still written.
    case interrupted = 130

    package var description: String {
        switch self {
        case .clean: "clean"
        case .thresholdFailed: "a threshold failed"
        case .violations: "violations found"
        case .unknown: "unknown (the target's knobs changed, or a check's budget ran out)"
        case .usage: "bad command line or input"
        case .unreachable: "target unreachable"
        case .software: "internal error"
        case .cannotCreate: "cannot write the results"
        case .interrupted: "interrupted"
        }
    }
}

/// A command that cannot start or finish, with the exit status it maps to and a message for the user.
package struct CommandError: Error, Sendable, CustomStringConvertible {
    package var exit: ExitStatus
    package var message: String
    package init(_ exit: ExitStatus, _ message: String) {
        self.exit = exit
        self.message = message
    }
    package var description: String { message }
}
