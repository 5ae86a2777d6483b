import Basics
import Foundation
import Histogram
import Synchronization

/// The single consumer: drains the ring, owns the histograms, closes intervals, publishes snapshots and
/// finally builds the ``Recording``.
///
/// `@unchecked Sendable`: it is handed to its thread once, at creation, and from then on only that
/// thread touches it (the recording leaves through `RecorderCore.complete`).
final class RecorderConsumer: @unchecked Sendable {
    let core: RecorderCore
    private(set) var aggregate: RecorderAggregate
    private(set) var closedIntervals: [Int: ClosedInterval] = [:]
    private(set) var ringSamples: UInt64 = 0
    private let intervalNanos: Int64
    private let graceNanos: Int64

    init(core: RecorderCore) {
        self.core = core
        self.aggregate = RecorderCore.emptyAggregate(core.configuration)
        self.intervalNanos = core.configuration.intervalLength.nanoseconds
        self.graceNanos = core.configuration.intervalGrace.nanoseconds
    }

    func run() {
        let housekeepingNanos: Int64 = 100_000_000
        var lastHousekeeping: Int64? = nil
        while true {
            // Read `stop` before draining: if it was set, every producer had returned before, so one full
            // drain after this load sees every sample they published.
            let stopping = core.stop.load(ordering: .acquiring)
            let drained = drainRing()
            absorbOverflow()
            if stopping {
                while drainRing() > 0 {}
                absorbOverflow(force: true)
                break
            }
            let now = (ContinuousClock.now - core.runStart).nanoseconds
            if lastHousekeeping.map({ now - $0 >= housekeepingNanos }) ?? true {
                closeIntervals(before: Int((now - graceNanos) / intervalNanos))
                core.publish(snapshot(now: now))
                lastHousekeeping = now
            }
            // Sleep between passes unless the ring is filling: a pass per 5 ms keeps the ring far
            // from full (65,536 samples by default) at any rate a harness reaches, where waking
            // every millisecond, or looping while samples trickle in, cost a thread hand-off per
            // few samples (~6 % of the harness's CPU at 6,000 operations/s, `perf`).
            if drained < core.ring.capacity / 4 { usleep(5_000) }
        }
        closeIntervals(before: .max)
        core.complete(with: makeRecording(endNanos: core.endNanos.load(ordering: .relaxed)))
    }

    private func drainRing() -> Int {
        let count = core.ring.drain(limit: core.ring.capacity) { sample in aggregate.add(sample) }
        ringSamples += UInt64(count)
        return count
    }

    /// Merges the overflow aggregate. `pending` is only a hint to skip the lock; `force` ignores it.
    private func absorbOverflow(force: Bool = false) {
        guard force || core.overflowPending.load(ordering: .acquiring) > 0 else { return }
        var taken = RecorderCore.emptyAggregate(core.configuration)
        let count = core.overflow.withLock { overflow in
            swap(&overflow, &taken)
            return taken.samples
        }
        core.overflowPending.subtract(Int(count), ordering: .relaxed)
        aggregate.absorb(&taken)
    }

    private func closeIntervals(before limit: Int) {
        for (index, accumulator) in aggregate.takeIntervals(before: limit) {
            if let observe = core.onInterval { observe(delta(index, accumulator)) }
            if let existing = closedIntervals[index] {
                // Samples for an interval already closed: merge them exactly into it.
                var reopened = existing.reopened(layout: aggregate.layout)
                reopened.absorb(accumulator)
                closedIntervals[index] = ClosedInterval(
                    reopened,
                    settings: aggregate.settings,
                    layout: aggregate.layout
                )
                core.intervalsReopened.add(1, ordering: .relaxed)
            } else {
                closedIntervals[index] = ClosedInterval(
                    accumulator,
                    settings: aggregate.settings,
                    layout: aggregate.layout
                )
                core.intervalsClosed.add(1, ordering: .releasing)
            }
        }
    }

    /// The samples of `accumulator`, per operation and outcome class, for the interval observer.
    private func delta(_ index: Int, _ accumulator: IntervalAccumulator) -> IntervalDelta {
        let names = core.operations.names
        var cells: [IntervalDelta.Cell] = []
        for (op, row) in accumulator.cells.enumerated() {
            for (outcome, cell) in row.enumerated() {
                guard let cell, let o = OutcomeClass(rawValue: UInt8(outcome)) else { continue }
                cells.append(
                    IntervalDelta.Cell(
                        operation: op < names.count ? names[op] : "operation#\(op)",
                        outcome: o,
                        count: cell.count,
                        latency: PackedHistogram(cell.latency, settings: aggregate.settings, layout: aggregate.layout)
                    )
                )
            }
        }
        return IntervalDelta(index: index, cells: cells)
    }

    private func snapshot(now: Int64) -> LiveSnapshot {
        let current = Int(max(now, 0) / intervalNanos)
        let lastWhole = current - 1
        var lastCount: UInt64 = 0
        if let open = aggregate.openIntervals[lastWhole] {
            lastCount += open.cells.reduce(0) { $0 + $1.reduce(0) { $0 + ($1?.count ?? 0) } }
        }
        if let done = closedIntervals[lastWhole] { lastCount += done.all.counts.reduce(0, +) }
        let seconds = Double(intervalNanos) / 1e9
        return LiveSnapshot(
            elapsed: .nanoseconds(now),
            requests: aggregate.samples,
            ok: aggregate.countsByOutcome[Int(OutcomeClass.ok.rawValue)],
            expectedErrors: aggregate.countsByOutcome[Int(OutcomeClass.expectedError.rawValue)],
            unexpected: aggregate.countsByOutcome[Int(OutcomeClass.unexpected.rawValue)],
            transportErrors: aggregate.countsByOutcome[Int(OutcomeClass.transportError.rawValue)],
            lateStarts: aggregate.lateStarts,
            opsPerSecond: lastWhole >= 0 ? Double(lastCount) / seconds : 0,
            latencyP99Ms: Double(aggregate.overallLatency.percentileValue(99)) / 1_000
        )
    }
}
