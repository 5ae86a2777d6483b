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
    /// The answer's result code, or the failure's code: which one is in `detailKind`. One field
    /// for both keeps the sample at 32 bytes.
    private var detail: Int32
    private var detailKind: UInt8
    package var operation: OperationID
    package var outcome: OutcomeClass

    package init(
        operation: OperationID,
        outcome: OutcomeClass,
        resultCode: Int?,
        failure: FailureKind? = nil,
        intendedStartNanos: Int64,
        sentNanos: Int64,
        completedNanos: Int64
    ) {
        self.operation = operation
        self.outcome = outcome
        if let resultCode {
            detail = Int32(clamping: resultCode)
            detailKind = 1
        } else if let failure {
            detail = failure.code
            detailKind = 2
        } else {
            detail = 0
            detailKind = 0
        }
        self.intendedStartNanos = intendedStartNanos
        self.sentNanos = sentNanos
        self.completedNanos = completedNanos
    }

    /// The Gamebase `resultCode` of the answer; `nil` when there was no protocol answer.
    package var resultCode: Int32? { detailKind == 1 ? detail : nil }
    /// Why there was no protocol answer, when known; a server error's generic failure code (its
    /// result code, which the sample holds instead).
    package var failure: FailureKind? {
        if outcome == .serverError, detailKind == 1 { return .generic(Int(detail)) }
        return detailKind == 2 ? FailureKind(code: detail) : nil
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
