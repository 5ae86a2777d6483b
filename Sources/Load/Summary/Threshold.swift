/// A k6-style pass/fail criterion, evaluated against the ``RunSummary`` at the end of a run.
///
/// Grammar (see docs/RESULTS.md): `metric [ "{" ("op"|"rule") ":" name "}" ] [ "." statistic ] comparator number [unit]`,
/// for example `latency_ms{op:login.guest}.p99 < 200`, `error_rate < 1%`, `violations == 0`.
public struct Threshold: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written (trimmed); reported back in ``ThresholdResult/expression``.
    public var expression: String
    public var metric: ThresholdMetric
    public var selector: ThresholdSelector?
    /// Required for distribution metrics (`latency_ms`…), absent for the others.
    public var statistic: ThresholdStatistic?
    public var comparator: ThresholdComparator
    /// The limit in the metric's unit: milliseconds for `*_ms`, a fraction for rates, a count otherwise.
    public var limit: Double

    public init(
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
    public static func parse(_ text: String) throws(ThresholdError) -> Threshold {
        var parser = ThresholdParser(text)
        return try parser.parse()
    }

    public var description: String { expression }
}

/// What a threshold measures.
public enum ThresholdMetric: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case latencyMs = "latency_ms"
    case serviceMs = "service_ms"
    case scheduleLagMs = "schedule_lag_ms"
    case errorRate = "error_rate"
    case transportErrorRate = "transport_error_rate"
    case throughputRps = "throughput_rps"
    case requests
    case ok
    case failed
    case transportErrors = "transport_errors"
    case lateStarts = "late_starts"
    case violations

    /// Distribution metrics need a statistic (`.p99`) and accept a time unit.
    public var isDistribution: Bool { self == .latencyMs || self == .serviceMs || self == .scheduleLagMs }
    /// Rates are fractions of requests and accept `%`.
    public var isRate: Bool { self == .errorRate || self == .transportErrorRate }

    public var description: String { rawValue }
}

/// Restricts a threshold to one operation or (for `violations`) one rule.
public enum ThresholdSelector: Sendable, Hashable {
    case operation(String)
    case rule(String)
}

/// A statistic of a distribution metric.
public enum ThresholdStatistic: String, Sendable, Hashable, CaseIterable {
    case p50, p90, p95, p99, p999, max, min, mean
}

/// The six comparison operators.
public enum ThresholdComparator: String, Sendable, Hashable, CaseIterable {
    case lessThan = "<"
    case lessThanOrEqual = "<="
    case greaterThan = ">"
    case greaterThanOrEqual = ">="
    case equal = "=="
    case notEqual = "!="

    /// Whether `actual` compared with `limit` satisfies the operator.
    public func holds(_ actual: Double, _ limit: Double) -> Bool {
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
public struct ThresholdError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An extensible error code.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        public static let syntax = Code("syntax")
        public static let unknownMetric = Code("unknownMetric")
        public static let unknownStatistic = Code("unknownStatistic")
        public static let unknownUnit = Code("unknownUnit")
        public static let misuse = Code("misuse")
    }

    public var code: Code
    /// The expression as given.
    public var expression: String
    /// 1-based column (in characters) where the problem starts.
    public var column: Int
    public var message: String

    public init(_ code: Code, expression: String, column: Int, message: String) {
        self.code = code
        self.expression = expression
        self.column = column
        self.message = message
    }

    public var description: String { "invalid threshold '\(expression)': column \(column): \(message)" }
}
