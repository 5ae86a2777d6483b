import GRDB
import Synchronization

/// Group commit: write operations queue up, and the writer connection runs every operation
/// waiting at that moment in one transaction, each in its own savepoint, then commits once and
/// answers them all.
///
/// Each operation stays isolated and all-or-nothing: it runs alone on the one writer connection,
/// after the operations queued before it (so it sees their effects, as it would had they
/// committed separately), and an error rolls back its savepoint only. Nobody is answered before
/// the commit, and if the commit fails every operation of the batch fails: no answer ever reports
/// a write that is not durable in the database, so the order of answers stays a valid order of
/// commits (linearizability).
///
/// What it saves: one transaction (WAL frames for the touched pages, the commit, the lock
/// dance) per batch instead of per request, and one thread hand-off per batch.
final class GroupCommitWriter: Sendable {
    /// A batch stops at this many operations so a burst cannot delay the first answers unboundedly.
    static let maxBatch = 256

    private let pool: DatabasePool
    private let state = Mutex(State())
    private let hooks: Hooks

    /// What the owner of the in-memory state derived from the database does around each batch.
    struct Hooks: Sendable {
        /// Once, on the writer connection, before its first batch.
        var prepare: @Sendable (Database) throws -> Void = { _ in }
        /// Inside the batch's transaction, after its operations, right before COMMIT.
        var beforeCommit: @Sendable () -> Void = {}
        /// After COMMIT or the batch's failure, before anyone is answered; `rolledBack` tells
        /// that some writes did not persist (an operation failed, or the whole batch).
        var afterBatch: @Sendable (_ rolledBack: Bool) -> Void = { _ in }
    }

    private struct State {
        var pending: [Job] = []
        /// Whether a drain is scheduled or running on the writer queue.
        var draining = false
        var prepared = false
    }

    /// One queued operation: `run` executes it on the writer connection inside the batch
    /// transaction and keeps its outcome; `finish` answers it with that outcome, or with the
    /// commit's error.
    private struct Job: Sendable {
        let run: @Sendable (Database) -> Bool
        let finish: @Sendable ((any Error)?) -> Void
    }

    init(pool: DatabasePool, hooks: Hooks) {
        self.pool = pool
        self.hooks = hooks
    }

    /// Runs `body` in the next batch and returns its result once the batch has committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<T, any Error>) in
            let outcome = Outcome<T>()
            let job = Job(
                run: { db in
                    do {
                        var value: T?
                        try db.inSavepoint {
                            value = try body(db)
                            return .commit
                        }
                        outcome.result = .success(value!)
                        return true
                    } catch {
                        outcome.result = .failure(error)
                        return false
                    }
                },
                finish: { commitError in
                    if let commitError {
                        continuation.resume(throwing: commitError)
                    } else {
                        continuation.resume(with: outcome.result!)
                    }
                }
            )
            let schedule = state.withLock { s in
                s.pending.append(job)
                if s.draining { return false }
                s.draining = true
                return true
            }
            if schedule {
                pool.asyncWriteWithoutTransaction { db in self.drain(db) }
            }
        }
    }

    /// Runs batches until the queue is empty (on GRDB's writer queue).
    private func drain(_ db: Database) {
        while true {
            let batch: [Job] = state.withLock { s in
                if s.pending.isEmpty {
                    s.draining = false
                    return []
                }
                if s.pending.count <= Self.maxBatch {
                    defer { s.pending = [] }
                    return s.pending
                }
                defer { s.pending.removeFirst(Self.maxBatch) }
                return Array(s.pending.prefix(Self.maxBatch))
            }
            if batch.isEmpty { return }
            var commitError: (any Error)?
            var allSucceeded = true
            do {
                try prepareOnce(db)
                try db.inTransaction(.immediate) {
                    for job in batch where !job.run(db) {
                        allSucceeded = false
                        // Some errors (I/O, disk full) make SQLite roll back the whole transaction:
                        // the batch's earlier operations are gone too, so all of it fails.
                        guard db.isInsideTransaction else { throw BatchAborted() }
                    }
                    hooks.beforeCommit()
                    return .commit
                }
            } catch {
                commitError = error
            }
            hooks.afterBatch(commitError != nil || !allSucceeded)
            for job in batch { job.finish(commitError) }
        }
    }

    private func prepareOnce(_ db: Database) throws {
        guard !state.withLock({ $0.prepared }) else { return }
        try hooks.prepare(db)
        state.withLock { $0.prepared = true }
    }
}

/// SQLite rolled the batch's transaction back on its own after an operation failed.
struct BatchAborted: Error {}

/// The outcome of one queued operation, between its run and its answer.
/// `@unchecked Sendable`: written once by `run` and read once by `finish`, both on the writer
/// queue, one after the other.
private final class Outcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
