import Foundation
import GRDB
import Protocol
import Synchronization

/// The state every request handler shares: the database, the knobs, the clock, the secrets and
/// the bug switches. All reads and writes of one operation happen in one GRDB transaction (a
/// savepoint of a group commit for writes, a snapshot for reads).
final class Backend: Sendable {
    let pool: DatabasePool
    let semantics: Semantics
    let bugs: BugSet
    let clock = ServerClockSource()
    let signer: IdPTokenSigner
    let secretKey: String
    let configuredCodes: Set<String>
    /// The maintenance schedule in force (L14): the configured one until test control switches it
    /// (docs/PROTOCOL.md §4 "Maintenance"). Read by every login, written by a test-control call.
    private let maintenanceSchedule: Mutex<MaintenanceSemantics>
    /// Token login's in-memory index, kept exact by the writer's hooks.
    let sessions: SessionCache
    /// Requests per second, counted only with a load-dependent bug switch on.
    let arrivals = ArrivalRate()
    private let deadlineWatermark: DeadlineWatermark
    private let writer: GroupCommitWriter

    init(pool: DatabasePool, configuration: ServerConfiguration) {
        self.pool = pool
        self.semantics = configuration.semantics
        self.maintenanceSchedule = Mutex(configuration.semantics.maintenance)
        self.bugs = configuration.bugs
        self.signer = IdPTokenSigner(secret: configuration.idpSecret)
        self.secretKey = configuration.secretKey
        self.configuredCodes = Set(configuration.semantics.idp.codes.map(\.rawValue))
        let watermark = DeadlineWatermark()
        let tracker = ChangeTracker()
        let sessions = SessionCache()
        self.deadlineWatermark = watermark
        self.sessions = sessions
        self.writer = GroupCommitWriter(
            pool: pool,
            hooks: .init(
                prepare: { db in try tracker.install(db) },
                beforeCommit: { sessions.beginCommit(touching: tracker.drain()) },
                afterBatch: { rolledBack in
                    _ = tracker.drain()
                    sessions.endCommit()
                    if rolledBack { watermark.forget() }
                }
            )
        )
    }

    var appId: String { semantics.appId }

    /// Runs `body` after every due deadline has taken effect, all-or-nothing, in the next group
    /// commit (``GroupCommitWriter``); returns once that commit is durable.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database, Int64) throws -> T) async throws -> T {
        try await writer.write { db in
            let now = self.clock.now()
            do {
                try self.settleDeadlines(db, now: now)
                return try body(db, now)
            } catch {
                // The savepoint rolls back, maybe with settled deadlines in it: settle again next time.
                self.deadlineWatermark.forget()
                throw error
            }
        }
    }

    /// Runs `body` in a read-only snapshot, synchronously on the calling thread (an event loop:
    /// a hop to GRDB's reader queue and back cost more than the read); `body` must evaluate
    /// deadlines lazily (``UserRow/settled(at:)``).
    func read<T>(_ body: (Database, Int64) throws -> T) throws -> T {
        try pool.read { db in try body(db, self.clock.now()) }
    }

    /// The maintenance schedule in force.
    var maintenance: MaintenanceSemantics { maintenanceSchedule.withLock { $0 } }

    /// Puts `schedule` in force (test control); `nil` restores the configured one.
    func switchMaintenance(to schedule: MaintenanceSemantics?) {
        maintenanceSchedule.withLock { $0 = schedule ?? semantics.maintenance }
    }

    /// The knobs as they are now: the configured ones with the schedule in force.
    var liveSemantics: Semantics {
        var s = semantics
        s.maintenance = maintenance
        return s
    }

    /// Records that a deadline at `date` now exists.
    func noteDeadline(_ date: Int64) {
        deadlineWatermark.lower(to: date)
    }

    /// Makes every deadline the clock has passed take effect, as if each had fired on time.
    func settleDeadlines(_ db: Database, now: Int64) throws {
        guard deadlineWatermark.mayBeDue(at: now) else { return }
        let due = try db.rows(
            "SELECT \(UserRow.columns) FROM user WHERE nextDeadline <= ? ORDER BY nextDeadline",
            [now]
        )
        for row in due {
            let user = UserRow(row: row)
            let (settled, withdrawal) = user.settled(at: now)
            try settled.update(db)
            if let date = withdrawal {
                let dated = bugs.has(.graceWithdrawalDatedLate) ? now : date
                try Effects.withdraw(db, self, user: settled, at: dated, event: "WAGE", regUser: nil)
            }
        }
        try db.run("UPDATE transferAccount SET failCount = 0, blockEnd = NULL WHERE blockEnd <= ?", [now])
        try db.run("DELETE FROM wrongIdDevice WHERE blockEnd <= ?", [now])
        let nextUser = try db.int("SELECT MIN(nextDeadline) FROM user")
        let nextBlock = try db.int("SELECT MIN(blockEnd) FROM transferAccount")
        let nextDeviceBlock = try db.int("SELECT MIN(blockEnd) FROM wrongIdDevice")
        let next = [nextUser, nextBlock, nextDeviceBlock].compactMap { $0 }.min() ?? .max
        deadlineWatermark.set(next)
    }

    /// Erases all data (test control `reset`); no deadline is pending afterwards.
    func eraseAll() async throws {
        try await writer.write { db in
            try Schema.eraseAll(db)
            self.deadlineWatermark.clear()
        }
    }

    func isConfigured(_ code: String) -> Bool { configuredCodes.contains(code) }
}
