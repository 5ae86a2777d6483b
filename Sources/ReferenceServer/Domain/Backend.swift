import Foundation
import GRDB
import Protocol
import Synchronization

/// The state every request handler shares: the database, the knobs, the clock, the secrets and
/// the bug switches. All reads and writes of one operation happen in one GRDB transaction.
final class Backend: Sendable {
    let pool: DatabasePool
    let semantics: Semantics
    let bugs: BugSet
    let clock = ServerClockSource()
    let signer: IdPTokenSigner
    let secretKey: String
    let configuredCodes: Set<String>
    /// A lower bound of the earliest pending deadline (docs/PROTOCOL.md §4.9), so most writes skip
    /// the settling queries. Only lowered by writes that create deadlines, recomputed by settling;
    /// both happen inside write transactions, which GRDB runs one at a time.
    private let deadlineWatermark = Mutex<Int64>(.min)

    init(pool: DatabasePool, configuration: ServerConfiguration) {
        self.pool = pool
        self.semantics = configuration.semantics
        self.bugs = configuration.bugs
        self.signer = IdPTokenSigner(secret: configuration.idpSecret)
        self.secretKey = configuration.secretKey
        self.configuredCodes = Set(configuration.semantics.idp.codes.map(\.rawValue))
    }

    var appId: String { semantics.appId }

    /// Runs `body` in one write transaction after every due deadline has taken effect.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database, Int64) throws -> T) async throws -> T {
        do {
            return try await pool.write { db in
                let now = self.clock.now()
                try self.settleDeadlines(db, now: now)
                return try body(db, now)
            }
        } catch {
            // The transaction rolled back, maybe with settled deadlines in it: settle again next time.
            deadlineWatermark.withLock { $0 = .min }
            throw error
        }
    }

    /// Runs `body` in a read-only snapshot; `body` must evaluate deadlines lazily
    /// (``UserRow/settled(at:)``).
    func read<T: Sendable>(_ body: @escaping @Sendable (Database, Int64) throws -> T) async throws -> T {
        try await pool.read { db in try body(db, self.clock.now()) }
    }

    /// Records that a deadline at `date` now exists.
    func noteDeadline(_ date: Int64) {
        deadlineWatermark.withLock { $0 = min($0, date) }
    }

    /// Makes every deadline the clock has passed take effect, as if each had fired on time.
    func settleDeadlines(_ db: Database, now: Int64) throws {
        guard deadlineWatermark.withLock({ $0 <= now }) else { return }
        let due = try db.rows("SELECT * FROM user WHERE nextDeadline <= ? ORDER BY nextDeadline", [now])
        for row in due {
            let user = UserRow(row: row)
            let (settled, withdrawal) = user.settled(at: now)
            try settled.update(db)
            if let date = withdrawal {
                try Effects.withdraw(db, self, user: settled, at: date, event: "WAGE", regUser: nil)
            }
        }
        try db.run("UPDATE transferAccount SET failCount = 0, blockEnd = NULL WHERE blockEnd <= ?", [now])
        let nextUser = try db.int("SELECT MIN(nextDeadline) FROM user")
        let nextBlock = try db.int("SELECT MIN(blockEnd) FROM transferAccount")
        let next = [nextUser, nextBlock].compactMap { $0 }.min() ?? .max
        deadlineWatermark.withLock { $0 = next }
    }

    /// Forgets every pending deadline (after `reset`).
    func resetDeadlines() {
        deadlineWatermark.withLock { $0 = .max }
    }

    func isConfigured(_ code: String) -> Bool { configuredCodes.contains(code) }
}
