import Engine

// What went wrong and how long it took, per outcome: failures by kind with an example of each, the
// outcome classes (cancelled apart from failures), and latency per outcome class and for all answers.
extension HTMLReport {
    /// The outcome classes of `counts` with their share of `total`; `cancelled` below, apart, as the
    /// run's doing rather than a failure.
    static func outcomeTable(_ counts: OutcomeCounts, total: UInt64) -> String {
        let rows: [(String, UInt64, String)] = [
            ("ok (success)", counts.ok, ""),
            ("expected error", counts.expectedError, "err"),
            ("unexpected", counts.unexpected, "bad"),
            ("transport error", counts.transportError, "bad"),
            ("server error (generic failure code)", counts.serverError, "bad"),
        ]
        var html = "<table>\n<tr><th>outcome</th><th class=\"num\">count</th><th>share</th></tr>\n"
        for (label, count, tone) in rows {
            html += "<tr><td>\(label)</td><td class=\"num\">\(Formatting.count(count))</td>"
            html += "<td>\(bar(share: share(count, total), tone: tone))</td></tr>\n"
        }
        if counts.cancelled > 0 {
            html += "<tr class=\"apart\"><td>cancelled <span class=\"note\">(stopped by the run; not a failure)</span>"
            html += "</td><td class=\"num\">\(Formatting.count(counts.cancelled))</td>"
            html += "<td>\(bar(share: share(counts.cancelled, total), tone: "muted"))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// Failures by kind (`http_502`, `malformed`, `timeout`…), each with the first bytes of an example
    /// answer when one was kept, escaped.
    static func failureTable(_ failures: [String: UInt64], examples: [String: String]) -> String {
        let kinds = Set(failures.keys).union(examples.keys).sorted {
            let (a, b) = (failures[$0] ?? 0, failures[$1] ?? 0)
            return a != b ? a > b : $0 < $1
        }
        guard !kinds.isEmpty else { return "" }
        var html = "<h3>Failures by kind</h3>\n<table class=\"failures\">\n<tr><th>kind</th><th>meaning</th>"
        html += "<th class=\"num\">count</th><th>example (first bytes of the answer)</th></tr>\n"
        for kind in kinds {
            html += "<tr><td><code>\(HTMLText.escape(kind))</code></td>"
            html += "<td>\(HTMLText.escape(failureMeaning(kind)))</td>"
            html += "<td class=\"num\">\(Formatting.count(failures[kind] ?? 0))</td><td class=\"wrap\">"
            if let example = examples[kind] {
                html += "<pre class=\"example\">\(HTMLText.visible(HTMLText.escape(example)))</pre>"
            } else {
                html += "<span class=\"note\">—</span>"
            }
            html += "</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// What a failure kind means.
    static func failureMeaning(_ key: String) -> String {
        switch FailureKind(key: key) {
        case .http(let status): "an HTTP \(status) answer instead of a protocol answer"
        case .malformed: "a 200 answer that is not a protocol answer"
        case .timeout: "no answer within the timeout"
        case .reset: "the connection was reset or closed mid-exchange"
        case .refused: "nothing accepted the connection"
        case .otherTransport: "another transport failure (DNS, TLS…)"
        case .generic(let code): "the generic failure code \(code) (a server error: failed without saying why)"
        case nil: "unknown kind"
        }
    }

    /// Latency for all answers, then for each outcome class that occurred (`ok`: the successful answers).
    static func latencyByOutcome(
        _ byOutcome: [String: DistributionSummary],
        all: DistributionSummary,
        counts: OutcomeCounts
    ) -> String {
        guard !byOutcome.isEmpty else { return "" }
        var html = "<table class=\"by-outcome\">\n<tr><th>latency of</th><th class=\"num\">count</th>"
        for label in ["p50", "p90", "p99", "p99.9", "max"] { html += "<th class=\"num\">\(label) ms</th>" }
        html += "</tr>\n"
        func row(_ label: String, _ count: UInt64?, _ distribution: DistributionSummary, total: Bool = false) {
            html += "<tr\(total ? " class=\"total\"" : "")><td>\(label)</td>"
            html += "<td class=\"num\">\(count.map(Formatting.count) ?? "")</td>"
            for value in [distribution.p50, distribution.p90, distribution.p99, distribution.p999, distribution.max] {
                html += "<td class=\"num\">\(Formatting.milliseconds(value))</td>"
            }
            html += "</tr>\n"
        }
        let labels: [OutcomeClass: String] = [
            .ok: "ok (successful answers)", .expectedError: "expected errors", .unexpected: "unexpected answers",
            .transportError: "transport errors", .cancelled: "cancelled (stopped by the run)",
            .serverError: "server errors (generic failure codes)",
        ]
        for outcome in OutcomeClass.allCases {
            guard let distribution = byOutcome[outcome.key] else { continue }
            row(labels[outcome] ?? outcome.key, counts[outcome], distribution)
        }
        let known = Set(OutcomeClass.allCases.map(\.key))
        for (key, distribution) in byOutcome.sorted(by: { $0.key < $1.key }) where !known.contains(key) {
            row(HTMLText.escape(key), nil, distribution)
        }
        row("all answers", counts.total, all, total: true)
        return html + "</table>\n"
    }

    private static func share(_ count: UInt64, _ total: UInt64) -> Double {
        total > 0 ? Double(count) / Double(total) : 0
    }
}
