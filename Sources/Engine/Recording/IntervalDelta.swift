/// The samples the recorder's consumer just folded into one closed interval (a second, by
/// default): for each operation and outcome class, how many and their latency as an exact
/// HdrHistogram. Handed to a recorder's interval observer (live metrics) on the consumer's thread;
/// a late sample that reopens a closed interval comes as a delta of its own, so adding up every
/// delta gives every sample once.
package struct IntervalDelta: Sendable {
    package struct Cell: Sendable {
        package var operation: String
        package var outcome: OutcomeClass
        package var count: UInt64
        /// Completion − intended start, µs.
        package var latency: PackedHistogram
    }

    /// The interval's number (its start is index × the interval length after the run's start).
    package var index: Int
    package var cells: [Cell]
}
