import Engine
import Foundation

extension HistogramLog {
    /// The log's text in format 1.3, the way HdrHistogram's Java `HistogramLogWriter` lays it out.
    ///
    /// `Interval_Max` is the interval's max value divided by `maxValueUnitRatio` (1,000: µs → ms).
    package func text(maxValueUnitRatio: Double = 1_000) -> String {
        var lines: [String] = []
        for comment in comments { lines.append("#" + comment) }
        lines.append("#[Histogram log format version 1.3]")
        if let startTime {
            lines.append("#[StartTime: \(Self.seconds(startTime)) (seconds since epoch), \(Self.javaDate(startTime))]")
        }
        if let baseTime {
            lines.append("#[BaseTime: \(Self.seconds(baseTime)) (seconds since epoch)]")
        }
        lines.append("\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"")
        for entry in entries {
            let prefix = entry.tag.map { "Tag=\(HlogTag.sanitize($0))," } ?? ""
            let max = Double(entry.histogram.maxValue) / maxValueUnitRatio
            lines.append(
                prefix + "\(Self.seconds(entry.start)),\(Self.seconds(entry.length)),\(Self.seconds(max)),"
                    + HistogramCodec.encodeBase64(entry.histogram)
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `%.3f`, without locale surprises.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", locale: Locale(identifier: "en_US_POSIX"), value)
    }

    /// `Wed Sep 09 15:24:39 UTC 2015`, as Java's `Date.toString()` prints in UTC.
    static func javaDate(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss 'UTC' yyyy"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
