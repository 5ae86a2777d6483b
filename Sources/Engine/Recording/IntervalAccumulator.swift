import Histogram

/// Latency and service-time histograms of one interval, per operation × outcome class.
struct IntervalAccumulator: Sendable {
    struct Cell: Sendable {
        var count: UInt64 = 0
        var latency: Histogram<UInt64>
        var service: Histogram<UInt64>
    }

    /// `cells[op][outcome]`, created on first use.
    var cells: [[Cell?]] = []

    mutating func record(
        operation op: Int,
        outcome: Int,
        latency: UInt64,
        service: UInt64,
        settings: HistogramSettings
    ) {
        if op >= cells.count {
            cells.append(
                contentsOf: repeatElement(
                    [Cell?](repeating: nil, count: OutcomeClass.allCases.count),
                    count: op + 1 - cells.count
                )
            )
        }
        if cells[op][outcome] == nil {
            cells[op][outcome] = Cell(
                latency: settings.makeHistogram(),
                service: settings.makeHistogram()
            )
        }
        cells[op][outcome]!.count += 1
        cells[op][outcome]!.latency.record(latency)
        cells[op][outcome]!.service.record(service)
    }

    mutating func absorb(_ other: IntervalAccumulator) {
        if other.cells.count > cells.count {
            cells.append(
                contentsOf: repeatElement(
                    [Cell?](repeating: nil, count: OutcomeClass.allCases.count),
                    count: other.cells.count - cells.count
                )
            )
        }
        for (op, row) in other.cells.enumerated() {
            for (outcome, cell) in row.enumerated() {
                guard let cell else { continue }
                if cells[op][outcome] == nil {
                    cells[op][outcome] = cell
                } else {
                    cells[op][outcome]!.count += cell.count
                    cells[op][outcome]!.latency.add(cell.latency)
                    cells[op][outcome]!.service.add(cell.service)
                }
            }
        }
    }
}
