import Engine
import Plan

extension Threshold {
    /// Measures the threshold's metric in `summary` and compares it with the limit.
    ///
    /// A threshold that cannot be measured (an operation that never ran, a rate or percentile with no
    /// requests at all) fails, with `actual = nil` and a note saying why.
    package func evaluate(against summary: RunSummary) -> ThresholdResult {
        switch measure(in: summary) {
        case .success(let actual):
            return ThresholdResult(expression: expression, actual: actual, ok: comparator.holds(actual, limit))
        case .failure(let unmeasurable):
            return ThresholdResult(expression: expression, actual: nil, ok: false, note: unmeasurable.note)
        }
    }

    private struct Unmeasurable: Error {
        let note: String
    }

    private func measure(in summary: RunSummary) -> Result<Double, Unmeasurable> {
        if metric == .violations {
            if let rule = selector?.rule { return .success(Double(summary.violations.byRule[rule] ?? 0)) }
            return .success(Double(summary.violations.count))
        }
        if let name = selector?.operation {
            guard let op = summary.ops[name] else {
                let known = summary.ops.keys.sorted().joined(separator: ", ")
                return .failure(
                    Unmeasurable(
                        note: "operation '\(name)' never ran"
                            + (known.isEmpty ? "; no operation completed a request" : "; operations that ran: \(known)")
                    )
                )
            }
            if let outcome = selector?.outcome {
                return byOutcome(outcome, count: op.outcomes, latency: op.latencyByOutcomeMs, where: "'\(name)'")
            }
            return .success(value(of: op))
        }
        let totals = summary.totals
        if let outcome = selector?.outcome {
            return byOutcome(outcome, count: totals.outcomes, latency: totals.latencyByOutcomeMs, where: "the run")
        }
        if totals.requests == 0, metric.isRate || metric.isDistribution {
            return .failure(Unmeasurable(note: "no request completed, so \(metric) is undefined"))
        }
        switch metric {
        case .latencyMs: return .success(totals.latencyMs.value(of: statistic ?? .p99))
        case .serviceMs: return .success(totals.serviceMs.value(of: statistic ?? .p99))
        case .scheduleLagMs: return .success(summary.scheduleLagMs.value(of: statistic ?? .p99))
        case .errorRate: return .success(totals.errorRate)
        case .transportErrorRate: return .success(totals.transportErrorRate)
        case .serverErrorRate: return .success(totals.serverErrorRate)
        case .throughputRps: return .success(totals.throughputRps)
        case .requests: return .success(Double(totals.requests))
        case .ok: return .success(Double(totals.ok))
        case .failed: return .success(Double(totals.failed))
        case .transportErrors: return .success(Double(totals.transportErrors))
        case .serverErrors: return .success(Double(totals.serverErrors))
        case .lateStarts: return .success(Double(summary.lateStarts))
        case .violations: return .success(Double(summary.violations.count))
        }
    }

    /// `requests{outcome:…}` or `latency_ms{outcome:…}`: latency of a class that never occurred is
    /// undefined (a run whose every answer failed cannot pass a latency threshold on `ok`).
    private func byOutcome(
        _ key: String,
        count: OutcomeCounts,
        latency: [String: DistributionSummary],
        where place: String
    ) -> Result<Double, Unmeasurable> {
        guard let outcome = OutcomeClass(key: key) else {
            return .failure(Unmeasurable(note: "'\(key)' is not an outcome class"))
        }
        if metric == .requests { return .success(Double(count[outcome])) }
        guard let distribution = latency[key], count[outcome] > 0 else {
            return .failure(Unmeasurable(note: "no request of \(place) ended as \(key), so \(metric) is undefined"))
        }
        return .success(distribution.value(of: statistic ?? .p99))
    }

    private func value(of op: OperationSummary) -> Double {
        switch metric {
        case .latencyMs: op.latencyMs.value(of: statistic ?? .p99)
        case .serviceMs: op.serviceMs.value(of: statistic ?? .p99)
        case .scheduleLagMs: op.scheduleLagMs.value(of: statistic ?? .p99)
        case .errorRate: op.errorRate
        case .transportErrorRate: op.count > 0 ? Double(op.transportErrors) / Double(op.count) : 0
        case .serverErrorRate: op.count > 0 ? Double(op.outcomes.serverError) / Double(op.count) : 0
        case .throughputRps: op.throughputRps
        case .requests: Double(op.count)
        case .ok: Double(op.ok)
        case .failed: Double(op.failed)
        case .transportErrors: Double(op.transportErrors)
        case .serverErrors: Double(op.outcomes.serverError)
        case .lateStarts: Double(op.lateStarts)
        case .violations: 0
        }
    }
}
