import Engine
import Foundation
import Histogram
import Plan

extension RunSummary {
    /// Builds the summary of a finished run. Thresholds are empty: evaluate them with ``evaluating(_:)``.
    ///
    /// - Parameters:
    ///   - recording: what the recorder measured.
    ///   - metadata: seed, profile, target, configuration (redacted here) and the model's counts.
    ///   - violations: the violations found, numbered from 1.
    ///   - violationCount: the number found, if the engine kept only some of them in `violations`.
    package init(
        recording: Recording,
        metadata: RunMetadata,
        violations: [ViolationEntry] = [],
        violationCount: Int? = nil
    ) {
        let durationS = Self.seconds(recording.duration)
        func rate(_ count: UInt64) -> Double { durationS > 0 ? Double(count) / durationS : 0 }
        func ratio(_ part: UInt64, _ whole: UInt64) -> Double { whole > 0 ? Double(part) / Double(whole) : 0 }

        var ops: [String: OperationSummary] = [:]
        for operation in recording.operations {
            var outcomes = OutcomeCounts()
            for outcome in OutcomeClass.allCases { outcomes[outcome] = operation.count(outcome) }
            ops[operation.name] = OperationSummary(
                count: operation.count,
                ok: outcomes.matched,
                failed: outcomes.failed,
                codes: Dictionary(uniqueKeysWithValues: operation.codes.map { (String($0.key), $0.value) }),
                outcomes: outcomes,
                transportErrors: outcomes.transportError,
                throughputRps: rate(operation.count),
                errorRate: ratio(outcomes.failed, operation.count),
                lateStarts: operation.lateStarts,
                latencyMs: DistributionSummary(microseconds: operation.merged(.latency)),
                serviceMs: DistributionSummary(microseconds: operation.merged(.service)),
                scheduleLagMs: DistributionSummary(microseconds: operation.merged(.scheduleLag)),
                failures: Dictionary(uniqueKeysWithValues: operation.failures.map { ($0.key.key, $0.value) }),
                failureExamples: Dictionary(
                    uniqueKeysWithValues: operation.failureExamples.map { ($0.key.key, $0.value) }
                ),
                latencyByOutcomeMs: Dictionary(
                    uniqueKeysWithValues: operation.outcomes.map {
                        ($0.key.key, DistributionSummary(microseconds: $0.value.latency))
                    }
                )
            )
        }
        var failures: [String: UInt64] = [:]
        for operation in recording.operations {
            for (kind, n) in operation.failures { failures[kind.key, default: 0] += n }
        }
        var latencyByOutcome: [String: DistributionSummary] = [:]
        for outcome in OutcomeClass.allCases where recording.count(outcome) > 0 {
            latencyByOutcome[outcome.key] = DistributionSummary(
                microseconds: recording.merged(.latency, outcomes: [outcome])
            )
        }

        var outcomes = OutcomeCounts()
        for outcome in OutcomeClass.allCases { outcomes[outcome] = recording.count(outcome) }
        let requests = outcomes.total
        let totals = SummaryTotals(
            requests: requests,
            ok: outcomes.matched,
            failed: outcomes.failed,
            transportErrors: outcomes.transportError,
            throughputRps: rate(requests),
            outcomes: outcomes,
            errorRate: ratio(outcomes.failed, requests),
            transportErrorRate: ratio(outcomes.transportError, requests),
            serverErrors: outcomes.serverError,
            serverErrorRate: ratio(outcomes.serverError, requests),
            latencyMs: DistributionSummary(microseconds: recording.merged(.latency)),
            serviceMs: DistributionSummary(microseconds: recording.merged(.service)),
            failures: failures,
            latencyByOutcomeMs: latencyByOutcome
        )

        let timeline = TimelinePoint.timeline(of: recording)

        self.init(
            seed: metadata.seed,
            durationS: durationS,
            startedAt: Self.iso8601(recording.startedAt),
            profile: metadata.profile,
            target: Redaction.redact(url: metadata.target),
            config: Redaction.redact(configuration: metadata.configuration),
            totals: totals,
            ops: ops,
            lateStarts: recording.lateStarts,
            lateStartToleranceMs: Self.seconds(recording.lateStartTolerance) * 1_000,
            scheduleLagMs: DistributionSummary(microseconds: recording.merged(.scheduleLag)),
            violations: ViolationsSummary(list: violations, count: violationCount),
            thresholds: [],
            timeline: timeline,
            histogram: HistogramInfo(
                unit: HistogramSettings.unit,
                lowestDiscernibleValue: recording.settings.lowestDiscernibleValue,
                highestTrackableValue: recording.settings.highestTrackableValue,
                significantDigits: recording.settings.significantDigits,
                intervalS: Self.seconds(recording.intervalLength),
                clampedValues: recording.clampedValues,
                overflowSamples: recording.diagnostics.viaOverflow
            ),
            model: metadata.model,
            run: metadata.status
        )
    }

    /// This summary with `thresholds` set to the results of evaluating `thresholds` against it.
    package func evaluating(_ thresholds: [Threshold]) -> RunSummary {
        var copy = self
        copy.thresholds = thresholds.map { $0.evaluate(against: self) }
        return copy
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    package static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
