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

    init(_ accumulator: IntervalAccumulator, settings: HistogramSettings, layout: HistogramLayout) {
        var allLatency = IntervalHistogram()
        var allService = IntervalHistogram()
        var allCounts = [UInt64](repeating: 0, count: OutcomeClass.allCases.count)
        cells = []
        operations = []
        for row in accumulator.cells {
            var packedRow = [Cell?](repeating: nil, count: OutcomeClass.allCases.count)
            var opLatency = IntervalHistogram()
            var opService = IntervalHistogram()
            var opCounts = [UInt64](repeating: 0, count: OutcomeClass.allCases.count)
            var any = false
            for (outcome, cell) in row.enumerated() {
                guard let cell else { continue }
                any = true
                packedRow[outcome] = Cell(
                    count: cell.count,
                    latency: PackedHistogram(cell.latency, settings: settings, layout: layout),
                    service: PackedHistogram(cell.service, settings: settings, layout: layout)
                )
                opLatency.add(cell.latency)
                opService.add(cell.service)
                opCounts[outcome] += cell.count
            }
            cells.append(packedRow)
            if any {
                operations.append(
                    IntervalOperationData(
                        counts: opCounts,
                        latency: opLatency,
                        service: opService,
                        settings: settings,
                        layout: layout
                    )
                )
                allLatency.add(opLatency)
                allService.add(opService)
                for index in allCounts.indices { allCounts[index] += opCounts[index] }
            } else {
                operations.append(nil)
            }
        }
        all = IntervalOperationData(
            counts: allCounts,
            latency: allLatency,
            service: allService,
            settings: settings,
            layout: layout
        )
    }

    /// The histograms back in recordable form, to merge samples that arrived after closing.
    func reopened(layout: HistogramLayout) -> IntervalAccumulator {
        var accumulator = IntervalAccumulator()
        accumulator.cells = cells.map { row in
            row.map { cell in
                cell.map {
                    IntervalAccumulator.Cell(
                        count: $0.count,
                        latency: $0.latency.unpackInterval(layout: layout),
                        service: $0.service.unpackInterval(layout: layout)
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

    init(
        counts: [UInt64],
        latency: IntervalHistogram,
        service: IntervalHistogram,
        settings: HistogramSettings,
        layout: HistogramLayout
    ) {
        self.counts = counts
        self.latency = PackedHistogram(latency, settings: settings, layout: layout)
        self.service = PackedHistogram(service, settings: settings, layout: layout)
        self.latencyStats = IntervalStats(latency, layout: layout)
        self.serviceStats = IntervalStats(service, layout: layout)
    }
}
