import Engine
import Foundation
import Histogram
import Testing

@testable import Results

@Suite("gbfuzz report: reading a run directory back", .timeLimit(.minutes(2)))
struct RunDirectoryTests {
    static func writeRun(to directory: URL) async throws -> (RunSummary, Recording) {
        let recording = await SampleRun.recording()
        let summary = try SampleRun.summary(recording)
        try RunOutputs(directory: directory).write(summary: summary, recording: recording)
        return (summary, recording)
    }

    @Test("histograms rebuilt from the .hlog files equal the recording's, operation by operation")
    func logsRebuildTheRecording() async throws {
        let directory = try TemporaryDirectory()
        let (summary, recording) = try await Self.writeRun(to: directory.url)
        let fromFiles = try RunDirectory.load(directory.url)
        let live = ReportData(summary: summary, recording: recording)
        #expect(fromFiles.summary == summary)
        #expect(Set(fromFiles.latency.keys) == Set(summary.ops.keys))
        for name in summary.ops.keys {
            #expect(fromFiles.latency[name] == live.latency[name], "\(name)")
            #expect(fromFiles.service[name] == live.service[name], "\(name)")
            // The summary's percentiles are reproduced exactly from the log.
            #expect(DistributionSummary(microseconds: fromFiles.latency[name]!) == summary.ops[name]!.latencyMs)
        }
        #expect(fromFiles.overallLatency == live.overallLatency)
        #expect(fromFiles.operationCounts == live.operationCounts)
        // So the re-rendered page is the page the run wrote.
        #expect(HTMLReport.render(fromFiles) == HTMLReport.render(live))
    }

    @Test("a missing summary.json or latency.hlog is reported by name")
    func missingFiles() async throws {
        let directory = try TemporaryDirectory()
        _ = try await Self.writeRun(to: directory.url)
        try FileManager.default.removeItem(at: directory.file("latency.hlog"))
        #expect {
            try RunDirectory.load(directory.url)
        } throws: { error in
            let error = error as? OutputError
            return error?.code == .missingFile && error?.path.hasSuffix("/latency.hlog") == true
        }
        try FileManager.default.removeItem(at: directory.file("summary.json"))
        #expect {
            try RunDirectory.load(directory.url)
        } throws: { error in
            "\(error)".hasSuffix("/summary.json: file not found")
        }
    }

    @Test("corrupt files are reported by name, with the line or the key at fault")
    func corruptFiles() async throws {
        let directory = try TemporaryDirectory()
        _ = try await Self.writeRun(to: directory.url)
        let log = directory.file("latency.hlog")
        var lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[7] = String(lines[7].dropLast(10))
        try lines.joined(separator: "\n").write(to: log, atomically: true, encoding: .utf8)
        #expect {
            try RunDirectory.load(directory.url)
        } throws: { error in
            let text = "\(error)"
            return text.contains("/latency.hlog: line 8: the interval histogram cannot be decoded")
        }
        try "{\"schema\": \"gbfuzz.summary/1\"}".write(
            to: directory.file("summary.json"),
            atomically: true,
            encoding: .utf8
        )
        #expect {
            try RunDirectory.load(directory.url)
        } throws: { error in
            "\(error)".contains("/summary.json: not a gbfuzz summary: missing key 'seed'")
        }
        try "{\"schema\": \"other/2\"".write(to: directory.file("summary.json"), atomically: true, encoding: .utf8)
        #expect {
            try RunDirectory.load(directory.url)
        } throws: { error in
            (error as? OutputError)?.code == .corruptFile
        }
    }

    @Test("without service.hlog the report still renders, with latency only")
    func serviceLogIsOptional() async throws {
        let directory = try TemporaryDirectory()
        _ = try await Self.writeRun(to: directory.url)
        try FileManager.default.removeItem(at: directory.file("service.hlog"))
        let data = try RunDirectory.load(directory.url)
        #expect(data.service.isEmpty)
        #expect(data.overallService == nil)
        let html = HTMLReport.render(data)
        #expect(!html.contains("service time (from send)</text>"))
        #expect(html.contains("latency (from intended start)</text>"))
    }
}
