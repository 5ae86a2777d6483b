import ArgumentParser
import Basics
import Foundation
import Results
import Runner

/// `gbfuzz merge RUN_DIR… --out DIR`: the shards of a run combined exactly; `gbfuzz merge A.hlog
/// B.hlog… -o OUT.hlog`: interval logs merged exactly.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the run folders of a sharded run, or HdrHistogram interval logs (.hlog), exactly.",
        discussion: """
            Run folders (gbfuzz run --shard i/N): their outcomes.hlog histograms are added bucket by bucket and \
            the run rebuilt from them, so counts are summed and every percentile is that of one histogram holding \
            every sample; thresholds are evaluated again; violations (with their reproducers) and race histories \
            are collected. --out DIR gets summary.json, the .hlog files, report.html and junit.xml. Exits like \
            gbfuzz run on the merged result (0 clean, 1 a threshold failed, 2 violations, 3 unknown).

            Interval logs: lines with the same tag and the same start relative to their log's StartTime are \
            added count by count. Exits 64 when an input is missing, corrupt or of another run's split (a shard \
            given twice, shards of different N), 73 when the output cannot be written.
            """
    )

    @Argument(help: "The run folders, or the interval logs, to merge.", completion: .file())
    var inputs: [String]

    @Option(
        name: [.short, .customLong("out"), .customLong("output")],
        help: "The merged run folder (for run folders) or log file (for .hlog files)."
    )
    var output: String

    @Flag(help: "Run folders: clear a non-empty --out folder first.")
    var overwrite = false

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one run folder or .hlog file to merge") }
    }

    func run() throws {
        let folders = inputs.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        if folders.isEmpty { return try mergeLogs() }
        guard folders.count == inputs.count else {
            throw ExitCode.failing(.usage, "gbfuzz merge: give run folders or .hlog files, not both")
        }
        var merger = RunMerger(
            sources: inputs.map { URL(fileURLWithPath: $0) },
            destination: URL(fileURLWithPath: output)
        )
        merger.overwrite = overwrite
        let outcome: RunMerger.Outcome
        do {
            outcome = try merger.run()
        } catch {
            throw ExitCode.failing(error.exit, error.message)
        }
        print(SummaryTable.render(outcome.summary) + "\n")
        print("merged \(inputs.count) runs into \(output)")
        if outcome.exit != .clean { throw ExitCode(outcome.exit.rawValue) }
    }

    private func mergeLogs() throws {
        // The output's folder must exist: a mistyped path is refused, not created.
        let parent = URL(fileURLWithPath: output).deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ExitCode.failing(
                .cannotCreate,
                "gbfuzz merge: cannot write \(output): the folder \(parent.path) does not exist"
            )
        }
        var logs: [HistogramLog] = []
        for path in inputs {
            guard FileManager.default.fileExists(atPath: path) else {
                throw ExitCode.failing(.usage, "gbfuzz merge: \(path): file not found")
            }
            do {
                let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
                logs.append(try HistogramLog(parsing: text))
            } catch {
                throw ExitCode.failing(.usage, "gbfuzz merge: \(path): \(error)")
            }
        }
        do {
            let merged = try HistogramLog.merging(logs)
            try AtomicFile.write(merged.text(), to: URL(fileURLWithPath: output))
            print("merged \(logs.count) logs (\(merged.entries.count) interval histograms) into \(output)")
        } catch let error as HlogError {
            throw ExitCode.failing(.usage, "gbfuzz merge: \(error)")
        } catch {
            throw ExitCode.failing(.cannotCreate, "gbfuzz merge: \(error)")
        }
    }
}
