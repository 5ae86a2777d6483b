import Foundation
import Histogram
import Synchronization

extension RecorderConsumer {
    /// Freezes the consumer's state into the public, immutable form.
    func makeRecording(endNanos: Int64) -> Recording {
        let registered = core.operations.names
        // A hand-built sample may carry an id that was never registered: name it rather than trap.
        func name(_ op: Int) -> String { op < registered.count ? registered[op] : "operation#\(op)" }
        let settings = aggregate.settings
        let duration = Duration.nanoseconds(max(endNanos, 0))

        let examples = core.failureExamples.withLock { $0 }
        var operations: [OperationRecording] = []
        for (op, accumulator) in aggregate.operations.enumerated() {
            guard let accumulator else { continue }
            var outcomes: [OutcomeClass: OutcomeRecording] = [:]
            for outcome in OutcomeClass.allCases {
                guard let cell = accumulator.outcomes[Int(outcome.rawValue)] else { continue }
                outcomes[outcome] = OutcomeRecording(
                    count: cell.count,
                    latency: cell.latency,
                    service: cell.service,
                    scheduleLag: cell.lag
                )
            }
            operations.append(
                OperationRecording(
                    name: name(op),
                    outcomes: outcomes,
                    codes: Dictionary(uniqueKeysWithValues: accumulator.codes.map { (Int($0.key), $0.value) }),
                    failures: accumulator.failures,
                    failureExamples: examples[op] ?? [:],
                    lateStarts: accumulator.lateStarts,
                    settings: settings
                )
            )
        }
        operations.sort { $0.name < $1.name }

        let length = core.configuration.intervalLength
        let intervals = closedIntervals.keys.sorted().map { index -> IntervalRecording in
            let interval = closedIntervals[index]!
            let start = length * index
            let remaining = duration - start
            var perOperation: [IntervalOperation] = []
            for (op, data) in interval.operations.enumerated() {
                guard let data else { continue }
                var byOutcome: [OutcomeClass: IntervalHistograms] = [:]
                for outcome in OutcomeClass.allCases {
                    guard let cell = interval.cells[op][Int(outcome.rawValue)] else { continue }
                    byOutcome[outcome] = IntervalHistograms(latency: cell.latency, service: cell.service)
                }
                perOperation.append(Self.intervalOperation(name: name(op), data: data, byOutcome: byOutcome))
            }
            perOperation.sort { $0.name < $1.name }
            return IntervalRecording(
                index: index,
                start: start,
                length: remaining > .zero ? min(length, remaining) : length,
                operations: perOperation,
                all: Self.intervalOperation(name: "", data: interval.all, byOutcome: [:])
            )
        }

        return Recording(
            settings: settings,
            startedAt: core.startedAt,
            duration: duration,
            intervalLength: length,
            lateStartTolerance: core.configuration.lateStartTolerance,
            operations: operations,
            intervals: intervals,
            clampedValues: aggregate.clampedValues,
            diagnostics: RecorderDiagnostics(
                ringCapacity: core.ring.capacity,
                viaRing: ringSamples,
                viaOverflow: core.viaOverflow.load(ordering: .relaxed),
                afterFinish: core.afterFinish.load(ordering: .relaxed),
                reopenedIntervals: core.intervalsReopened.load(ordering: .relaxed)
            )
        )
    }

    private static func intervalOperation(
        name: String,
        data: IntervalOperationData,
        byOutcome: [OutcomeClass: IntervalHistograms]
    ) -> IntervalOperation {
        var counts: [OutcomeClass: UInt64] = [:]
        for outcome in OutcomeClass.allCases where data.counts[Int(outcome.rawValue)] > 0 {
            counts[outcome] = data.counts[Int(outcome.rawValue)]
        }
        return IntervalOperation(
            name: name,
            counts: counts,
            latency: data.latency,
            service: data.service,
            byOutcome: byOutcome,
            latencyStats: data.latencyStats,
            serviceStats: data.serviceStats
        )
    }
}
