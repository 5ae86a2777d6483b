import Synchronization

/// A lower bound of the earliest pending deadline (docs/PROTOCOL.md §4.9), so most writes skip
/// the settling queries. Lowered by writes that create deadlines, recomputed by settling, both on
/// the writer connection; forgotten (reset to "settle next time") whenever a rollback may have
/// undone a settlement.
final class DeadlineWatermark: Sendable {
    private let value = Mutex<Int64>(.min)

    /// Whether a deadline may be due at `now`.
    func mayBeDue(at now: Int64) -> Bool { value.withLock { $0 <= now } }

    /// Records that a deadline at `date` now exists.
    func lower(to date: Int64) { value.withLock { $0 = min($0, date) } }

    /// Records the earliest pending deadline after settling.
    func set(_ next: Int64) { value.withLock { $0 = next } }

    /// Makes the next write settle again.
    func forget() { value.withLock { $0 = .min } }

    /// No deadline is pending (after `reset` erased everything).
    func clear() { value.withLock { $0 = .max } }
}
