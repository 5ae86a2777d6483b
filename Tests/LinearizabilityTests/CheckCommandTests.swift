import Foundation
import Linearizability
import Model
import Testing

/// `gbfuzz check HISTORY`: exit 0 linearizable, 2 violation, 3 unknown, 64 bad file.
@Suite("gbfuzz check", .timeLimit(.minutes(2)))
struct CheckCommandTests {
    /// The built `gbfuzz` executable (next to the tests).
    static var executable: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("gbfuzz")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/gbfuzz")
    }

    static func write(_ h: History) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gbfuzz-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("history.jsonl")
        try h.jsonLines().write(to: file)
        return file
    }

    static func gbfuzz(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let (ended, continuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { p in
            continuation.yield(p.terminationStatus)
            continuation.finish()
        }
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        var it = ended.makeAsyncIterator()
        let status = await it.next() ?? -1
        // The history's folder (``write(_:)``) is this run's alone.
        for a in arguments where a.contains("/gbfuzz-check-") {
            try? FileManager.default.removeItem(at: URL(fileURLWithPath: a).deletingLastPathComponent())
        }
        return (status, String(decoding: output, as: UTF8.self))
    }

    @Test("a linearizable history exits 0 and a violation 2, printed with its sub-history and prefix")
    func cleanAndViolation() async throws {
        var w = World()
        var t = Timeline()
        t.sequential([
            await w.run(1, .loginIdP(device: d0, credential: .valid(g1), ignoreAlreadyLoggedIn: false)),
            await w.run(2, .getMember(device: d0, token: token(1))),
        ])
        let clean = try await Self.gbfuzz(["check", try Self.write(t.history).path])
        #expect(clean.status == 0, "\(clean.output)")
        #expect(clean.output.contains("LINEARIZABLE"), "\(clean.output)")

        var b = World()
        t.add(await b.run(3, .loginIdP(device: d1, credential: .valid(g1), ignoreAlreadyLoggedIn: false)), 500, 600)
        let bad = try await Self.gbfuzz(["check", try Self.write(t.history).path])
        #expect(bad.status == 2, "\(bad.output)")
        #expect(bad.output.contains("non-linearizable sub-history"), "\(bad.output)")
        #expect(bad.output.contains("longest linearizable prefix"), "\(bad.output)")
        #expect(bad.output.contains("could not place"), "\(bad.output)")

        let json = try await Self.gbfuzz(["check", try Self.write(t.history).path, "--json"])
        #expect(json.status == 2)
        let report = try JSONDecoder().decode(CheckReport.self, from: Data(json.output.utf8))
        #expect(report.verdict == .violation && report.violations.first?.checker == "linearizability")
    }

    @Test("a partition that runs out of budget makes gbfuzz check exit 3 (unknown)")
    func unknownExits3() async throws {
        var w = World()
        var t = Timeline()
        t.sequential([
            await w.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false)),
            await w.run(2, .getMember(device: d0, token: token(1))),
            await w.run(3, .getMember(device: d0, token: token(1))),
        ])
        let r = try await Self.gbfuzz(["check", try Self.write(t.history).path, "--max-configurations", "1"])
        #expect(r.status == 3, "\(r.output)")
        #expect(r.output.contains("UNKNOWN") && r.output.contains("configuration budget"), "\(r.output)")
    }

    @Test("a malformed history exits 64 naming the file and the line")
    func badFileExits64() async throws {
        var w = World()
        var t = Timeline()
        t.sequential([await w.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))])
        let file = try Self.write(t.history)
        let text = try String(contentsOf: file, encoding: .utf8) + "{\"index\":1}\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let r = try await Self.gbfuzz(["check", file.path])
        #expect(r.status == 64, "\(r.output)")
        #expect(r.output.contains("\(file.path):3:"), "\(r.output)")
    }
}
