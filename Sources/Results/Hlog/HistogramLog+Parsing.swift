import Engine
import Foundation

extension HistogramLog {
    /// Parses an interval log (formats 1.2 and 1.3, tagged or not).
    /// - Throws: ``HlogError`` naming the line of the first problem.
    package init(parsing text: String) throws(HlogError) {
        var startTime: Double?
        var baseTime: Double?
        var comments: [String] = []
        var entries: [HistogramLogEntry] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy(\.isWhitespace) { continue }
            if line.hasPrefix("#") {
                if let value = Self.headerNumber(line, key: "#[StartTime:") {
                    startTime = value
                } else if let value = Self.headerNumber(line, key: "#[BaseTime:") {
                    baseTime = value
                } else if !line.hasPrefix("#[Histogram log format version") {
                    comments.append(String(line.dropFirst()))
                }
                continue
            }
            if line.hasPrefix("\"StartTimestamp\"") { continue }
            entries.append(try Self.entry(line, lineNumber: lineNumber))
        }
        self.init(startTime: startTime, baseTime: baseTime, comments: comments, entries: entries)
    }

    private static func headerNumber(_ line: Substring, key: String) -> Double? {
        guard line.hasPrefix(key) else { return nil }
        let number = line.dropFirst(key.count).drop(while: { $0 == " " }).prefix { $0.isNumber || $0 == "." }
        return Double(number)
    }

    private static func entry(_ line: Substring, lineNumber: Int) throws(HlogError) -> HistogramLogEntry {
        var rest = line
        var tag: String?
        if rest.hasPrefix("Tag=") {
            guard let comma = rest.firstIndex(of: ",") else {
                throw HlogError(.malformedLine, line: lineNumber, "a 'Tag=' with no interval after it")
            }
            tag = String(rest[rest.index(rest.startIndex, offsetBy: 4)..<comma])
            rest = rest[rest.index(after: comma)...]
        }
        let fields = rest.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 4 else {
            throw HlogError(
                .malformedLine,
                line: lineNumber,
                "expected StartTimestamp,Interval_Length,Interval_Max,Interval_Compressed_Histogram; found \(fields.count) fields"
            )
        }
        guard let start = Double(fields[0].trimmingCharacters(in: .whitespaces)), start.isFinite else {
            throw HlogError(.malformedLine, line: lineNumber, "'\(fields[0])' is not a start timestamp")
        }
        guard let length = Double(fields[1].trimmingCharacters(in: .whitespaces)), length.isFinite, length >= 0 else {
            throw HlogError(.malformedLine, line: lineNumber, "'\(fields[1])' is not an interval length")
        }
        do {
            let histogram = try HistogramCodec.decode(base64: fields[3].trimmingCharacters(in: .whitespaces))
            return HistogramLogEntry(tag: tag, start: start, length: length, histogram: histogram)
        } catch {
            throw HlogError(.badHistogram, line: lineNumber, "the interval histogram cannot be decoded: \(error)")
        }
    }
}
