import GRDB
import Synchronization

/// Records which users a write transaction touched, whatever the SQL: TEMP triggers on the writer
/// connection call a Swift function with the `userId` of every row inserted, updated or deleted in
/// `user`, `mapping` and `session`. ``SessionCache`` drops those users' entries after each commit.
///
/// Triggers rather than bookkeeping in the operations, so that no write path can forget to
/// report a change (a stale token-login answer would break linearizability).
final class ChangeTracker: Sendable {
    static let tables = ["user", "mapping", "session"]
    private let touched = Mutex<Set<String>>([])

    /// Installs the function and the triggers on the writer connection (once, before its first
    /// write of the server's lifetime).
    func install(_ db: Database) throws {
        let function = DatabaseFunction("gbfuzz_touched", argumentCount: 1, pure: false) { [self] values in
            if let userId = String.fromDatabaseValue(values[0]) { touched.withLock { _ = $0.insert(userId) } }
            return nil
        }
        db.add(function: function)
        for table in Self.tables {
            try db.execute(
                sql: """
                    CREATE TEMP TRIGGER IF NOT EXISTS gbfuzz_\(table)_insert AFTER INSERT ON main.\(table)
                      BEGIN SELECT gbfuzz_touched(NEW.userId); END;
                    CREATE TEMP TRIGGER IF NOT EXISTS gbfuzz_\(table)_update AFTER UPDATE ON main.\(table)
                      BEGIN SELECT gbfuzz_touched(OLD.userId); SELECT gbfuzz_touched(NEW.userId); END;
                    CREATE TEMP TRIGGER IF NOT EXISTS gbfuzz_\(table)_delete AFTER DELETE ON main.\(table)
                      BEGIN SELECT gbfuzz_touched(OLD.userId); END;
                    """
            )
        }
    }

    /// The users touched since the last call, and forgets them.
    func drain() -> Set<String> {
        touched.withLock { set in
            defer { set = [] }
            return set
        }
    }
}
