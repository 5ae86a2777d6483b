/// Feeds the engine's completed operations into a ``Recorder``.
///
/// Operation ids are registered once, up front, into an immutable table, so recording stays
/// lock-free (registering a name takes the recorder's lock; an unexpected name falls back to it).
package struct RecorderSink: OperationSink {
    package let recorder: Recorder
    private let ids: [String: OperationID]

    package init(recorder: Recorder, operations: [String]) {
        self.recorder = recorder
        var ids: [String: OperationID] = [:]
        for name in operations { ids[name] = recorder.operation(name) }
        self.ids = ids
    }

    package func record(_ op: PerformedOperation, intendedStart: ContinuousClock.Instant) {
        let id = ids[op.name] ?? recorder.operation(op.name)
        if let failure = op.failure, let example = op.failureExample {
            recorder.noteExample(id, failure: failure, example: example)
        }
        recorder.record(
            id,
            outcome: op.outcome,
            resultCode: op.resultCode,
            failure: op.failure,
            intendedStart: intendedStart,
            sent: op.sent,
            completed: op.completed
        )
    }
}
