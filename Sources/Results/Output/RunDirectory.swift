import Engine
import Foundation

/// Reads a run directory back (for `gbfuzz report`).
package enum RunDirectory {
    /// Loads `summary.json`, `latency.hlog` and, if present, `service.hlog`.
    /// - Throws: ``OutputError`` naming the missing or corrupt file.
    package static func load(_ directory: URL) throws(OutputError) -> ReportData {
        let summary = try summary(in: directory)
        let latency = try log(directory.appendingPathComponent(RunOutputs.latencyLogFile))
        let serviceURL = directory.appendingPathComponent(RunOutputs.serviceLogFile)
        let service = FileManager.default.fileExists(atPath: serviceURL.path) ? try log(serviceURL) : nil
        do {
            return try ReportData(summary: summary, latencyLog: latency, serviceLog: service)
        } catch {
            throw OutputError(.corruptFile, path: directory.path, "the interval logs cannot be combined: \(error)")
        }
    }

    /// Reads and checks `summary.json`.
    package static func summary(in directory: URL) throws(OutputError) -> RunSummary {
        let summaryURL = directory.appendingPathComponent(RunOutputs.summaryFile)
        let summary: RunSummary
        do {
            summary = try RunSummary.decode(from: try read(summaryURL))
        } catch let error as OutputError {
            throw error
        } catch {
            throw OutputError(.corruptFile, path: summaryURL.path, "not a gbfuzz summary: \(describe(error))")
        }
        guard summary.schema == RunSummary.schemaIdentifier else {
            throw OutputError(
                .corruptFile,
                path: summaryURL.path,
                "schema '\(summary.schema)' is not \(RunSummary.schemaIdentifier)"
            )
        }
        return summary
    }

    /// Reads an interval log.
    package static func log(_ url: URL) throws(OutputError) -> HistogramLog {
        let data = try read(url)
        guard let text = String(data: data, encoding: .utf8) else {
            throw OutputError(.corruptFile, path: url.path, "not UTF-8 text")
        }
        do {
            return try HistogramLog(parsing: text)
        } catch {
            throw OutputError(.corruptFile, path: url.path, error.description)
        }
    }

    private static func read(_ url: URL) throws(OutputError) -> Data {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw OutputError(.missingFile, path: url.path, "file not found")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw OutputError(.corruptFile, path: url.path, "cannot be read: \(error.localizedDescription)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing key '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        default:
            return "\(error)"
        }
    }
}
