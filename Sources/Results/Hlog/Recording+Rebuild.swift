import Engine
import Foundation
import Histogram

extension Recording {
    /// A run's recording rebuilt from its files: the histograms from `outcomes.hlog`
    /// (``HistogramLog/init(outcomesOf:tool:)``), the counters no histogram holds (result codes,
    /// failure kinds, late starts, clamped values) from `summary.json`. `gbfuzz merge` rebuilds a
    /// sharded run this way from the merged `outcomes.hlog` and every shard's summary, which it
    /// adds up, so the merged run's summary is computed exactly as one run's is.
    ///
    /// - Throws: ``HlogError`` when the summaries disagree on the histogram settings or interval
    ///   length, the log holds a line that is not an outcome line, or the log and the summaries
    ///   do not count the same requests per operation (files of different runs).
    package init(outcomesLog log: HistogramLog, summaries: [RunSummary]) throws(HlogError) {
        guard let first = summaries.first else { throw HlogError(.unreadable, "no summary to rebuild the run from") }
        let info = first.histogram
        for s in summaries {
            guard s.histogram.lowestDiscernibleValue == info.lowestDiscernibleValue,
                s.histogram.highestTrackableValue == info.highestTrackableValue,
                s.histogram.significantDigits == info.significantDigits, s.histogram.intervalS == info.intervalS,
                s.lateStartToleranceMs == first.lateStartToleranceMs
            else {
                throw HlogError(
                    .incompatible,
                    "the runs differ in histogram settings, interval length or late-start tolerance"
                )
            }
        }
        guard (1...5).contains(info.significantDigits), info.lowestDiscernibleValue >= 1,
            info.highestTrackableValue >= 2 * info.lowestDiscernibleValue, info.intervalS > 0, info.intervalS.isFinite
        else { throw HlogError(.incompatible, "summary.json: impossible histogram settings") }
        let settings = HistogramSettings(
            lowestDiscernibleValue: info.lowestDiscernibleValue,
            highestTrackableValue: info.highestTrackableValue,
            significantDigits: info.significantDigits
        )

        // (interval, operation, outcome) → latency and service lines; (operation, outcome) → lag lines.
        struct CellKey: Hashable {
            var interval: Int
            var operation: String
            var outcome: OutcomeClass
        }
        var cells: [CellKey: (latency: [PackedHistogram], service: [PackedHistogram])] = [:]
        var lags: [String: [OutcomeClass: [PackedHistogram]]] = [:]
        for (number, entry) in log.entries.enumerated() {
            guard let (outcome, metric, operation) = HistogramLog.parseOutcomeTag(entry.tag) else {
                throw HlogError(
                    .malformedLine,
                    line: number + 1,
                    "not an outcomes.hlog line (tag \(entry.tag ?? "none"))"
                )
            }
            guard entry.histogram.settings.lowestDiscernibleValue == settings.lowestDiscernibleValue,
                entry.histogram.settings.significantDigits == settings.significantDigits
            else {
                throw HlogError(.incompatible, "tag \(entry.tag ?? ""): histogram settings differ from summary.json's")
            }
            if metric == .lag {
                lags[operation, default: [:]][outcome, default: []].append(entry.histogram)
                continue
            }
            let position = log.offsetFromStart(entry) / info.intervalS
            guard position.isFinite, position > -0.5, position < 100_000_000 else {
                throw HlogError(
                    .outOfRange,
                    "tag \(entry.tag ?? ""): starts \(log.offsetFromStart(entry)) s into the run"
                )
            }
            let key = CellKey(interval: Int(position.rounded()), operation: operation, outcome: outcome)
            if metric == .latency {
                cells[key, default: ([], [])].latency.append(entry.histogram)
            } else {
                cells[key, default: ([], [])].service.append(entry.histogram)
            }
        }

        // Cumulative per operation and outcome: the intervals' latency and service, the run's lag.
        var totals: [String: [OutcomeClass: (latency: [PackedHistogram], service: [PackedHistogram])]] = [:]
        for (key, cell) in cells {
            var t = totals[key.operation, default: [:]][key.outcome] ?? ([], [])
            t.latency += cell.latency
            t.service += cell.service
            totals[key.operation, default: [:]][key.outcome] = t
        }
        var operations: [OperationRecording] = []
        for name in Set(totals.keys).union(lags.keys).sorted() {
            var outcomes: [OutcomeClass: OutcomeRecording] = [:]
            for outcome in OutcomeClass.allCases {
                let t = totals[name]?[outcome]
                let lag = lags[name]?[outcome]
                guard t != nil || lag != nil else { continue }
                let latency = try Self.sum(t?.latency ?? [], settings, name)
                outcomes[outcome] = OutcomeRecording(
                    count: latency.totalCount,
                    latency: latency,
                    service: try Self.sum(t?.service ?? [], settings, name),
                    scheduleLag: try Self.sum(lag ?? [], settings, name)
                )
            }
            operations.append(Self.operation(name, outcomes, summaries, settings))
        }
        try Self.checkCounts(operations, against: summaries)

        let intervalLength = Duration.seconds(info.intervalS)
        let duration = Duration.seconds(summaries.map(\.durationS).max() ?? 0)
        var intervals: [IntervalRecording] = []
        for index in Set(cells.keys.map(\.interval)).sorted() {
            var perOperation: [IntervalOperation] = []
            var all = (counts: [OutcomeClass: UInt64](), latency: [PackedHistogram](), service: [PackedHistogram]())
            for name in Set(cells.keys.filter { $0.interval == index }.map(\.operation)).sorted() {
                var byOutcome: [OutcomeClass: IntervalHistograms] = [:]
                var counts: [OutcomeClass: UInt64] = [:]
                var latencies: [PackedHistogram] = []
                var services: [PackedHistogram] = []
                for outcome in OutcomeClass.allCases {
                    guard let cell = cells[CellKey(interval: index, operation: name, outcome: outcome)] else {
                        continue
                    }
                    let latency = PackedHistogram(try Self.sum(cell.latency, settings, name))
                    let service = PackedHistogram(try Self.sum(cell.service, settings, name))
                    byOutcome[outcome] = IntervalHistograms(latency: latency, service: service)
                    counts[outcome] = latency.totalCount
                    all.counts[outcome, default: 0] += latency.totalCount
                    latencies.append(latency)
                    services.append(service)
                }
                perOperation.append(
                    try Self.intervalOperation(name, counts, latencies, services, byOutcome, settings)
                )
                all.latency += latencies
                all.service += services
            }
            // As the recorder sets it (the log keeps lengths to the millisecond): the last interval
            // ends with the run, the longest shard's for a merged one.
            let start = intervalLength * index
            let remaining = duration - start
            intervals.append(
                IntervalRecording(
                    index: index,
                    start: start,
                    length: remaining > .zero ? min(intervalLength, remaining) : intervalLength,
                    operations: perOperation,
                    all: try Self.intervalOperation("", all.counts, all.latency, all.service, [:], settings)
                )
            )
        }

        self.init(
            settings: settings,
            startedAt: Date(timeIntervalSince1970: log.startTime ?? 0),
            duration: duration,
            intervalLength: intervalLength,
            lateStartTolerance: .seconds(first.lateStartToleranceMs / 1_000),
            operations: operations,
            intervals: intervals,
            clampedValues: summaries.reduce(0) { $0 &+ $1.histogram.clampedValues },
            diagnostics: RecorderDiagnostics(viaOverflow: summaries.reduce(0) { $0 &+ $1.histogram.overflowSamples })
        )
    }

    /// The sum of `parts`, refused when the counts add up beyond what a histogram holds.
    private static func sum(
        _ parts: [PackedHistogram],
        _ settings: HistogramSettings,
        _ operation: String
    ) throws(HlogError) -> Histogram<UInt64> {
        var total = settings.makeHistogram()
        var guardSum = PackableSum()
        for part in parts {
            guard guardSum.add(part) else {
                throw HlogError(.incompatible, "\(operation): the counts add up beyond 64 bits")
            }
            let h = part.unpack()
            total = HistogramLog.widened(total, toHold: h)
            total.add(h)
        }
        return total
    }

    private static func intervalOperation(
        _ name: String,
        _ counts: [OutcomeClass: UInt64],
        _ latencies: [PackedHistogram],
        _ services: [PackedHistogram],
        _ byOutcome: [OutcomeClass: IntervalHistograms],
        _ settings: HistogramSettings
    ) throws(HlogError) -> IntervalOperation {
        let latency = try sum(latencies, settings, name)
        let service = try sum(services, settings, name)
        return IntervalOperation(
            name: name,
            counts: counts,
            latency: PackedHistogram(latency),
            service: PackedHistogram(service),
            byOutcome: byOutcome,
            latencyStats: IntervalStats(latency),
            serviceStats: IntervalStats(service)
        )
    }

    /// One operation's histograms with the counters the summaries keep: codes, failure kinds and
    /// their first examples, late starts, each added over the summaries.
    private static func operation(
        _ name: String,
        _ outcomes: [OutcomeClass: OutcomeRecording],
        _ summaries: [RunSummary],
        _ settings: HistogramSettings
    ) -> OperationRecording {
        var codes: [Int: UInt64] = [:]
        var failures: [FailureKind: UInt64] = [:]
        var examples: [FailureKind: String] = [:]
        var lateStarts: UInt64 = 0
        for s in summaries {
            guard let op = s.ops[name] else { continue }
            for (code, n) in op.codes { if let c = Int(code) { codes[c, default: 0] &+= n } }
            for (key, n) in op.failures { if let k = FailureKind(key: key) { failures[k, default: 0] &+= n } }
            for (key, text) in op.failureExamples {
                if let k = FailureKind(key: key), examples[k] == nil { examples[k] = text }
            }
            lateStarts &+= op.lateStarts
        }
        return OperationRecording(
            name: name,
            outcomes: outcomes,
            codes: codes,
            failures: failures,
            failureExamples: examples,
            lateStarts: lateStarts,
            settings: settings
        )
    }

    /// Refuses a log and summaries that do not count the same requests of each operation.
    private static func checkCounts(_ operations: [OperationRecording], against summaries: [RunSummary])
        throws(HlogError)
    {
        var expected: [String: UInt64] = [:]
        for s in summaries { for (name, op) in s.ops { expected[name, default: 0] &+= op.count } }
        var found: [String: UInt64] = [:]
        for op in operations { found[op.name] = op.count }
        for name in Set(expected.keys).union(found.keys).sorted()
        where expected[name, default: 0] != found[name, default: 0] {
            throw HlogError(
                .incompatible,
                "\(name): summary.json counts \(expected[name, default: 0]) requests, outcomes.hlog \(found[name, default: 0]) (files of different runs?)"
            )
        }
    }
}
