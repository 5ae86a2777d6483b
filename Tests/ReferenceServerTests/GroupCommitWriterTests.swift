import Foundation
import GRDB
import Synchronization
import Testing

@testable import ReferenceServer

@Suite("Group commit: each operation all-or-nothing, answered only after its commit", .timeLimit(.minutes(2)))
struct GroupCommitWriterTests {
    /// A scratch WAL database with one table, removed afterwards.
    static func withPool(_ body: (DatabasePool) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gcw-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let pool = try DatabasePool(path: path)
        try await pool.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, batchSeen INTEGER)")
        }
        try await body(pool)
        try pool.close()
    }

    struct Planned: Error {}

    static func ids(_ pool: DatabasePool) throws -> Set<Int64> {
        Set(try pool.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM item") })
    }

    @Test("a failing operation rolls back only its own writes; the others of its batch commit")
    func failureIsIsolated() async throws {
        try await Self.withPool { pool in
            let batches = Atomic<Int>(0)
            let writer = GroupCommitWriter(
                pool: pool,
                hooks: .init(afterBatch: { _ in batches.add(1, ordering: .relaxed) })
            )
            let outcomes = try await withThrowingTaskGroup(of: (Int64, Bool).self) { group in
                for id in Int64(1)...300 {
                    group.addTask {
                        do {
                            try await writer.write { db in
                                try db.execute(sql: "INSERT INTO item (id) VALUES (?)", arguments: [id])
                                if id % 7 == 0 { throw Planned() }
                            }
                            return (id, true)
                        } catch is Planned {
                            return (id, false)
                        }
                    }
                }
                var out: [Int64: Bool] = [:]
                for try await (id, ok) in group { out[id] = ok }
                return out
            }
            let stored = try Self.ids(pool)
            #expect(stored == Set(outcomes.filter { $0.value }.keys))
            #expect(stored == Set((1...300).filter { $0 % 7 != 0 }))
            // Grouping happened: fewer transactions than operations.
            #expect(batches.load(ordering: .relaxed) < 300)
        }
    }

    @Test("when SQLite abandons the batch's transaction, every operation of that batch fails and none persists")
    func abandonedBatchFailsWhole() async throws {
        try await Self.withPool { pool in
            let writer = GroupCommitWriter(pool: pool, hooks: .init())
            let outcomes = try await withThrowingTaskGroup(of: (Int64, Bool).self) { group in
                for id in Int64(1)...200 {
                    group.addTask {
                        do {
                            try await writer.write { db in
                                try db.execute(sql: "INSERT INTO item (id) VALUES (?)", arguments: [id])
                                // Stands for an I/O error after which SQLite rolls back on its own.
                                if id % 50 == 0 { try db.execute(sql: "ROLLBACK") }
                            }
                            return (id, true)
                        } catch {
                            return (id, false)
                        }
                    }
                }
                var out: [Int64: Bool] = [:]
                for try await (id, ok) in group { out[id] = ok }
                return out
            }
            let stored = try Self.ids(pool)
            // All-or-nothing per answer: success means stored, failure means not stored.
            #expect(stored == Set(outcomes.filter { $0.value }.keys))
            #expect(outcomes.filter { $0.key % 50 == 0 }.allSatisfy { !$0.value })
            // The writer recovers: the next operation commits.
            try await writer.write { db in try db.execute(sql: "INSERT INTO item (id) VALUES (1000)") }
            #expect(try Self.ids(pool).contains(1000))
        }
    }

    @Test("an operation sees the effects of the operations queued before it")
    func laterOperationsSeeEarlierOnes() async throws {
        try await Self.withPool { pool in
            let writer = GroupCommitWriter(pool: pool, hooks: .init())
            // Each operation reads the row count and stores it: the counts must be 0, 1, 2, … in
            // some order, as if every operation had committed separately one after another.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for id in Int64(1)...200 {
                    group.addTask {
                        try await writer.write { db in
                            let seen = try Int64.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? -1
                            try db.execute(
                                sql: "INSERT INTO item (id, batchSeen) VALUES (?, ?)",
                                arguments: [id, seen]
                            )
                        }
                    }
                }
                try await group.waitForAll()
            }
            let seen = try await pool.read { db in
                try Int64.fetchAll(db, sql: "SELECT batchSeen FROM item ORDER BY batchSeen")
            }
            #expect(seen == Array(0..<200))
        }
    }
}
