import Foundation
import Load

/// Writes a run's result files into its directory, each atomically, with every known secret scrubbed.
///
/// Files: `summary.json`, `latency.hlog`, `service.hlog`, `junit.xml`, `report.html`
/// (the engine writes `violations/NNN.json` and `NNN.sh` itself).
public struct RunOutputs: Sendable {
    public static let summaryFile = "summary.json"
    public static let latencyLogFile = "latency.hlog"
    public static let serviceLogFile = "service.hlog"
    public static let junitFile = "junit.xml"
    public static let htmlFile = "report.html"

    public let directory: URL
    /// Secret values (the app's secret key, the IdP test secret…) that must never appear in a file.
    public let secrets: [String]

    public init(directory: URL, secrets: [String] = []) {
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
    public func write(
        summary: RunSummary,
        recording: Recording,
        rules: [String] = [],
        codeName: (Int) -> String? = { _ in nil }
    ) throws(OutputError) -> [URL] {
        var written: [URL] = []
        written.append(try write(HistogramLog(recording: recording, metric: .latency).text(), to: Self.latencyLogFile))
        written.append(try write(HistogramLog(recording: recording, metric: .service).text(), to: Self.serviceLogFile))
        written.append(try writeSummary(summary))
        written.append(try write(JUnitReport.render(summary: summary, rules: rules), to: Self.junitFile))
        written.append(try writeHTML(ReportData(summary: summary, recording: recording), codeName: codeName))
        return written
    }

    /// Writes `summary.json`.
    @discardableResult
    public func writeSummary(_ summary: RunSummary) throws(OutputError) -> URL {
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
    public func writeHTML(_ data: ReportData, codeName: (Int) -> String? = { _ in nil }) throws(OutputError) -> URL {
        try write(HTMLReport.render(data, codeName: codeName), to: Self.htmlFile)
    }

    /// Writes `text` to `name` inside the run directory, scrubbing secrets first.
    @discardableResult
    public func write(_ text: String, to name: String) throws(OutputError) -> URL {
        let url = file(name)
        try AtomicFile.write(Redaction.scrub(text, secrets: secrets), to: url)
        return url
    }

    public func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
}
