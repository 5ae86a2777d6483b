import Foundation
import Testing

/// Rough edges of the command line: every mistake gets a clear message and the documented code.
@Suite("gbfuzz command line", .timeLimit(.minutes(2)))
struct CommandLineTests {
    func gbfuzz(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let log = E2E.temporaryDirectory("cli").appendingPathComponent("out.log")
        let status = try await E2E.runGbfuzz(arguments, log: log)
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    @Test("a negative --duration is refused as negative (exit 64), not read as a flag", arguments: ["-5s", "-1"])
    func negativeDuration(_ value: String) async throws {
        let r = try await gbfuzz(["run", E2E.profile("smoke"), "--duration", value])
        #expect(r.status == 64)
        #expect(r.output.contains("cannot be negative"), "\(r.output)")
        #expect(!r.output.contains("Missing value"), "\(r.output)")
    }

    @Test("a duration flag takes the one grammar of profiles: 1m30s works, 5x is refused with an example")
    func durationGrammar() async throws {
        let bad = try await gbfuzz(["bench", "http", "--url", "http://127.0.0.1:1/", "--duration", "5x"])
        #expect(bad.status == 64 && bad.output.contains("500ms"), "\(bad.output)")
        // Parsed, so the command gets as far as the (refused) connection: exit 69, not 64.
        let good = try await gbfuzz(["bench", "http", "--url", "http://127.0.0.1:1/", "--duration", "1m30s"])
        #expect(good.status == 69, "\(good.output)")
    }

    @Test("--rate on a closed-model profile and --players on an open one are refused, not ignored")
    func overrideForTheOtherModel() async throws {
        let rate = try await gbfuzz(["run", E2E.profile("smoke"), "--rate", "50", "--progress", "off"])
        #expect(rate.status == 64 && rate.output.contains("--rate applies to the open model"), "\(rate.output)")
        let players = try await gbfuzz(["run", E2E.profile("load"), "--players", "5", "--progress", "off"])
        #expect(
            players.status == 64 && players.output.contains("--players applies to the closed model"),
            "\(players.output)"
        )
    }

    @Test("merge into a folder that does not exist is refused (exit 73) and creates nothing")
    func mergeIntoMissingFolder() async throws {
        let dir = E2E.temporaryDirectory("merge")
        let input = dir.appendingPathComponent("a.hlog")
        try Data("#[StartTime: 0.000 (seconds since epoch)]\n".utf8).write(to: input)
        let missing = dir.appendingPathComponent("nonexistent/sub")
        let r = try await gbfuzz(["merge", input.path, "-o", missing.appendingPathComponent("x.hlog").path])
        #expect(r.status == 73, "\(r.output)")
        #expect(r.output.contains("does not exist"), "\(r.output)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("nonexistent").path))
    }

    @Test("an unknown bug name is exit 64 in run, serve and replay alike")
    func unknownBugEverywhere() async throws {
        let run = try await gbfuzz(["run", E2E.profile("smoke"), "--serve-bug", "no-such", "--progress", "off"])
        let serve = try await gbfuzz(["serve", "--bug", "no-such"])
        let repro = E2E.temporaryDirectory("repro").appendingPathComponent("001.json")
        let text = try String(
            contentsOf: E2E.root.appendingPathComponent("Tests/EndToEndTests/Fixtures/repro-m6.json"),
            encoding: .utf8
        )
        try Data(text.replacingOccurrences(of: "\"remove-last-idp\"", with: "\"no-such\"").utf8).write(to: repro)
        let replay = try await gbfuzz(["replay", repro.path])
        for (name, r) in [("run", run), ("serve", serve), ("replay", replay)] {
            #expect(r.status == 64, "\(name): \(r.output)")
            #expect(r.output.contains("unknown bug switch \"no-such\""), "\(name): \(r.output)")
        }
    }
}
