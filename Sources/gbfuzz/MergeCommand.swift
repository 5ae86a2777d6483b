import ArgumentParser
import Basics
import Foundation
import Results

/// `gbfuzz merge A.hlog B.hlog… -o OUT.hlog`: exact merge of HdrHistogram interval logs.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge HdrHistogram interval logs (.hlog) exactly, by tag and interval.",
        discussion: """
            Lines with the same tag and the same start relative to their log's StartTime are added count \
            by count, so shards of one run (started at about the same time) combine into the log a single \
            process would have written. Exits 64 when an input is missing or corrupt, 73 when the output \
            cannot be written (its folder must exist).
            """
    )

    @Argument(help: "The interval logs to merge.", completion: .file(extensions: ["hlog"]))
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The merged log to write.")
    var output: String

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one .hlog file to merge") }
    }

    func run() throws {
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
