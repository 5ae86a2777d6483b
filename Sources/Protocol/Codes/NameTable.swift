import Synchronization

/// Numbers short names (IdP codes, rule ids) in the order the process first meets them, so that a
/// type wrapping a name can compare and hash it as one number: the model state's dictionaries are
/// keyed by IdP accounts, and hashing their codes' strings was a large share of the
/// linearizability checker's state hashing (`perf`). Hand-written: no listed package interns
/// strings.
///
/// A name keeps its number for the life of the process; the table only grows (the names it holds
/// are the documented codes and what targets and histories bring, a few dozen).
package final class NameTable: Sendable {
    private let numbers = Mutex<[String: UInt32]>([:])

    package init() {}

    /// The number of `name`, given to it on first use.
    package func number(_ name: String) -> UInt32 {
        numbers.withLock { table in
            if let n = table[name] { return n }
            let n = UInt32(table.count)
            table[name] = n
            return n
        }
    }
}
