import ArgumentParser
import Basics
import Foundation

extension ExitCode {
    /// The exit code of one of gbfuzz's statuses: commands exit through ``ExitStatus`` only.
    init(_ status: ExitStatus) { self.init(status.rawValue) }

    /// Writes `message` to standard error and gives the exit code of `status`.
    static func failing(_ status: ExitStatus, _ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode(status)
    }
}
