import Engine
import Foundation

/// An HdrHistogram interval log (`.hlog`, format 1.3): a sequence of tagged interval histograms.
///
/// gbfuzz writes one line per interval without a tag (every operation merged) and one per
/// (interval, operation) with `Tag=<operation>`. Values are microseconds; `Interval_Max` is milliseconds.
package struct HistogramLog: Sendable {
    /// `#[StartTime: …]`, seconds since the epoch.
    package var startTime: Double?
    /// `#[BaseTime: …]`, seconds since the epoch: interval timestamps are relative to it.
    package var baseTime: Double?
    /// Other `#` comment lines, without the `#`.
    package var comments: [String]
    package var entries: [HistogramLogEntry]

    package init(startTime: Double?, baseTime: Double?, comments: [String] = [], entries: [HistogramLogEntry]) {
        self.startTime = startTime
        self.baseTime = baseTime
        self.comments = comments
        self.entries = entries
    }

    /// The seconds from the log's start to the start of `entry` (HdrHistogram's reader rules: a
    /// timestamp is relative to BaseTime when one is given, else absolute if it is later than a year
    /// before StartTime, else relative to StartTime).
    package func offsetFromStart(_ entry: HistogramLogEntry) -> Double {
        let start = startTime ?? entries.first.map { absoluteTime(of: $0) } ?? 0
        return absoluteTime(of: entry) - start
    }

    /// Seconds since the epoch at which `entry` starts (or relative seconds if the log has no times).
    package func absoluteTime(of entry: HistogramLogEntry) -> Double {
        if let baseTime { return entry.start + baseTime }
        if let startTime, entry.start < startTime - 365 * 24 * 3_600 { return entry.start + startTime }
        return entry.start
    }

    /// The distinct tags, in order of first appearance (`nil` for untagged lines).
    package var tags: [String?] {
        var seen: [String?] = []
        for entry in entries where !seen.contains(entry.tag) { seen.append(entry.tag) }
        return seen
    }
}

/// One line of an interval log.
package struct HistogramLogEntry: Sendable, Hashable {
    /// `Tag=` value, or `nil` for an untagged line.
    package var tag: String?
    /// The interval's start timestamp as written (seconds; see ``HistogramLog/absoluteTime(of:)``).
    package var start: Double
    /// The interval's length, seconds.
    package var length: Double
    package var histogram: PackedHistogram

    package init(tag: String?, start: Double, length: Double, histogram: PackedHistogram) {
        self.tag = tag
        self.start = start
        self.length = length
        self.histogram = histogram
    }
}

/// Tags must not contain the separators HdrHistogram readers split on.
package enum HlogTag {
    /// `name` with every character outside `[A-Za-z0-9._/:+-]` replaced by `_` (empty becomes `_`).
    package static func sanitize(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/:+-")
        let cleaned = String(name.map { allowed.contains($0) ? $0 : "_" })
        return cleaned.isEmpty ? "_" : cleaned
    }
}
