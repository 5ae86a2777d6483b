import ArgumentParser

/// A command-line duration: a number with a unit (`500ms`, `5s`, `1.5s`, `1m`, `2h`, `250us`); a bare
/// number is seconds.
struct BenchDuration: ExpressibleByArgument, Sendable, CustomStringConvertible {
    var duration: Duration
    let text: String

    init?(argument: String) {
        let units: [(suffix: String, seconds: Double)] = [
            ("ms", 1e-3), ("us", 1e-6), ("µs", 1e-6), ("ns", 1e-9), ("s", 1), ("m", 60), ("h", 3600),
        ]
        let trimmed = argument.trimmingPrefixAndSuffixSpaces()
        var scale = 1.0
        var number = Substring(trimmed)
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            scale = unit.seconds
            number = trimmed.dropLast(unit.suffix.count)
            break
        }
        guard let value = Double(number), value.isFinite, value >= 0, value * scale < 1e9 else { return nil }
        let nanoseconds = (value * scale * 1e9).rounded()
        duration = .nanoseconds(Int64(nanoseconds))
        text = argument
    }

    init(_ duration: Duration) {
        self.duration = duration
        text = "\(duration)"
    }

    var description: String { text }

    var seconds: Double {
        let (s, atto) = duration.components
        return Double(s) + Double(atto) / 1e18
    }
}

extension String {
    fileprivate func trimmingPrefixAndSuffixSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
