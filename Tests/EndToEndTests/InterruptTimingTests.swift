import Foundation
import Testing

@Suite("gbfuzz run under Ctrl-C", .timeLimit(.minutes(3)))
struct InterruptTimingTests {
    @Test("SIGINT stops a run cleanly: exit 130 and a valid summary.json of what was measured")
    func sigintWritesResults() async throws {
        let out = E2E.temporaryDirectory("sigint")
        let process = Process()
        process.executableURL = E2E.executable
        process.arguments = [
            "run", E2E.profile("smoke"), "--duration", "5m", "--seed", "9", "--out", out.path, "--progress", "plain",
        ]
        let log = out.appendingPathComponent("run.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { c in
            process.terminationHandler = { c.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                c.resume(throwing: error)
                return
            }
            // Interrupt once the run is under way (the first progress line appears within seconds).
            Task {
                for _ in 0..<200 {
                    try? await Task.sleep(for: .milliseconds(100))
                    if let text = try? String(contentsOf: log, encoding: .utf8), text.contains(" req ") { break }
                }
                kill(process.processIdentifier, SIGINT)
            }
        }
        try handle.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == 130, "exit \(status):\n\(text)")
        let json = try E2E.summaryJSON(out)
        #expect(json["schema"] as? String == "gbfuzz.summary/1")
        let totals = try #require(json["totals"] as? [String: Any])
        #expect((totals["requests"] as? Int ?? 0) > 0, "what was measured before the interrupt is kept")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.html").path))
    }
}
