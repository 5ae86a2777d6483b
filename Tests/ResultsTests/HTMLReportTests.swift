import Engine
import Foundation
import Testing

@testable import Results

@Suite("HTML report", .timeLimit(.minutes(2)))
struct HTMLReportTests {
    static func render() async throws -> (html: String, summary: RunSummary) {
        let recording = await SampleRun.recording()
        let summary = try SampleRun.summary(recording)
        let html = HTMLReport.render(
            ReportData(summary: summary, recording: recording),
            codeName: { SampleRun.codeNames[$0] }
        )
        return (html, summary)
    }

    /// Every value of `attribute="…"` in the document.
    static func attributeValues(_ name: String, in html: String) -> [String] {
        html.matches(of: try! Regex("\\s\(name)=\"([^\"]*)\"")).map { String($0.output[1].substring!) }
    }

    @Test("the page is self-contained: no external src, href, url() or @import; every link is relative or an anchor")
    func selfContained() async throws {
        let (html, _) = try await Self.render()
        let sources = Self.attributeValues("src", in: html)
        #expect(sources.isEmpty)
        let links = Self.attributeValues("href", in: html)
        #expect(!links.isEmpty)
        for link in links {
            #expect(
                !link.contains("://") && !link.hasPrefix("//") && !link.hasPrefix("/") && !link.contains(".."),
                "\(link)"
            )
            #expect(!link.lowercased().hasPrefix("javascript:") && !link.lowercased().hasPrefix("data:"), "\(link)")
        }
        #expect(!html.contains("url("))
        #expect(!html.contains("@import"))
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.lowercased().contains("<link"))
        #expect(!html.lowercased().contains("<iframe"))
    }

    static let checker = """
        import sys
        from html.parser import HTMLParser
        VOID = {"area","base","br","col","embed","hr","img","input","link","meta","source","track","wbr"}
        class Checker(HTMLParser):
            def __init__(self):
                super().__init__(convert_charrefs=True)
                self.stack, self.errors, self.counts = [], [], {}
            def handle_starttag(self, tag, attrs):
                self.counts[tag] = self.counts.get(tag, 0) + 1
                names = [a for a, _ in attrs]
                if len(names) != len(set(names)):
                    self.errors.append(f"duplicate attribute in <{tag}> at {self.getpos()}")
                if tag not in VOID:
                    self.stack.append((tag, self.getpos()))
            def handle_startendtag(self, tag, attrs):
                self.counts[tag] = self.counts.get(tag, 0) + 1
            def handle_endtag(self, tag):
                if tag in VOID:
                    return
                if not self.stack:
                    self.errors.append(f"</{tag}> with nothing open at {self.getpos()}")
                    return
                open_tag, pos = self.stack.pop()
                if open_tag != tag:
                    self.errors.append(f"</{tag}> at {self.getpos()} closes <{open_tag}> from {pos}")
        c = Checker()
        c.feed(open(sys.argv[1], encoding="utf-8").read())
        c.close()
        if c.stack:
            c.errors.append(f"unclosed: {c.stack[:5]}")
        if c.errors:
            print("\\n".join(c.errors[:20]), file=sys.stderr)
            sys.exit(1)
        print(" ".join(f"{k}={v}" for k, v in sorted(c.counts.items())))
        """

    @Test(
        "Python's html.parser finds every element closed in order, and the charts are there: one spectrum per operation"
    )
    func wellFormedWithCharts() async throws {
        let (html, summary) = try await Self.render()
        let directory = try TemporaryDirectory()
        let path = directory.file("report.html")
        try html.write(to: path, atomically: true, encoding: .utf8)
        let output = String(decoding: try PythonOracle.run(Self.checker, arguments: [path.path]), as: UTF8.self)
        let counts = Dictionary(
            uniqueKeysWithValues: output.split(separator: " ").map { pair -> (String, Int) in
                let parts = pair.split(separator: "=")
                return (String(parts[0]), Int(parts[1].trimmingCharacters(in: .whitespacesAndNewlines))!)
            }
        )
        // Throughput, latency and per-operation throughput over time, the all-operations spectrum, one per operation.
        #expect(counts["svg"] == 3 + 1 + summary.ops.count)
        #expect(counts["details"] == summary.ops.count)
        for name in summary.ops.keys {
            #expect(html.contains("id=\"\(HTMLText.anchor(name))\""))
            #expect(html.contains("<figcaption>\(name): latency and service time by percentile</figcaption>"))
        }
        #expect(html.contains(">99.9%</text>"))
    }

    @Test("text from the run is escaped, and only safe relative reproducer paths become links")
    func escapingAndLinks() async throws {
        let (html, _) = try await Self.render()
        #expect(!html.contains("<script>alert(1)</script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("0 SUCCESS &amp; &quot;mapped&quot;"))
        #expect(html.contains("<a href=\"violations/001.json\">json</a>"))
        #expect(html.contains("<a href=\"violations/001.sh\">curl</a>"))
        #expect(!html.contains("evil.example"))
        #expect(!html.contains("outside.sh\""))
        #expect(html.contains("<span class=\"status fail\">FAIL</span>"))
    }

    @Test(
        "relative links are percent-encoded and anything else is refused",
        arguments: [
            ("violations/001.json", "violations/001.json"),
            ("violations/my file.sh", "violations/my%20file.sh"),
            ("http://x/y", nil), ("//host/x", nil), ("/etc/passwd", nil), ("../up.json", nil),
            ("javascript:alert(1)", nil), ("", nil),
        ] as [(String, String?)]
    )
    func relativeLinks(path: String, href: String?) {
        #expect(HTMLText.relativeHref(path) == href)
    }

    @Test("a run without requests renders with explanations instead of charts")
    func emptyRun() async throws {
        let recorder = Recorder()
        let recording = await recorder.finish()
        let summary = RunSummary(recording: recording, metadata: RunMetadata(seed: 1, profile: "empty", target: "none"))
        let html = HTMLReport.render(ReportData(summary: summary, recording: recording))
        #expect(html.contains("No request completed"))
        #expect(html.contains("No operation completed a request."))
        #expect(html.contains("<span class=\"status pass\">PASS</span>"))
    }
}
