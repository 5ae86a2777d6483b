import ArgumentParser
import Basics
import Foundation

/// A duration on the command line, in the one grammar of profiles and flags (``DurationText``):
/// `500ms`, `5s`, `1.5s`, `1m30s`, `2h`, `250us`; a bare number is seconds.
struct DurationArgument: ExpressibleByArgument, Sendable, CustomStringConvertible {
    var duration: Duration

    init?(argument: String) {
        guard let d = DurationText.parse(argument) else { return nil }
        duration = d
    }

    init(_ duration: Duration) { self.duration = duration }

    /// Parses a flag's value with a message that says what is wrong. Options taking a duration use
    /// it with `parsing: .unconditional`, so `--duration -5s` reaches it (and is refused as
    /// negative) instead of being read as a flag named `-5s`.
    static func parse(_ text: String) throws -> DurationArgument {
        if text.trimmingCharacters(in: .whitespaces).hasPrefix("-") {
            throw ValidationError("a duration cannot be negative (got \"\(text)\")")
        }
        guard let d = DurationArgument(argument: text) else {
            throw ValidationError(
                "\"\(text)\" is not a duration; write e.g. 500ms, 30s, 1m30s, 2h (a bare number is seconds)"
            )
        }
        return d
    }

    var description: String { DurationText.format(duration) }
    var defaultValueDescription: String { description }
    var seconds: Double { duration.seconds }
}
