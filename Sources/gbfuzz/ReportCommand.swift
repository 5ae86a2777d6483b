import ArgumentParser
import Foundation
import Protocol
import Report

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
            FileHandle.standardError.write(Data("gbfuzz report: \(error)\n".utf8))
            throw ExitCode(64)
        }
        do {
            let url = try RunOutputs(directory: directory).writeHTML(data, codeName: Self.codeName)
            print("wrote \(url.path)")
        } catch {
            FileHandle.standardError.write(Data("gbfuzz report: \(error)\n".utf8))
            throw ExitCode(70)
        }
    }

    /// The documented name of a result code, or nil for codes the project does not know.
    static func codeName(_ code: Int) -> String? {
        let name = ResultCode(code).name
        return name.hasPrefix("UNKNOWN_") ? nil : name
    }
}
