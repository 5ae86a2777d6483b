/// A k6-style pass/fail criterion, evaluated against the ``RunSummary`` at the end of a run.
///
/// Grammar (see docs/RESULTS.md):
/// `metric [ "{" key ":" name { "," key ":" name } "}" ] [ "." statistic ] comparator number [unit]` with
/// keys `op`, `rule` and `outcome`, for example `latency_ms{op:login.guest}.p99 < 200`,
/// `latency_ms{outcome:ok}.p99 < 500`, `error_rate < 1%`, `violations{rule:M6} == 0`.
package struct Threshold: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written (trimmed); reported back in ``ThresholdResult/expression``.
    package var expression: String
    package var metric: ThresholdMetric
    package var selector: ThresholdSelector?
    /// Required for distribution metrics (`latency_ms`…), absent for the others.
    package var statistic: ThresholdStatistic?
    package var comparator: ThresholdComparator
    /// The limit in the metric's unit: milliseconds for `*_ms`, a fraction for rates, a count otherwise.
    package var limit: Double

    package init(
        expression: String,
        metric: ThresholdMetric,
        selector: ThresholdSelector? = nil,
        statistic: ThresholdStatistic? = nil,
        comparator: ThresholdComparator,
        limit: Double
    ) {
        self.expression = expression
        self.metric = metric
        self.selector = selector
        self.statistic = statistic
        self.comparator = comparator
        self.limit = limit
    }

    /// Parses one expression.
    /// - Throws: ``ThresholdError`` naming the column and what was expected there.
    package static func parse(_ text: String) throws(ThresholdError) -> Threshold {
        var parser = ThresholdParser(text)
        return try parser.parse()
    }

    package var description: String { expression }
}

/// What a threshold measures.
package enum ThresholdMetric: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case latencyMs = "latency_ms"
    case serviceMs = "service_ms"
    case scheduleLagMs = "schedule_lag_ms"
    case errorRate = "error_rate"
    case transportErrorRate = "transport_error_rate"
    case serverErrorRate = "server_error_rate"
    case throughputRps = "throughput_rps"
    case requests
    case ok
    case failed
    case transportErrors = "transport_errors"
    case serverErrors = "server_errors"
    case lateStarts = "late_starts"
    case violations

    /// Distribution metrics need a statistic (`.p99`) and accept a time unit.
    package var isDistribution: Bool { self == .latencyMs || self == .serviceMs || self == .scheduleLagMs }
    /// Rates are fractions of requests and accept `%`.
    package var isRate: Bool { self == .errorRate || self == .transportErrorRate || self == .serverErrorRate }

    package var description: String { rawValue }
}

/// Restricts a threshold: to one operation (`op:`), to one rule (`rule:`, for `violations`), to one
/// outcome class (`outcome:ok`, for `latency_ms` and `requests`), or to an operation and an outcome.
package struct ThresholdSelector: Sendable, Hashable {
    package var operation: String?
    package var rule: String?
    package var outcome: String?

    package init(operation: String? = nil, rule: String? = nil, outcome: String? = nil) {
        self.operation = operation
        self.rule = rule
        self.outcome = outcome
    }

    package static func operation(_ name: String) -> ThresholdSelector { ThresholdSelector(operation: name) }
    package static func rule(_ id: String) -> ThresholdSelector { ThresholdSelector(rule: id) }
    package static func outcome(_ key: String) -> ThresholdSelector { ThresholdSelector(outcome: key) }
}

/// A statistic of a distribution metric.
package enum ThresholdStatistic: String, Sendable, Hashable, CaseIterable {
    case p50, p90, p95, p99, p999, max, min, mean
}

/// The six comparison operators.
package enum ThresholdComparator: String, Sendable, Hashable, CaseIterable {
    case lessThan = "<"
    case lessThanOrEqual = "<="
    case greaterThan = ">"
    case greaterThanOrEqual = ">="
    case equal = "=="
    case notEqual = "!="

    /// Whether `actual` compared with `limit` satisfies the operator.
    package func holds(_ actual: Double, _ limit: Double) -> Bool {
        switch self {
        case .lessThan: actual < limit
        case .lessThanOrEqual: actual <= limit
        case .greaterThan: actual > limit
        case .greaterThanOrEqual: actual >= limit
        case .equal: actual == limit
        case .notEqual: actual != limit
        }
    }
}

/// A threshold that could not be parsed.
package struct ThresholdError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An extensible error code.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let name: String
        package init(_ name: String) { self.name = name }
        package var description: String { name }

        package static let syntax = Code("syntax")
        package static let unknownMetric = Code("unknownMetric")
        package static let unknownStatistic = Code("unknownStatistic")
        package static let unknownUnit = Code("unknownUnit")
        package static let misuse = Code("misuse")
    }

    package var code: Code
    /// The expression as given.
    package var expression: String
    /// 1-based column (in characters) where the problem starts.
    package var column: Int
    package var message: String

    package init(_ code: Code, expression: String, column: Int, message: String) {
        self.code = code
        self.expression = expression
        self.column = column
        self.message = message
    }

    package var description: String { "invalid threshold '\(expression)': column \(column): \(message)" }
}
