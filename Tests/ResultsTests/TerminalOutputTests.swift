import Engine
import Foundation
import Synchronization
import Testing

@testable import Results

@Suite("terminal output", .timeLimit(.minutes(2)))
struct TerminalOutputTests {
    static let state = ProgressPrinter.State(
        snapshot: LiveSnapshot(
            elapsed: .milliseconds(12_340),
            requests: 123_456,
            ok: 120_000,
            expectedErrors: 3_000,
            unexpected: 400,
            transportErrors: 56,
            lateStarts: 2,
            opsPerSecond: 10_234.4,
            latencyP99Ms: 12.3456
        ),
        violations: 3
    )

    @Test("on a terminal the line is redrawn in place with a carriage return and an erase to end of line")
    func terminalLine() {
        let output = Mutex<[String]>([])
        let printer = ProgressPrinter(total: .seconds(60), isTerminal: true) { text in
            output.withLock { $0.append(text) }
        }
        printer.print(Self.state)
        let written = output.withLock { $0 }
        #expect(
            written == [
                "\r[12.3s / 1m0s] 123,456 req  10,234 ops/s  p99 12.35 ms  failed 456  transport 56  violations 3\u{1B}[K"
            ]
        )
        #expect(printer.interval == .seconds(1))
    }

    @Test("elsewhere progress is a plain line every five seconds by default, and never faster than asked")
    func plainLines() {
        let output = Mutex<[String]>([])
        let printer = ProgressPrinter(total: nil, isTerminal: false) { text in output.withLock { $0.append(text) } }
        printer.print(Self.state)
        #expect(
            output.withLock { $0 } == [
                "[12.3s] 123,456 req  10,234 ops/s  p99 12.35 ms  failed 456  transport 56  violations 3\n"
            ]
        )
        #expect(printer.interval == .seconds(5))
        // A terminal is never redrawn more than once a second.
        #expect(ProgressPrinter(total: nil, isTerminal: true, interval: .milliseconds(100)).interval == .seconds(1))
    }

    @Test("the printer loop prints periodically until cancelled, then stops")
    func loopStopsOnCancel() async throws {
        let output = Mutex<[String]>([])
        let printer = ProgressPrinter(total: nil, isTerminal: false, interval: .milliseconds(20)) { text in
            output.withLock { $0.append(text) }
        }
        let task = Task { await printer.run { Self.state } }
        for _ in 0..<500 where output.withLock({ $0.count }) < 2 {
            try await Task.sleep(for: .milliseconds(20))
        }
        task.cancel()
        await task.value
        let lines = output.withLock { $0 }
        #expect(lines.count >= 3, "periodic lines, then the final state once more")
        try await Task.sleep(for: .milliseconds(100))
        #expect(output.withLock { $0.count } == lines.count)
        #expect(lines.allSatisfy { $0.hasSuffix("\n") && $0.hasPrefix("[12.3s]") })
    }

    @Test("the line shows the phase, live players and requests in flight when known")
    func phasePlayersInFlight() {
        let output = Mutex<[String]>([])
        let printer = ProgressPrinter(total: nil, isTerminal: false) { text in output.withLock { $0.append(text) } }
        var state = Self.state
        state.phase = "audit 12/40"
        state.players = 8
        state.inFlight = 3
        printer.print(state)
        #expect(
            output.withLock { $0 } == [
                "[12.3s] audit 12/40  123,456 req  10,234 ops/s  p99 12.35 ms  players 8  in flight 3  failed 456  "
                    + "transport 56  violations 3\n"
            ]
        )
    }

    @Test("the final table aligns every column and ends with thresholds and violations")
    func finalTable() async throws {
        let summary = try SampleRun.summary(await SampleRun.recording())
        let text = SummaryTable.render(summary)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines[0]
        #expect(header.hasPrefix("operation"))
        // Right-aligned numeric columns end at the same offset on every row.
        let countEnd = header.range(of: "count")!.upperBound.utf16Offset(in: header)
        let p99End = header.range(of: "p99 ms")!.upperBound.utf16Offset(in: header)
        for line in lines[2..<8] where !line.hasPrefix("-") {
            let characters = Array(line)
            #expect(characters[countEnd - 1] != " ", "\(line)")
            #expect(countEnd == characters.count || characters[countEnd] == " ", "\(line)")
            #expect(characters[p99End - 1] != " ", "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("login.guest ") && $0.contains("0:3148 3302:385 9:12") })
        #expect(lines.contains { $0.hasPrefix("all ") && $0.contains("18,000") })
        #expect(text.contains("  FAIL  latency_ms.p99 < 300  (actual "))
        #expect(text.contains("  FAIL  throughput_rps{op:logout} > 1  (operation 'logout' never ran"))
        #expect(text.contains("violations: 2 (M6 ×1, T8 ×1)"))
    }

    @Test(
        "numbers are formatted for people",
        arguments: [
            (0.0, "0"), (1_234_567, "1234567"), (0.004, "0.004"), (12.3456789, "12.3457"), (1775.615, "1775.62"),
        ] as [(Double, String)]
    )
    func measuredValues(value: Double, text: String) {
        #expect(Formatting.measured(value) == text)
    }
}
