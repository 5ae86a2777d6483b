/// Parses and prints durations the way profiles and command lines write them:
/// `30s`, `500ms`, `1m30s`, `2h`, `250us`, `1.5s`; a bare number is seconds.
package enum DurationText {
    /// The duration `text` denotes, or `nil` if it is not a duration.
    package static func parse(_ text: String) -> Duration? {
        let s = text.trimmingCharacters(in: " \t")
        guard !s.isEmpty else { return nil }
        if let seconds = Double(s), seconds.isFinite, seconds >= 0 {
            return .milliseconds(Int64((seconds * 1000).rounded()))
        }
        var total: Double = 0  // nanoseconds
        var rest = Substring(s)
        while !rest.isEmpty {
            let numberEnd = rest.firstIndex { !($0.isNumber || $0 == ".") } ?? rest.endIndex
            guard numberEnd > rest.startIndex, let value = Double(rest[..<numberEnd]), value.isFinite else {
                return nil
            }
            rest = rest[numberEnd...]
            let unitEnd = rest.firstIndex { $0.isNumber || $0 == "." } ?? rest.endIndex
            let unit = rest[..<unitEnd]
            rest = rest[unitEnd...]
            let scale: Double
            switch unit {
            case "ns": scale = 1
            case "us", "µs": scale = 1e3
            case "ms": scale = 1e6
            case "s": scale = 1e9
            case "m": scale = 60e9
            case "h": scale = 3600e9
            case "d": scale = 86_400e9
            default: return nil
            }
            total += value * scale
        }
        guard total <= Double(Int64.max) else { return nil }
        return .nanoseconds(Int64(total.rounded()))
    }

    /// A short human form: `30s`, `1.5s`, `250ms`, `2m`.
    package static func format(_ d: Duration) -> String {
        let ns = d.nanoseconds
        if ns % 60_000_000_000 == 0 && ns >= 60_000_000_000 { return "\(ns / 60_000_000_000)m" }
        if ns % 1_000_000_000 == 0 { return "\(ns / 1_000_000_000)s" }
        if ns >= 1_000_000_000 { return "\(Double(ns) / 1e9)s" }
        if ns % 1_000_000 == 0 { return "\(ns / 1_000_000)ms" }
        return "\(Double(ns) / 1e6)ms"
    }
}

extension Duration {
    /// Whole nanoseconds (saturating).
    package var nanoseconds: Int64 {
        let (s, atto) = components
        let (m, o) = s.multipliedReportingOverflow(by: 1_000_000_000)
        if o { return s < 0 ? .min : .max }
        return m.addingReportingOverflow(atto / 1_000_000_000).overflow ? .max : m + atto / 1_000_000_000
    }

    /// Seconds as a floating-point number.
    package var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var sub = Substring(self)
        while let f = sub.first, set.contains(f) { sub.removeFirst() }
        while let l = sub.last, set.contains(l) { sub.removeLast() }
        return String(sub)
    }
}
