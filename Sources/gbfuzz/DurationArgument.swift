import ArgumentParser
import Basics

/// A duration on the command line, in the one grammar of profiles and flags (``DurationText``):
/// `500ms`, `5s`, `1.5s`, `1m30s`, `2h`, `250us`; a bare number is seconds.
struct DurationArgument: ExpressibleByArgument, Sendable, CustomStringConvertible {
    var duration: Duration

    init?(argument: String) {
        guard let d = DurationText.parse(argument) else { return nil }
        duration = d
    }

    init(_ duration: Duration) { self.duration = duration }

    var description: String { DurationText.format(duration) }
    var defaultValueDescription: String { description }
    var seconds: Double { duration.seconds }
}
