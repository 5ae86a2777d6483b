import Histogram

/// An interval that no longer receives samples, packed to a few hundred bytes per operation.
struct ClosedInterval: Sendable {
    struct Cell: Sendable {
        var count: UInt64
        var latency: PackedHistogram
        var service: PackedHistogram
    }

    /// `cells[op][outcome]`.
    var cells: [[Cell?]]
    /// Per operation, all outcome classes merged.
    var operations: [IntervalOperationData?]
    /// All operations merged.
    var all: IntervalOperationData

    init(_ accumulator: IntervalAccumulator, settings: HistogramSettings) {
        var allLatency = settings.makeHistogram()
        var allService = settings.makeHistogram()
        var allCounts = [UInt64](repeating: 0, count: OutcomeClass.allCases.count)
        cells = []
        operations = []
        for row in accumulator.cells {
            var packedRow = [Cell?](repeating: nil, count: OutcomeClass.allCases.count)
            var opLatency = settings.makeHistogram()
            var opService = settings.makeHistogram()
            var opCounts = [UInt64](repeating: 0, count: OutcomeClass.allCases.count)
            var any = false
            for (outcome, cell) in row.enumerated() {
                guard let cell else { continue }
                any = true
                packedRow[outcome] = Cell(
                    count: cell.count,
                    latency: PackedHistogram(cell.latency),
                    service: PackedHistogram(cell.service)
                )
                opLatency.add(cell.latency)
                opService.add(cell.service)
                opCounts[outcome] += cell.count
            }
            cells.append(packedRow)
            if any {
                operations.append(IntervalOperationData(counts: opCounts, latency: opLatency, service: opService))
                allLatency.add(opLatency)
                allService.add(opService)
                for index in allCounts.indices { allCounts[index] += opCounts[index] }
            } else {
                operations.append(nil)
            }
        }
        all = IntervalOperationData(counts: allCounts, latency: allLatency, service: allService)
    }

    /// The histograms back in recordable form, to merge samples that arrived after closing.
    func reopened() -> IntervalAccumulator {
        var accumulator = IntervalAccumulator()
        accumulator.cells = cells.map { row in
            row.map { cell in
                cell.map {
                    IntervalAccumulator.Cell(
                        count: $0.count,
                        latency: $0.latency.unpack(),
                        service: $0.service.unpack()
                    )
                }
            }
        }
        return accumulator
    }
}

/// Packed histograms and counts of one operation (or all) in one interval.
struct IntervalOperationData: Sendable {
    var counts: [UInt64]
    var latency: PackedHistogram
    var service: PackedHistogram
    var latencyStats: IntervalStats
    var serviceStats: IntervalStats

    init(counts: [UInt64], latency: Histogram<UInt64>, service: Histogram<UInt64>) {
        self.counts = counts
        self.latency = PackedHistogram(latency)
        self.service = PackedHistogram(service)
        self.latencyStats = IntervalStats(latency)
        self.serviceStats = IntervalStats(service)
    }
}
