import Engine
import Foundation
import Plan
import Testing

@testable import Results

@Suite("gbfuzz report re-renders the run's page byte for byte", .timeLimit(.minutes(2)))
struct HTMLRerenderTests {
    /// The run names result codes as the executable does (`UNKNOWN_<n>` for unknown ones), `gbfuzz
    /// report` as its command does (nil for unknown ones).
    static func runCodeName(_ code: Int) -> String? { SampleRun.codeNames[code] ?? "UNKNOWN_\(code)" }
    static func reportCodeName(_ code: Int) -> String? { SampleRun.codeNames[code] }

    enum Run: String, CaseIterable {
        case sample, holeAndPartialEnd, many, interrupted
    }

    static func recording(_ run: Run) async -> Recording {
        switch run {
        case .sample: await SampleRun.recording()
        case .holeAndPartialEnd: await ChartRuns.holeAndPartialEnd()
        case .many, .interrupted: await ChartRuns.many()
        }
    }

    static func summary(_ run: Run, _ recording: Recording) throws -> RunSummary {
        guard run != .sample else { return try SampleRun.summary(recording) }
        var metadata = SampleRun.metadata
        if run == .interrupted {
            metadata.status = RunStatus(
                interrupted: true,
                phases: [PhaseSummary(name: "load", durationS: 3.987654321, budgetS: 10)],
                clock: ClockWaitSummary(advances: 3, forced: 1, advanceWaitMs: 12.345678, heldWaitMs: 0.1)
            )
        }
        return RunSummary(recording: recording, metadata: metadata, violations: SampleRun.violations)
            .evaluating(try SampleRun.thresholdExpressions.map { try Threshold.parse($0) })
    }

    @Test(
        "writing the outputs, loading them back and rendering again gives the same report.html, byte for byte",
        arguments: Run.allCases
    )
    func reRenderIsIdentical(run: Run) async throws {
        let recording = await Self.recording(run)
        let summary = try Self.summary(run, recording)
        let directory = try TemporaryDirectory()
        try RunOutputs(directory: directory.url, secrets: [SampleRun.secretKey]).write(
            summary: summary,
            recording: recording,
            rules: ["M6", "T8"],
            codeName: Self.runCodeName
        )
        let written = try Data(contentsOf: directory.file(RunOutputs.htmlFile))

        let loaded = try RunDirectory.load(directory.url)
        try RunOutputs(directory: directory.url).writeHTML(loaded, codeName: Self.reportCodeName)
        let rerendered = try Data(contentsOf: directory.file(RunOutputs.htmlFile))
        #expect(rerendered.count == written.count)
        if rerendered != written {
            let (a, b) = (Array(written), Array(rerendered))
            let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            let context = { (bytes: [UInt8]) in
                String(decoding: bytes[max(0, first - 80)..<min(bytes.count, first + 80)], as: UTF8.self)
            }
            Issue.record("differs at byte \(first):\nrun:    \(context(a))\nreport: \(context(b))")
        }
    }

    @Test("the data behind the charts is the same from the recording and from the files")
    func sameDataFromFiles() async throws {
        let recording = await ChartRuns.holeAndPartialEnd()
        let summary = try Self.summary(.holeAndPartialEnd, recording)
        let directory = try TemporaryDirectory()
        try RunOutputs(directory: directory.url).write(summary: summary, recording: recording)
        let loaded = try RunDirectory.load(directory.url)
        let live = ReportData(summary: summary, recording: recording)
        #expect(loaded.summary == live.summary)
        #expect(loaded.operationCounts == live.operationCounts)
        #expect(loaded.operationCounts["login.guest"]?[9] == 5)
        #expect(loaded.operationCounts["login.guest"]?[4] == nil)
    }
}
