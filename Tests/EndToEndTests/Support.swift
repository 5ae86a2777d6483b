import Engine
import Foundation
import Plan
import Runner

/// Paths and helpers shared by the end-to-end tests.
enum E2E {
    /// The repository root (this file is `Tests/EndToEndTests/Support.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func profile(_ name: String) -> String { root.appendingPathComponent("profiles/\(name).yaml").path }

    /// A fresh temporary folder.
    static func temporaryDirectory(_ tag: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gbfuzz-e2e-\(tag)-\(UInt32.random(in: 0...UInt32.max))"
        )
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes a profile to a temporary file and returns its path.
    static func writeProfile(_ yaml: String, name: String = "test") -> String {
        let url = temporaryDirectory("profile").appendingPathComponent("\(name).yaml")
        try? Data(yaml.utf8).write(to: url)
        return url.path
    }

    /// A run of `profile` with overrides, quiet, into a temporary folder.
    static func plan(
        _ profilePath: String,
        duration: Duration? = nil,
        seed: UInt64 = 1,
        configure: (inout RunRequest) -> Void = { _ in }
    ) throws -> RunPlan {
        var r = RunRequest(profilePath: profilePath)
        r.duration = duration
        r.seed = seed
        r.out = temporaryDirectory("run").path
        r.progress = .off
        configure(&r)
        return try RunPlan.make(r)
    }

    /// Runs quietly, collecting what the runner says.
    static func run(_ plan: RunPlan) async -> (CampaignRunner.Outcome, String) {
        let log = Log()
        let outcome = await CampaignRunner(plan: plan, say: { log.append($0) }, print: { _ in }).run()
        return (outcome, log.text)
    }

    final class Log: @unchecked Sendable {
        // Invariant: guarded by `lock`.
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ s: String) { lock.withLock { lines.append(s) } }
        var text: String { lock.withLock { lines.joined(separator: "\n") } }
    }

    /// The built `gbfuzz` executable (debug, next to the tests), for tests that need a process.
    static var executable: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("gbfuzz")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return root.appendingPathComponent(".build/debug/gbfuzz")
    }

    /// The decoded `summary.json` of a run folder.
    static func summaryJSON(_ dir: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: dir.appendingPathComponent("summary.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Runs the `gbfuzz` executable with `arguments` (and extra `environment`), its output in
    /// `log`. With `interruptWhen`, sends SIGINT once the output satisfies it (checked every 100 ms,
    /// at most 20 s). Returns the exit status. Structured: the watcher is a child task, awaited.
    static func runGbfuzz(
        _ arguments: [String],
        environment: [String: String] = [:],
        log: URL,
        interruptWhen: (@Sendable (String) -> Bool)? = nil
    ) async throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        let (ended, continuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { p in
            continuation.yield(p.terminationStatus)
            continuation.finish()
        }
        try process.run()
        let pid = process.processIdentifier
        return await withTaskGroup(of: Int32?.self) { group -> Int32 in
            if let interruptWhen {
                group.addTask {
                    for _ in 0..<200 {
                        try? await Task.sleep(for: .milliseconds(100))
                        if Task.isCancelled { return nil }
                        if let text = try? String(contentsOf: log, encoding: .utf8), interruptWhen(text) { break }
                    }
                    kill(pid, SIGINT)
                    return nil
                }
            }
            group.addTask {
                var iterator = ended.makeAsyncIterator()
                return await iterator.next() ?? -1
            }
            var status: Int32 = -1
            for await result in group {
                if let result {
                    status = result
                    group.cancelAll()
                }
            }
            return status
        }
    }
}
