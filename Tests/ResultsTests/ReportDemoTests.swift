import Foundation
import Testing

@testable import Results

/// Writes a complete sample run directory to `$GBFUZZ_REPORT_DEMO_DIR` when that variable is set
/// (to look at the report in a browser); otherwise checks that writing one works in a scratch directory.
@Suite("sample run directory", .timeLimit(.minutes(2)))
struct ReportDemoTests {
    @Test("a full run directory is written with all six outputs")
    func writesAllOutputs() async throws {
        let scratch = try TemporaryDirectory()
        let target =
            ProcessInfo.processInfo.environment["GBFUZZ_REPORT_DEMO_DIR"].map(URL.init(fileURLWithPath:))
            ?? scratch.url
        let recording = await SampleRun.recording()
        let summary = try SampleRun.summary(recording)
        let written = try RunOutputs(directory: target, secrets: [SampleRun.secretKey]).write(
            summary: summary,
            recording: recording,
            rules: ["M1", "M6", "T8", "X1"],
            codeName: { SampleRun.codeNames[$0] }
        )
        #expect(
            written.map(\.lastPathComponent).sorted()
                == ["junit.xml", "latency.hlog", "outcomes.hlog", "report.html", "service.hlog", "summary.json"]
        )
        for url in written { #expect(FileManager.default.fileExists(atPath: url.path)) }
    }
}
