import Engine

/// The final per-operation table printed at the end of a run.
package enum SummaryTable {
    /// Renders the table, the thresholds and the violations found, as plain text.
    package static func render(_ summary: RunSummary) -> String {
        var table = TextTable([
            ("operation", .left), ("count", .right), ("ok", .right), ("failed", .right), ("codes", .left),
            ("p50 ms", .right), ("p99 ms", .right), ("max ms", .right), ("svc p99 ms", .right),
        ])
        for name in summary.ops.keys.sorted() {
            let op = summary.ops[name]!
            table.append([
                name, Formatting.count(op.count), Formatting.count(op.ok), Formatting.count(op.failed),
                codes(op), Formatting.milliseconds(op.latencyMs.p50), Formatting.milliseconds(op.latencyMs.p99),
                Formatting.milliseconds(op.latencyMs.max), Formatting.milliseconds(op.serviceMs.p99),
            ])
        }
        let totals = summary.totals
        table.append([
            "all", Formatting.count(totals.requests), Formatting.count(totals.ok), Formatting.count(totals.failed),
            failures(totals.failures),
            Formatting.milliseconds(totals.latencyMs.p50), Formatting.milliseconds(totals.latencyMs.p99),
            Formatting.milliseconds(totals.latencyMs.max), Formatting.milliseconds(totals.serviceMs.p99),
        ])
        var lines: [String] = []
        if summary.run.interrupted {
            lines += ["INTERRUPTED: the run was stopped before its end; these results are partial.", ""]
        }
        if let change = summary.run.targetChanged {
            lines += ["\(summary.run.interrupted ? "TARGET CHANGED" : "UNKNOWN"): \(change.message)", ""]
        }
        lines += [
            table.render(separatorAfter: [summary.ops.count]),
            "",
            "\(Formatting.count(totals.requests)) requests in \(Formatting.duration(seconds: summary.durationS))"
                + " (\(Formatting.rate(totals.throughputRps)) req/s), error rate \(Formatting.percent(totals.errorRate)),"
                + " late starts \(Formatting.count(summary.lateStarts))",
        ]
        if let shards = summary.run.shards {
            lines.append(
                shards.sources.isEmpty
                    ? "sharded run: \(shards.text) (merge the shards with gbfuzz merge)"
                    : "merged run: \(shards.text)"
            )
        }
        if let faults = summary.run.faults { lines.append("faults: " + faults.text) }
        lines += failureLines(summary)
        if totals.serverErrors > 0 {
            let codes = totals.failures.filter { $0.key.hasPrefix("code_") }.sorted { $0.key < $1.key }
                .map { "\($0.key.dropFirst(5)): \(Formatting.count($0.value))" }.joined(separator: ", ")
            lines.append(
                "server errors: \(Formatting.count(totals.serverErrors)) answers with a generic failure code (\(codes)),"
                    + " \(Formatting.percent(totals.serverErrorRate)) of requests: not violations (the operations may or"
                    + " may not have been applied); a server_error_rate threshold fails a run on them"
            )
        }
        lines += model(summary.model)
        lines += race(summary.run.race)
        if summary.run.clock.resyncs > 0 {
            lines.append(
                "model: the server's clock differed from the model's \(summary.run.clock.resyncs) times and was "
                    + "re-anchored (a desync, corrected before the next operation; nonsense answers to clock "
                    + "advances cause it)"
            )
        }
        if !summary.thresholds.isEmpty {
            lines.append("")
            lines.append("thresholds:")
            for result in summary.thresholds {
                let actual =
                    result.actual.map { "actual \(Formatting.measured($0))" } ?? (result.note ?? "not measured")
                lines.append("  \(result.ok ? "PASS" : "FAIL")  \(result.expression)  (\(actual))")
            }
        }
        lines.append("")
        if summary.violations.count == 0 {
            lines.append("violations: none")
        } else {
            let rules = summary.violations.byRule.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
            lines.append("violations: \(summary.violations.count) (\(rules.joined(separator: ", ")))")
            for entry in summary.violations.list.prefix(10) {
                let where_ = entry.reproducerJSON.map { " → \($0)" } ?? ""
                let standing = entry.standing.map { " (\($0.text))" } ?? ""
                lines.append("  #\(entry.index) [\(entry.rule)] \(entry.message)\(where_)\(standing)")
                lines += subHistory(entry.subHistory)
            }
            if summary.violations.count > 10 { lines.append("  …") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The model's counts when any is non-zero: they are not findings about the target, but
    /// episodes the oracle could not follow, so they must not pass unnoticed.
    static func model(_ model: ModelSummary) -> [String] {
        guard !model.isClean else { return [] }
        var lines = ["", "model: \(model.headline) (episodes dropped; not findings about the target)"]
        for example in model.harnessErrorExamples.prefix(5) { lines.append("  harness error: \(example)") }
        if model.harnessErrors > min(5, model.harnessErrorExamples.count) {
            lines.append("  … (summary.json model.harness_error_examples)")
        }
        return lines
    }

    /// What answered without a protocol answer, per operation, with the first bytes of an example.
    static func failureLines(_ summary: RunSummary) -> [String] {
        let failing = summary.ops.keys.sorted().filter { !(summary.ops[$0]?.failures.isEmpty ?? true) }
        guard !failing.isEmpty else { return [] }
        var lines = ["", "failures without a protocol answer:"]
        for name in failing.prefix(10) {
            guard let op = summary.ops[name] else { continue }
            lines.append("  \(name): \(failures(op.failures))")
            for (kind, example) in op.failureExamples.sorted(by: { $0.key < $1.key }).prefix(2) {
                let flat = example.map { $0.isNewline ? " " : $0 }.prefix(80)
                lines.append("    e.g. \(kind): \"\(String(flat))\"")
            }
        }
        if failing.count > 10 { lines.append("  … (summary.json ops.*.failures)") }
        if summary.totals.outcomes.cancelled > 0 {
            lines.append(
                "  cancelled by the run (not counted as failures): \(Formatting.count(summary.totals.outcomes.cancelled))"
            )
        }
        return lines
    }

    /// `http_502:40 timeout:3 reset:1`: the most frequent kinds first.
    static func failures(_ counts: [String: UInt64]) -> String {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key):\($0.value)" }.joined(separator: " ")
    }

    /// `0:1200 3302:40 7:3 +2`: the most frequent codes first.
    static func codes(_ op: OperationSummary) -> String {
        let sorted = op.codes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var parts = sorted.prefix(4).map { "\($0.key):\($0.value)" }
        if sorted.count > 4 { parts.append("+\(sorted.count - 4)") }
        return parts.joined(separator: " ")
    }
}
