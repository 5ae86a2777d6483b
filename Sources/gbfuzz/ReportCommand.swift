import ArgumentParser
import Basics
import Foundation
import Protocol
import Results

/// `gbfuzz report RUN_DIR`: re-renders `report.html` from `summary.json` and the interval logs.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Re-render report.html from a run directory's summary.json and latency.hlog.",
        discussion: """
            Reads RUN_DIR/summary.json, RUN_DIR/latency.hlog and (if present) RUN_DIR/service.hlog, and \
            writes RUN_DIR/report.html atomically. Exits 64 when an input file is missing or corrupt.
            """
    )

    @Argument(help: "The run directory (results/<run-id>).", completion: .directory)
    var runDirectory: String

    func run() throws {
        let directory = URL(fileURLWithPath: runDirectory)
        let data: ReportData
        do {
            data = try RunDirectory.load(directory)
        } catch {
            throw ExitCode.failing(.usage, "gbfuzz report: \(error)")
        }
        do {
            let url = try RunOutputs(directory: directory).writeHTML(data, codeName: Self.codeName)
            print("wrote \(url.path)")
        } catch {
            throw ExitCode.failing(.software, "gbfuzz report: \(error)")
        }
    }

    /// The documented name of a result code, or nil for codes the project does not know.
    static func codeName(_ code: Int) -> String? {
        let name = ResultCode(code).name
        return name.hasPrefix("UNKNOWN_") ? nil : name
    }
}
