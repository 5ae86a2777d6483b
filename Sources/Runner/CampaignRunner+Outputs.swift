import Basics
import Engine
import Foundation
import Fuzz
import Linearizability
import Model
import Plan
import Protocol
import Results

extension CampaignRunner {
    /// Everything a finished run writes.
    struct Artifacts: Sendable {
        var summary: RunSummary
        var recording: Recording
        var reproductions: [Reproduction]
        /// A race-hunting run's history (`history.jsonl`).
        var history: History? = nil
    }

    /// Writes the results into the plan's folder; when that fails, into a fallback folder that is
    /// named to the user. Returns the folder written, or `nil` when nothing could be written (the
    /// summary table is printed before, so it is never lost).
    func writeResults(_ artifacts: Artifacts) -> (folder: URL?, failed: Bool) {
        do {
            try write(artifacts, to: plan.directory)
            return (plan.directory, false)
        } catch {
            say("gbfuzz run: cannot write the results to \(plan.directory.path): \(error.message)")
        }
        for fallback in fallbackFolders {
            do {
                try OutputFolder.prepare(fallback, overwrite: false)
                try write(artifacts, to: fallback)
                say("gbfuzz run: the results were written to \(fallback.path) instead")
                return (fallback, true)
            } catch {
                say("gbfuzz run: cannot write the results to \(fallback.path) either: \(error.message)")
            }
        }
        say("gbfuzz run: the results could not be written anywhere; the summary above is all that is left")
        return (nil, true)
    }

    /// Where results go when their folder fails late: the working directory, then the temporary one.
    static func fallbackFolders(runId: String) -> [URL] {
        let name = "gbfuzz-results-\(runId)"
        return [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(name),
            FileManager.default.temporaryDirectory.appendingPathComponent(name),
        ]
    }

    private func write(_ a: Artifacts, to folder: URL) throws(OutputError) {
        let violations = folder.appendingPathComponent("violations")
        for r in a.reproductions {
            guard let files = r.files else { continue }
            do {
                try Reproducer.write(files, number: r.entry.index, to: violations)
            } catch {
                throw OutputError(.writeFailed, path: violations.path, OutputFolder.reason(error))
            }
        }
        let profile = plan.profile
        let outputs = RunOutputs(directory: folder, secrets: [profile.target.secretKey, profile.target.idpSecret])
        if let history = a.history {
            let lines: Data
            do {
                lines = try history.jsonLines()
            } catch {
                throw OutputError(.writeFailed, path: outputs.file(RunOutputs.historyFile).path, "\(error)")
            }
            try outputs.write(String(decoding: lines, as: UTF8.self), to: RunOutputs.historyFile)
        }
        let rules = RuleID.protocolRules + (a.history == nil ? [] : [.LIN])
        try outputs.write(summary: a.summary, recording: a.recording, rules: rules.map(\.rawValue)) {
            ResultCode($0).name
        }
    }
}
