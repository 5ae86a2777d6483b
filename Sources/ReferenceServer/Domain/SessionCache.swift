import Synchronization

/// What token login reads from the database for a token (its session, its user as stored, the
/// user's mappings), kept in memory so that a repeated token login touches no database.
///
/// Exactly as fresh as the database for every answer (linearizability, docs/PROTOCOL.md §4 and
/// docs/ARCHITECTURE.md). Around every group commit:
/// 1. before COMMIT, the entries of every user the batch touched are dropped (``ChangeTracker``
///    sees every row change), the generation grows and inserts are refused;
/// 2. after COMMIT (or its failure), the generation grows again and inserts are accepted again.
/// A reader reads the generation, then its snapshot, and inserts what it read only if the
/// generation is unchanged and no commit is under way: a snapshot taken before a commit can never
/// be inserted after that commit's step 1. So from step 1 on, the touched users' tokens miss the
/// cache and are read from the database, which shows the commit as soon as it happened; nobody
/// is answered about the batch before step 2.
/// Rows are stored as read; time-dependent rules (expiry, due deadlines) are evaluated at each
/// use, as the database path does.
final class SessionCache: Sendable {
    struct Entry: Sendable {
        var session: SessionRow
        var user: UserRow
        var mappings: [MappingRow]
    }

    /// Past this many entries the cache starts over (a bound on memory, not a policy that matters).
    static let maxEntries = 200_000

    private struct State {
        var generation: UInt64 = 0
        var committing = false
        var entries: [String: Entry] = [:]
        var tokensByUser: [String: [String]] = [:]
    }
    private let state = Mutex(State())

    func lookup(_ token: String) -> Entry? {
        state.withLock { $0.entries[token] }
    }

    /// Read before the snapshot a later ``insert(_:generation:)`` is based on.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Keeps `entry` unless a commit began since `generation` was read.
    func insert(_ entry: Entry, generation: UInt64) {
        state.withLock { s in
            guard !s.committing, s.generation == generation else { return }
            if s.entries.count >= Self.maxEntries {
                s.entries.removeAll(keepingCapacity: true)
                s.tokensByUser.removeAll(keepingCapacity: true)
            }
            let token = entry.session.token
            if s.entries.updateValue(entry, forKey: token) == nil {
                s.tokensByUser[entry.user.userId, default: []].append(token)
            }
        }
    }

    /// Step 1, right before COMMIT: drops every entry of `users` and refuses inserts.
    func beginCommit(touching users: Set<String>) {
        state.withLock { s in
            s.generation &+= 1
            s.committing = true
            for user in users {
                guard let tokens = s.tokensByUser.removeValue(forKey: user) else { continue }
                for token in tokens { s.entries.removeValue(forKey: token) }
            }
        }
    }

    /// Step 2, after COMMIT or its failure (also when step 1 never came): inserts resume.
    func endCommit() {
        state.withLock { s in
            s.generation &+= 1
            s.committing = false
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
