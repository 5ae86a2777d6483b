import Engine
import Foundation
import Testing

@testable import Results

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("JUnit XML")
struct JUnitReportTests {
    /// Collects what the tests assert on while XMLParser validates well-formedness.
    final class Collector: NSObject, XMLParserDelegate {
        var suites: [[String: String]] = []
        var root: [String: String] = [:]
        var cases: [(suite: String, name: String, failed: Bool)] = []
        var failureTexts: [String] = []
        private var text = ""
        private var inFailure = false

        func parser(
            _ parser: XMLParser,
            didStartElement element: String,
            namespaceURI: String?,
            qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch element {
            case "testsuites": root = attributes
            case "testsuite": suites.append(attributes)
            case "testcase": cases.append((attributes["classname"] ?? "", attributes["name"] ?? "", false))
            case "failure":
                cases[cases.count - 1].failed = true
                inFailure = true
                text = ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inFailure { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "failure" {
                failureTexts.append(text)
                inFailure = false
            }
        }
    }

    static func parse(_ xml: String) throws -> Collector {
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        let ok = parser.parse()
        #expect(ok, "XMLParser: \(String(describing: parser.parserError))")
        try #require(ok)
        return collector
    }

    @Test("one case per threshold and per rule; failures carry expected/actual; the counts add up")
    func structureAndCounts() async throws {
        let recording = await SampleRun.recording()
        let summary = try SampleRun.summary(recording)
        let collector = try Self.parse(JUnitReport.render(summary: summary, rules: ["M1", "M6", "X1"]))
        let thresholdCases = collector.cases.filter { $0.suite == "gbfuzz.thresholds" }
        let ruleCases = collector.cases.filter { $0.suite == "gbfuzz.invariants" }
        #expect(thresholdCases.map(\.name) == SampleRun.thresholdExpressions)
        #expect(thresholdCases.map(\.failed) == summary.thresholds.map { !$0.ok })
        // T8 has a violation but was not listed: it is added.
        #expect(ruleCases.map(\.name) == ["M1", "M6", "X1", "T8"])
        #expect(ruleCases.map(\.failed) == [false, true, false, true])
        #expect(collector.suites.map { $0["tests"] } == ["1", "7", "4"])
        #expect(collector.suites.map { $0["failures"] } == ["0", "3", "2"])
        #expect(collector.root["tests"] == "12")
        #expect(collector.root["failures"] == "5")
        #expect(collector.failureTexts.contains { $0.contains("expected: latency_ms.p99 < 300\nactual: ") })
        #expect(collector.failureTexts.contains { $0.contains("note: operation 'logout' never ran") })
        #expect(collector.failureTexts.contains { $0.contains("reproducer: violations/001.json") })
    }

    @Test("markup and characters XML forbids are escaped so the document stays valid")
    func escaping() throws {
        let nasty = "a<b>&\"c\" 'd' \u{0}\u{1B}[31m é 🙂"
        let summary = ThresholdEvaluationTests.summary()
        var withNasty = summary
        withNasty.thresholds = [ThresholdResult(expression: nasty, actual: 1, ok: false, note: nasty)]
        withNasty.violations = ViolationsSummary(list: [
            ViolationEntry(index: 1, rule: "M<6>", message: nasty, expected: nasty, observed: nasty)
        ])
        let collector = try Self.parse(JUnitReport.render(summary: withNasty))
        let named = collector.cases.filter { $0.suite != "gbfuzz.run" }
        #expect(named.map(\.name) == ["a<b>&\"c\" 'd' \u{FFFD}\u{FFFD}[31m é 🙂", "M<6>"])
        #expect(named.allSatisfy { $0.failed })
    }

    @Test("a clean run has no failures")
    func cleanRun() throws {
        var summary = ThresholdEvaluationTests.summary()
        summary.violations = ViolationsSummary(list: [])
        summary.thresholds = [ThresholdResult(expression: "requests > 1", actual: 1_000, ok: true)]
        let collector = try Self.parse(JUnitReport.render(summary: summary, rules: ["M1"]))
        #expect(collector.root["failures"] == "0")
        #expect(collector.cases.count == 3)
    }

    @Test("an interrupted run fails its 'run completed' case, whatever its thresholds say")
    func interruptedRun() throws {
        var summary = ThresholdEvaluationTests.summary()
        summary.violations = ViolationsSummary(list: [])
        summary.thresholds = [ThresholdResult(expression: "requests > 1", actual: 1_000, ok: true)]
        summary.run.interrupted = true
        #expect(!summary.passed)
        let collector = try Self.parse(JUnitReport.render(summary: summary, rules: ["M1"]))
        #expect(collector.root["failures"] == "1")
        let completion = try #require(collector.cases.first { $0.suite == "gbfuzz.run" })
        #expect(completion.failed)
        #expect(collector.failureTexts.contains { $0.contains("interrupted") })
    }
}
