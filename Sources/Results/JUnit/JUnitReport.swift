import Engine
import Linearizability

/// `junit.xml`: one test case per threshold and one per invariant rule, so CI systems show what failed.
package enum JUnitReport {
    /// Renders the JUnit XML document.
    ///
    /// - Parameters:
    ///   - summary: the run's summary (thresholds, violations, timing).
    ///   - rules: every rule id the run checked; each becomes a test case that fails when the run found
    ///     violations of it. Rules that have violations but are not listed are added.
    package static func render(summary: RunSummary, rules: [String] = []) -> String {
        var allRules = rules
        for rule in summary.violations.byRule.keys.sorted() where !allRules.contains(rule) { allRules.append(rule) }

        let thresholdCases = summary.thresholds.map { result -> TestCase in
            let actual = result.actual.map(Formatting.measured) ?? "not measured"
            var body = "expected: \(result.expression)\nactual: \(actual)"
            if let note = result.note { body += "\nnote: \(note)" }
            return TestCase(
                name: result.expression,
                failure: result.ok
                    ? nil
                    : Failure(type: "threshold", message: "\(result.expression) failed: actual \(actual)", body: body)
            )
        }
        let ruleCases = allRules.map { rule -> TestCase in
            let count = summary.violations.byRule[rule] ?? 0
            guard count > 0 else { return TestCase(name: rule, failure: nil) }
            let listed = summary.violations.list.filter { $0.rule == rule }
            var lines = listed.map { entry in
                var text =
                    "#\(entry.index) \(entry.message)\n  expected: \(entry.expected)\n  observed: \(entry.observed)"
                if let json = entry.reproducerJSON { text += "\n  reproducer: \(json)" }
                if let script = entry.reproducerSH { text += "\n  curl script: \(script)" }
                if let sub = entry.subHistory {
                    text += "\n  witness (\(sub.count) entries\(sub.minimal ? ", minimal" : "")):"
                    for e in sub.entries { text += "\n    " + e.line }
                    if let stuck = sub.stuck { text += "\n  could not place #\(stuck.entry.index): \(stuck.reason)" }
                }
                return text
            }
            if listed.count < count { lines.append("(\(count - listed.count) more not listed)") }
            return TestCase(
                name: rule,
                failure: Failure(
                    type: "violation",
                    message: "\(count) violation\(count == 1 ? "" : "s") of \(rule)",
                    body: lines.joined(separator: "\n")
                )
            )
        }

        // An interrupted run is not a pass, whatever its thresholds say: its results are partial.
        let completion = TestCase(
            name: "run completed",
            failure: summary.run.interrupted
                ? Failure(
                    type: "interrupted",
                    message: "INTERRUPTED: the run was stopped before its end; its results are partial",
                    body: "interrupted after \(number(summary.durationS)) s"
                ) : nil
        )
        let suites = [
            Suite(name: "gbfuzz.run", cases: [completion] + targetCase(summary) + linearizabilityCase(summary)),
            Suite(name: "gbfuzz.thresholds", cases: thresholdCases),
            Suite(name: "gbfuzz.invariants", cases: ruleCases),
        ]
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failures }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"gbfuzz\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\""
        xml += " time=\"\(number(summary.durationS))\">\n"
        for suite in suites {
            xml += "  <testsuite name=\"\(suite.name)\" tests=\"\(suite.cases.count)\" failures=\"\(suite.failures)\""
            xml += " errors=\"0\" skipped=\"0\" time=\"0\" timestamp=\"\(XMLText.escape(summary.startedAt))\">\n"
            for testCase in suite.cases {
                let opening =
                    "    <testcase classname=\"\(suite.name)\" name=\"\(XMLText.escape(testCase.name))\" time=\"0\""
                guard let failure = testCase.failure else {
                    xml += opening + "/>\n"
                    continue
                }
                xml += opening + ">\n"
                xml += "      <failure type=\"\(failure.type)\" message=\"\(XMLText.escape(failure.message))\">"
                xml += XMLText.escape(failure.body) + "</failure>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// The target's knobs, in the run suite when they changed during the run (`unknown`).
    private static func targetCase(_ summary: RunSummary) -> [TestCase] {
        guard let change = summary.run.targetChanged else { return [] }
        return [
            TestCase(
                name: "target knobs unchanged during the run",
                failure: Failure(
                    type: "unknown",
                    message: "UNKNOWN: the target's knobs changed during the run",
                    body: change.message
                )
            )
        ]
    }

    /// A race-hunting run's check, in the run suite: it fails as `unknown` when a partition ran
    /// out of budget (a violation fails the `LIN` case of the invariants suite instead).
    private static func linearizabilityCase(_ summary: RunSummary) -> [TestCase] {
        guard let race = summary.run.race, race.verdict != "not_checked" else { return [] }
        let name = "linearizability checked"
        guard race.isUnknown else { return [TestCase(name: name, failure: nil)] }
        return [
            TestCase(
                name: name,
                failure: Failure(
                    type: "unknown",
                    message: "UNKNOWN: \(race.unknown) of \(race.partitions) partitions ran out of the check's budget",
                    body: "neither linearizable nor a violation: the history was not fully judged (race.checkBudget)"
                )
            )
        ]
    }

    private struct Failure {
        let type: String
        let message: String
        let body: String
    }

    private struct TestCase {
        let name: String
        let failure: Failure?
    }

    private struct Suite {
        let name: String
        let cases: [TestCase]
        var failures: Int { cases.filter { $0.failure != nil }.count }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
