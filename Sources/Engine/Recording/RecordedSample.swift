/// One completed request, as it travels from a player task to the recorder's consumer.
///
/// Fixed size (32 bytes) so the ring buffer holds it inline. Times are nanoseconds since the run's start
/// on the monotonic clock the ``Recorder`` was created with.
package struct RecordedSample: Sendable, Hashable {
    /// When the schedule wanted the request to start (the coordinated-omission-free origin).
    package var intendedStartNanos: Int64
    /// When the request was actually handed to the transport.
    package var sentNanos: Int64
    /// When the answer (or the transport error) arrived.
    package var completedNanos: Int64
    /// The Gamebase `resultCode` of the answer; `nil` for a transport error.
    package var resultCode: Int32?
    package var operation: OperationID
    package var outcome: OutcomeClass

    package init(
        operation: OperationID,
        outcome: OutcomeClass,
        resultCode: Int?,
        intendedStartNanos: Int64,
        sentNanos: Int64,
        completedNanos: Int64
    ) {
        self.operation = operation
        self.outcome = outcome
        self.resultCode = resultCode.map { Int32(clamping: $0) }
        self.intendedStartNanos = intendedStartNanos
        self.sentNanos = sentNanos
        self.completedNanos = completedNanos
    }

    static let zero = RecordedSample(
        operation: OperationID(rawValue: 0),
        outcome: .ok,
        resultCode: nil,
        intendedStartNanos: 0,
        sentNanos: 0,
        completedNanos: 0
    )
}
