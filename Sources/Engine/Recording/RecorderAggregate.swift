import Histogram

/// The histograms and counters built from samples. Not thread-safe: the recorder's consumer thread owns
/// one, and a second one behind a mutex catches the samples the ring had no room for.
struct RecorderAggregate: Sendable {
    let settings: HistogramSettings
    /// The counts layout of `settings`, for the interval histograms.
    let layout: HistogramLayout
    let intervalNanos: Int64
    let lateStartToleranceNanos: Int64

    /// Cumulative state per operation, indexed by `OperationID.rawValue`.
    var operations: [OperationAccumulator?] = []
    /// Intervals that may still receive samples, by interval index (completion time ÷ interval length).
    var openIntervals: [Int: IntervalAccumulator] = [:]
    /// Latency of every sample, for the live p99.
    var overallLatency: Histogram<UInt64>
    var samples: UInt64 = 0
    var clampedValues: UInt64 = 0
    var countsByOutcome = [UInt64](repeating: 0, count: OutcomeClass.allCases.count)
    var lateStarts: UInt64 = 0

    init(settings: HistogramSettings, intervalNanos: Int64, lateStartToleranceNanos: Int64) {
        self.settings = settings
        self.layout = HistogramLayout(settings)
        self.intervalNanos = intervalNanos
        self.lateStartToleranceNanos = lateStartToleranceNanos
        self.overallLatency = settings.makeHistogram()
    }

    var isEmpty: Bool { samples == 0 }

    mutating func add(_ sample: RecordedSample) {
        let latency = micros(sample.completedNanos &- sample.intendedStartNanos)
        let service = micros(sample.completedNanos &- sample.sentNanos)
        let lag = micros(sample.sentNanos &- sample.intendedStartNanos)
        let isLate = sample.sentNanos &- sample.intendedStartNanos > lateStartToleranceNanos
        let op = Int(sample.operation.rawValue)
        let outcome = Int(sample.outcome.rawValue)

        samples += 1
        countsByOutcome[outcome] += 1
        if isLate { lateStarts += 1 }
        overallLatency.record(latency)

        if op >= operations.count {
            operations.append(contentsOf: repeatElement(nil, count: op + 1 - operations.count))
        }
        // Moved out and back: reading `operations[op]!.outcomes[outcome]` to test it copied the
        // accumulator's three histograms per sample.
        var operation = operations[op].take() ?? OperationAccumulator()
        var accumulator = operation.outcomes[outcome].take() ?? OutcomeAccumulator(settings: settings)
        accumulator.record(latency: latency, service: service, lag: lag)
        operation.outcomes[outcome] = accumulator
        if let code = sample.resultCode { operation.codes[code, default: 0] += 1 }
        if let failure = sample.failure { operation.failures[failure, default: 0] += 1 }
        if isLate { operation.lateStarts += 1 }
        operations[op] = operation

        let interval = Int(max(sample.completedNanos, 0) / intervalNanos)
        openIntervals[interval, default: IntervalAccumulator()].record(
            operation: op,
            outcome: outcome,
            latency: latency,
            service: service,
            layout: layout
        )
    }

    /// Moves everything from `other` into `self`, leaving `other` empty.
    mutating func absorb(_ other: inout RecorderAggregate) {
        samples += other.samples
        clampedValues += other.clampedValues
        lateStarts += other.lateStarts
        for index in countsByOutcome.indices { countsByOutcome[index] += other.countsByOutcome[index] }
        overallLatency.add(other.overallLatency)
        if other.operations.count > operations.count {
            operations.append(contentsOf: repeatElement(nil, count: other.operations.count - operations.count))
        }
        for (op, accumulator) in other.operations.enumerated() {
            guard let accumulator else { continue }
            if operations[op] == nil {
                operations[op] = accumulator
            } else {
                operations[op]!.absorb(accumulator)
            }
        }
        for (interval, accumulator) in other.openIntervals {
            if openIntervals[interval] == nil {
                openIntervals[interval] = accumulator
            } else {
                openIntervals[interval]!.absorb(accumulator)
            }
        }
        other = RecorderAggregate(
            settings: settings,
            intervalNanos: intervalNanos,
            lateStartToleranceNanos: lateStartToleranceNanos
        )
    }

    /// Removes and returns the open intervals with an index below `limit`, oldest first.
    mutating func takeIntervals(before limit: Int) -> [(index: Int, accumulator: IntervalAccumulator)] {
        let indices = openIntervals.keys.filter { $0 < limit }.sorted()
        return indices.map { ($0, openIntervals.removeValue(forKey: $0)!) }
    }

    /// Nanoseconds to whole microseconds (rounded), clamped to the trackable range.
    private mutating func micros(_ nanos: Int64) -> UInt64 {
        guard nanos > 0 else { return 0 }
        let value = UInt64(nanos / 1_000) + (nanos % 1_000 >= 500 ? 1 : 0)
        if value > settings.highestTrackableValue {
            clampedValues += 1
            return settings.highestTrackableValue
        }
        return value
    }
}

/// Cumulative histograms of one (operation, outcome class).
struct OutcomeAccumulator: Sendable {
    var count: UInt64 = 0
    var latency: Histogram<UInt64>
    var service: Histogram<UInt64>
    var lag: Histogram<UInt64>

    init(settings: HistogramSettings) {
        latency = settings.makeHistogram()
        service = settings.makeHistogram()
        lag = settings.makeHistogram()
    }

    mutating func record(latency: UInt64, service: UInt64, lag: UInt64) {
        count += 1
        self.latency.record(latency)
        self.service.record(service)
        self.lag.record(lag)
    }

    mutating func absorb(_ other: OutcomeAccumulator) {
        count += other.count
        latency.add(other.latency)
        service.add(other.service)
        lag.add(other.lag)
    }
}

/// Cumulative state of one operation.
struct OperationAccumulator: Sendable {
    var outcomes = [OutcomeAccumulator?](repeating: nil, count: OutcomeClass.allCases.count)
    var codes: [Int32: UInt64] = [:]
    var failures: [FailureKind: UInt64] = [:]
    var lateStarts: UInt64 = 0

    mutating func absorb(_ other: OperationAccumulator) {
        for (index, outcome) in other.outcomes.enumerated() {
            guard let outcome else { continue }
            if outcomes[index] == nil {
                outcomes[index] = outcome
            } else {
                outcomes[index]!.absorb(outcome)
            }
        }
        codes.merge(other.codes, uniquingKeysWith: +)
        failures.merge(other.failures, uniquingKeysWith: +)
        lateStarts += other.lateStarts
    }
}
