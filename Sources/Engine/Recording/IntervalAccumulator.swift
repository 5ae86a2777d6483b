/// Latency and service-time histograms of one interval, per operation × outcome class.
struct IntervalAccumulator: Sendable {
    struct Cell: Sendable {
        var count: UInt64 = 0
        var latency = IntervalHistogram()
        var service = IntervalHistogram()
    }

    /// `cells[op][outcome]`, created on first use.
    var cells: [[Cell?]] = []

    mutating func record(
        operation op: Int,
        outcome: Int,
        latency: UInt64,
        service: UInt64,
        layout: HistogramLayout
    ) {
        if op >= cells.count {
            cells.append(
                contentsOf: repeatElement(
                    [Cell?](repeating: nil, count: OutcomeClass.allCases.count),
                    count: op + 1 - cells.count
                )
            )
        }
        // Moved out and back, so testing the cell does not copy it (a retain of each histogram).
        var cell = cells[op][outcome].take() ?? Cell()
        cell.count += 1
        cell.latency.record(latency, layout: layout)
        cell.service.record(service, layout: layout)
        cells[op][outcome] = cell
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
