import Foundation

/// A hand-written recursive-descent parser for ``Threshold`` expressions, with exact error positions.
struct ThresholdParser {
    private let source: String
    private let characters: [Character]
    private var position = 0

    init(_ source: String) {
        self.source = source.trimmingCharacters(in: .whitespaces)
        self.characters = Array(self.source)
    }

    mutating func parse() throws(ThresholdError) -> Threshold {
        skipSpaces()
        let metricStart = position
        let name = take { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty else {
            throw error(.syntax, at: position, "expected a metric name such as latency_ms or error_rate")
        }
        guard let metric = ThresholdMetric(rawValue: name) else {
            let known = ThresholdMetric.allCases.map(\.rawValue).joined(separator: ", ")
            throw error(.unknownMetric, at: metricStart, "unknown metric '\(name)'; known metrics: \(known)")
        }
        skipSpaces()
        let selector = try parseSelector(for: metric)
        skipSpaces()
        let statistic = try parseStatistic(for: metric)
        skipSpaces()
        let comparator = try parseComparator()
        skipSpaces()
        let number = try parseNumber(after: comparator)
        let attached = peek.map { !$0.isWhitespace } ?? false
        skipSpaces()
        let scale = try parseUnit(for: metric, attached: attached)
        skipSpaces()
        if position < characters.count {
            throw error(.syntax, at: position, "unexpected '\(rest)' after the threshold")
        }
        return Threshold(
            expression: source,
            metric: metric,
            selector: selector,
            statistic: statistic,
            comparator: comparator,
            limit: number * scale
        )
    }

    private mutating func parseSelector(for metric: ThresholdMetric) throws(ThresholdError) -> ThresholdSelector? {
        guard peek == "{" else { return nil }
        position += 1
        var selector = ThresholdSelector()
        while true {
            skipSpaces()
            let keyStart = position
            let key = take { $0.isLetter || $0 == "_" }
            guard ["op", "rule", "outcome"].contains(key) else {
                let found = key.isEmpty ? describe(peek) : "'\(key)'"
                throw error(.syntax, at: keyStart, "expected 'op', 'rule' or 'outcome' in the selector, found \(found)")
            }
            skipSpaces()
            guard peek == ":" else {
                throw error(.syntax, at: position, "expected ':' after '\(key)', found \(describe(peek))")
            }
            position += 1
            skipSpaces()
            let value = take { $0.isLetter || $0.isNumber || "_.-/".contains($0) }
            guard !value.isEmpty else {
                let what = ["op": "an operation name", "rule": "a rule id", "outcome": "an outcome class"][key] ?? key
                throw error(.syntax, at: position, "expected \(what) after '\(key):', found \(describe(peek))")
            }
            switch key {
            case "op" where selector.operation == nil: selector.operation = value
            case "rule" where selector.rule == nil: selector.rule = value
            case "outcome" where selector.outcome == nil: selector.outcome = value
            default: throw error(.syntax, at: keyStart, "'\(key)' is given twice in the selector")
            }
            if key == "rule", metric != .violations {
                throw error(.misuse, at: keyStart, "'rule:' selects violations only; '\(metric)' takes 'op:'")
            }
            if key == "op", metric == .violations {
                throw error(.misuse, at: keyStart, "violations are counted per rule, not per operation; use 'rule:'")
            }
            if key == "outcome", metric != .latencyMs, metric != .requests {
                throw error(.misuse, at: keyStart, "'outcome:' applies to latency_ms and requests, not '\(metric)'")
            }
            skipSpaces()
            if peek == "," {
                position += 1
                continue
            }
            guard peek == "}" else {
                throw error(.syntax, at: position, "expected '}' to close the selector, found \(describe(peek))")
            }
            position += 1
            return selector
        }
    }

    private mutating func parseStatistic(for metric: ThresholdMetric) throws(ThresholdError) -> ThresholdStatistic? {
        let statistics = ThresholdStatistic.allCases.map(\.rawValue).joined(separator: ", ")
        guard peek == "." else {
            if metric.isDistribution {
                throw error(
                    .syntax,
                    at: position,
                    "'\(metric)' needs a statistic after a '.', one of \(statistics) (e.g. \(metric).p99)"
                )
            }
            return nil
        }
        let dot = position
        position += 1
        skipSpaces()
        let start = position
        let token = take { $0.isLetter || $0.isNumber || $0 == "_" }
        if token == "p", peek == "(" {
            // k6's form: p(99), p(99.9).
            position += 1
            let inner = take { $0.isNumber || $0 == "." }
            guard peek == ")" else {
                throw error(.syntax, at: position, "expected ')' to close 'p(\(inner)', found \(describe(peek))")
            }
            position += 1
            let k6Forms: [String: ThresholdStatistic] = ["50": .p50, "90": .p90, "95": .p95, "99": .p99, "99.9": .p999]
            guard let statistic = k6Forms[inner], metric.isDistribution else {
                guard metric.isDistribution else {
                    throw error(.misuse, at: dot, "'\(metric)' is a single number and takes no statistic")
                }
                throw error(
                    .unknownStatistic,
                    at: start,
                    "unknown statistic 'p(\(inner))'; expected p(50), p(90), p(95), p(99) or p(99.9), or one of \(statistics)"
                )
            }
            return statistic
        }
        guard metric.isDistribution else {
            throw error(.misuse, at: dot, "'\(metric)' is a single number and takes no statistic")
        }
        guard !token.isEmpty else {
            throw error(
                .syntax,
                at: start,
                "expected a statistic after '.', one of \(statistics); found \(describe(peek))"
            )
        }
        guard let statistic = ThresholdStatistic(rawValue: token) else {
            throw error(.unknownStatistic, at: start, "unknown statistic '\(token)'; expected one of \(statistics)")
        }
        return statistic
    }

    private mutating func parseComparator() throws(ThresholdError) -> ThresholdComparator {
        let start = position
        let token = take(limit: 2) { "<>=!".contains($0) }
        if let comparator = ThresholdComparator(rawValue: token) { return comparator }
        if token == "=" {
            throw error(.syntax, at: start, "'=' is not a comparison; use '=='")
        }
        let found = token.isEmpty ? describe(peek) : "'\(token)'"
        throw error(.syntax, at: start, "expected a comparison operator (<, <=, >, >=, ==, !=), found \(found)")
    }

    private mutating func parseNumber(after comparator: ThresholdComparator) throws(ThresholdError) -> Double {
        let start = position
        var text = ""
        if peek == "-" || peek == "+" { text.append(characters[position]); position += 1 }
        let integer = take { $0.isASCII && $0.isNumber }
        var fraction = ""
        if peek == ".", position + 1 < characters.count, characters[position + 1].isNumber {
            position += 1
            fraction = take { $0.isASCII && $0.isNumber }
        }
        guard !integer.isEmpty || !fraction.isEmpty else {
            position = start
            throw error(.syntax, at: start, "expected a number after '\(comparator.rawValue)', found \(describe(peek))")
        }
        text += (integer.isEmpty ? "0" : integer) + (fraction.isEmpty ? "" : "." + fraction)
        if peek == "e" || peek == "E" {
            let exponentStart = position
            position += 1
            var exponent = ""
            if peek == "-" || peek == "+" { exponent.append(characters[position]); position += 1 }
            let digits = take { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else {
                throw error(.syntax, at: exponentStart, "expected digits in the exponent of the number")
            }
            text += "e" + exponent + digits
        }
        guard let value = Double(text), value.isFinite else {
            throw error(.syntax, at: start, "'\(text)' is not a finite number")
        }
        return value
    }

    /// The factor that turns the written unit into the metric's unit (1 when there is none).
    /// A known unit may follow the number after spaces; an unknown word is a unit error only when it is
    /// attached to the number (`3hours`), otherwise it is text after the end of the threshold.
    private mutating func parseUnit(for metric: ThresholdMetric, attached: Bool) throws(ThresholdError) -> Double {
        let start = position
        if peek == "%" {
            position += 1
            guard metric.isRate else {
                throw error(
                    .misuse,
                    at: start,
                    "'%' applies only to error_rate, transport_error_rate and server_error_rate"
                )
            }
            return 0.01
        }
        let unit = take { $0.isLetter }
        if unit.isEmpty { return 1 }
        let scales: [String: Double] = ["ms": 1, "s": 1_000, "us": 0.001]
        guard let scale = scales[unit] else {
            if !attached {
                position = start
                return 1
            }
            throw error(.unknownUnit, at: start, "unknown unit '\(unit)'; expected ms, s or us (or % for rates)")
        }
        guard metric.isDistribution else {
            throw error(.misuse, at: start, "unit '\(unit)' applies only to latency_ms, service_ms and schedule_lag_ms")
        }
        return scale
    }

    // MARK: Scanning

    private var peek: Character? { position < characters.count ? characters[position] : nil }

    private var rest: String { String(characters[position...]) }

    private mutating func skipSpaces() {
        while let next = peek, next.isWhitespace { position += 1 }
    }

    private mutating func take(limit: Int = .max, while predicate: (Character) -> Bool) -> String {
        var taken = ""
        while taken.count < limit, let next = peek, predicate(next) {
            taken.append(next)
            position += 1
        }
        return taken
    }

    private func describe(_ character: Character?) -> String {
        character.map { "'\($0)'" } ?? "the end of the expression"
    }

    private func error(_ code: ThresholdError.Code, at index: Int, _ message: String) -> ThresholdError {
        ThresholdError(code, expression: source, column: index + 1, message: message)
    }
}
