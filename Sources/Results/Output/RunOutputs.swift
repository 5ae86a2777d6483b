import Engine
import Foundation

/// Writes a run's result files into its directory, each atomically, with every known secret scrubbed.
///
/// Files: `summary.json`, `latency.hlog`, `service.hlog`, `outcomes.hlog`, `junit.xml`, `report.html`, and a
/// race-hunting run's `history.jsonl` (the engine writes `violations/NNN.json` and `NNN.sh` itself).
package struct RunOutputs: Sendable {
    package static let summaryFile = "summary.json"
    package static let latencyLogFile = "latency.hlog"
    package static let serviceLogFile = "service.hlog"
    package static let junitFile = "junit.xml"
    package static let htmlFile = "report.html"
    package static let historyFile = "history.jsonl"
    package static let outcomesLogFile = "outcomes.hlog"

    package let directory: URL
    /// Secret values (the app's secret key, the IdP test secret…) that must never appear in a file.
    package let secrets: [String]

    package init(directory: URL, secrets: [String] = []) {
        self.directory = directory
        self.secrets = secrets
    }

    /// Writes every output of a finished run and returns the files written.
    ///
    /// - Parameters:
    ///   - summary: the summary, thresholds already evaluated.
    ///   - recording: the recorder's result (for the interval logs and the report's histograms).
    ///   - rules: the rule ids the run checked (one JUnit test case each).
    ///   - codeName: names of Gamebase result codes for the report (e.g. `{ ResultCode($0).name }`).
    @discardableResult
    package func write(
        summary: RunSummary,
        recording: Recording,
        rules: [String] = [],
        codeName: (Int) -> String? = { _ in nil }
    ) throws(OutputError) -> [URL] {
        var written: [URL] = []
        written.append(try write(HistogramLog(recording: recording, metric: .latency).text(), to: Self.latencyLogFile))
        written.append(try write(HistogramLog(recording: recording, metric: .service).text(), to: Self.serviceLogFile))
        written.append(try write(HistogramLog(outcomesOf: recording).text(), to: Self.outcomesLogFile))
        written.append(try writeSummary(summary))
        written.append(try write(JUnitReport.render(summary: summary, rules: rules), to: Self.junitFile))
        written.append(try writeHTML(ReportData(summary: summary, recording: recording), codeName: codeName))
        return written
    }

    /// Writes `summary.json`.
    @discardableResult
    package func writeSummary(_ summary: RunSummary) throws(OutputError) -> URL {
        let data: Data
        do {
            data = try summary.jsonData()
        } catch {
            throw OutputError(.writeFailed, path: file(Self.summaryFile).path, "cannot encode the summary: \(error)")
        }
        return try write(String(decoding: data, as: UTF8.self), to: Self.summaryFile)
    }

    /// Writes `report.html`.
    @discardableResult
    package func writeHTML(_ data: ReportData, codeName: (Int) -> String? = { _ in nil }) throws(OutputError) -> URL {
        try write(HTMLReport.render(data, codeName: codeName), to: Self.htmlFile)
    }

    /// Writes `text` to `name` inside the run directory, scrubbing secrets first.
    @discardableResult
    package func write(_ text: String, to name: String) throws(OutputError) -> URL {
        let url = file(name)
        try AtomicFile.write(Redaction.scrub(text, secrets: secrets), to: url)
        return url
    }

    package func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
}
