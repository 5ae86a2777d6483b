import GRDB

/// Shorthands over GRDB's statement cache: every statement the server runs is prepared once per
/// connection and reused.
extension Database {
    func run(_ sql: String, _ arguments: StatementArguments = []) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }

    func row(_ sql: String, _ arguments: StatementArguments = []) throws -> Row? {
        try Row.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func rows(_ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        try Row.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }

    func int(_ sql: String, _ arguments: StatementArguments = []) throws -> Int64? {
        try Int64.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func strings(_ sql: String, _ arguments: StatementArguments = []) throws -> [String] {
        try String.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }
}
