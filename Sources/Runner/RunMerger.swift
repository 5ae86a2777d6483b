import Basics
import Engine
import Foundation
import Model
import Plan
import Protocol
import Results

/// `gbfuzz merge RUN_DIR… --out DIR`: the run folders of a sharded run (`gbfuzz run --shard i/N`)
/// combined into the folder one run would have written. Exact: the per-outcome histograms of
/// `outcomes.hlog` are added bucket by bucket and the run is rebuilt from them
/// (``Recording/init(outcomesLog:summaries:)``), so every count, percentile and timeline point is
/// computed as for one run holding every sample, never averaged; thresholds are evaluated again
/// on the merged result. Violations are collected (renumbered, each reproducer copied, its message
/// naming its shard) and each shard's race history is kept as `history-shard<i>.jsonl`: a shard's
/// identities are its own, so its history was checked whole.
package struct RunMerger: Sendable {
    package var sources: [URL]
    package var destination: URL
    package var overwrite = false

    package init(sources: [URL], destination: URL) {
        self.sources = sources
        self.destination = destination
    }

    /// What the merge wrote.
    package struct Outcome: Sendable {
        package var summary: RunSummary
        package var exit: ExitStatus
        package var files: [URL]
    }

    package func run() throws(CommandError) -> Outcome {
        let inputs = try readInputs()
        let summaries = inputs.map(\.summary)
        try checkShards(inputs)
        let recording: Recording
        do {
            let log = try HistogramLog.merging(inputs.map(\.outcomes))
            recording = try Recording(outcomesLog: log, summaries: summaries)
        } catch {
            throw CommandError(.usage, "gbfuzz merge: the runs cannot be merged exactly: \(error)")
        }
        let metadata = RunMetadata.merging(summaries, sources: inputs.map(\.directory.path))
        var thresholds: [Threshold] = []
        for result in summaries[0].thresholds {
            // Written by gbfuzz from a parsed threshold, so it parses again; one that does not is said.
            do {
                thresholds.append(try Threshold.parse(result.expression))
            } catch {
                throw CommandError(.usage, "gbfuzz merge: threshold '\(result.expression)' does not parse: \(error)")
            }
        }
        do {
            try OutputFolder.prepare(destination, overwrite: overwrite)
        } catch {
            throw CommandError(.cannotCreate, "gbfuzz merge: \(error)")
        }
        var violations: [ViolationEntry] = []
        var files: [URL] = []
        var histories = false
        do {
            for input in inputs {
                for var entry in input.summary.violations.list {
                    let number = violations.count + 1
                    let paths = ViolationEntry.reproducerPaths(index: number)
                    entry.reproducerJSON = try copy(entry.reproducerJSON, from: input.directory, to: paths.json)
                    entry.reproducerSH = try copy(entry.reproducerSH, from: input.directory, to: paths.sh)
                    entry.index = number
                    if let label = input.label { entry.message = "[\(label)] \(entry.message)" }
                    violations.append(entry)
                }
                let history = input.directory.appendingPathComponent(RunOutputs.historyFile)
                if FileManager.default.fileExists(atPath: history.path) {
                    histories = true
                    let name = "history-\(input.fileLabel).jsonl"
                    files.append(try copy(history.path, to: name))
                }
            }
        } catch {
            throw CommandError(.cannotCreate, "gbfuzz merge: \(error)")
        }
        var byRule: [String: Int] = [:]
        for s in summaries { for (rule, n) in s.violations.byRule { byRule[rule, default: 0] += n } }
        var summary = RunSummary(recording: recording, metadata: metadata, violations: violations)
        summary.violations = ViolationsSummary(
            count: summaries.reduce(0) { $0 + $1.violations.count },
            byRule: byRule,
            list: violations
        )
        summary = summary.evaluating(thresholds)
        let rules = RuleID.protocolRules + (histories ? [.LIN] : [])
        do {
            let outputs = RunOutputs(directory: destination)
            files += try outputs.write(summary: summary, recording: recording, rules: rules.map(\.rawValue)) {
                ResultCode($0).name
            }
        } catch {
            throw CommandError(.cannotCreate, "gbfuzz merge: \(error)")
        }
        let exit: ExitStatus =
            summary.run.targetChanged != nil
            ? .unknown
            : summary.violations.count > 0
                ? .violations : summary.passed ? .clean : summary.undecided ? .unknown : .thresholdFailed
        return Outcome(summary: summary, exit: exit, files: files)
    }

    /// One run folder read back.
    struct Input {
        var directory: URL
        var summary: RunSummary
        var outcomes: HistogramLog
        /// `shard 2/4`, or `nil` for a run that is not a shard.
        var label: String? { summary.run.shards.map(\.text) }
        /// `shard2`, or the folder's name.
        var fileLabel: String {
            if let s = summary.run.shards, s.indices.count == 1, s.sources.isEmpty { return "shard\(s.indices[0])" }
            return directory.lastPathComponent
        }
    }

    private func readInputs() throws(CommandError) -> [Input] {
        guard !sources.isEmpty else { throw CommandError(.usage, "gbfuzz merge: give the run folders to merge") }
        var inputs: [Input] = []
        for directory in sources {
            guard directory.standardizedFileURL.path != destination.standardizedFileURL.path else {
                throw CommandError(.usage, "gbfuzz merge: --out \(destination.path) is one of the folders to merge")
            }
            do {
                let summary = try RunDirectory.summary(in: directory)
                let outcomes = try RunDirectory.log(directory.appendingPathComponent(RunOutputs.outcomesLogFile))
                inputs.append(Input(directory: directory, summary: summary, outcomes: outcomes))
            } catch {
                throw CommandError(.usage, "gbfuzz merge: \(error)")
            }
        }
        return inputs
    }

    /// Refuses shards of different splits, and a shard given twice (its counts would be added twice).
    private func checkShards(_ inputs: [Input]) throws(CommandError) {
        var seen: [Int: String] = [:]
        var count: Int?
        for input in inputs {
            guard let shards = input.summary.run.shards else { continue }
            if let count, count != shards.count {
                throw CommandError(
                    .usage,
                    "gbfuzz merge: \(input.directory.path) is a shard of \(shards.count), the others of \(count)"
                )
            }
            count = shards.count
            for index in shards.indices {
                if let other = seen[index] {
                    throw CommandError(
                        .usage,
                        "gbfuzz merge: shard \(index)/\(shards.count) is in both \(other) and \(input.directory.path); "
                            + "its requests would be counted twice"
                    )
                }
                seen[index] = input.directory.path
            }
        }
    }

    /// Copies `relative` (a path inside `source`) to `name` inside the destination; `nil` stays `nil`.
    private func copy(_ relative: String?, from source: URL, to name: String) throws(OutputError) -> String? {
        // A reproducer the shard could not keep is left out, not a reason to lose the merge.
        guard let relative, FileManager.default.fileExists(atPath: source.appendingPathComponent(relative).path) else {
            return nil
        }
        _ = try copy(source.appendingPathComponent(relative).path, to: name)
        return name
    }

    @discardableResult
    private func copy(_ path: String, to name: String) throws(OutputError) -> URL {
        let target = destination.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.copyItem(atPath: path, toPath: target.path)
        } catch {
            throw OutputError(.writeFailed, path: target.path, "cannot copy \(path): \(error.localizedDescription)")
        }
        return target
    }
}
