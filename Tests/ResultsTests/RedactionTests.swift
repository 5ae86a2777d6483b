import Engine
import Foundation
import Testing

@testable import Results

@Suite("secret redaction", .timeLimit(.minutes(2)))
struct RedactionTests {
    @Test(
        "keys named like secrets are recognised",
        arguments: [
            ("secretKey", true), ("X-Secret-Key", true), ("target.secret_key", true), ("testIdpSecret", true),
            ("password", true), ("transfer.Password", true), ("apiKey", true), ("Authorization", true),
            ("accessToken", true), ("stages.0.rate", false), ("token.lifetime", false), ("seed", false),
        ]
    )
    func sensitiveKeys(key: String, sensitive: Bool) {
        #expect(Redaction.isSensitive(key: key) == sensitive)
    }

    @Test("URLs lose their user-info and secret query values; other strings are untouched")
    func urls() {
        #expect(Redaction.redact(url: "https://u:p@host:8443/x?a=1") == "https://host:8443/x?a=1")
        #expect(Redaction.redact(url: "http://h/?secretKey=abc&b=2") == "http://h/?secretKey=%5Bredacted%5D&b=2")
        #expect(Redaction.redact(url: "http://127.0.0.1:8080") == "http://127.0.0.1:8080")
        #expect(Redaction.redact(url: "embedded reference server") == "embedded reference server")
    }

    @Test("scrubbing replaces the raw, JSON-, HTML- and percent-escaped forms of a secret")
    func scrubbing() {
        let secret = "a/b&c<d>\"e"
        let text = [secret, "a\\/b&c<d>\\\"e", "a/b&c<d>\\\"e", "a/b&amp;c&lt;d&gt;&quot;e", "a%2Fb%26c%3Cd%3E%22e"]
            .joined(separator: " | ")
        let scrubbed = Redaction.scrub(text, secrets: [secret, "ab"])
        #expect(scrubbed == Array(repeating: "[redacted]", count: 5).joined(separator: " | "))
    }

    @Test("no output file of a run contains the secret key, whatever the configuration carried")
    func noOutputContainsTheSecret() async throws {
        let directory = try TemporaryDirectory()
        let recording = await SampleRun.recording()
        var summary = try SampleRun.summary(recording)
        // Simulate an engine mistake: the secret leaks into a non-secret key and a violation message.
        summary.config["notes"] = "called with \(SampleRun.secretKey)"
        summary.violations.list[0].observed = "header X-Secret-Key: \(SampleRun.secretKey)"
        let files = try RunOutputs(directory: directory.url, secrets: [SampleRun.secretKey]).write(
            summary: summary,
            recording: recording,
            rules: ["M6"]
        )
        #expect(files.count == 6)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("s3cr3t"), "\(file.lastPathComponent)")
            #expect(!text.contains("hunter22"), "\(file.lastPathComponent)")
            #expect(!text.contains("idp-secret-value"), "\(file.lastPathComponent)")
        }
        let html = try String(contentsOf: directory.file("report.html"), encoding: .utf8)
        #expect(html.contains("called with [redacted]"))
    }
}
