import GRDB
import Hummingbird
import Protocol

/// The bugs only concurrency reveals: a check and the write it guards run in separate
/// transactions with an await between them (a call to an IdP or a cache, in a real backend).
enum RaceFlows {
    /// A realistic pause between the check and the write.
    static func pause() async throws {
        try await Task.sleep(for: .milliseconds(Int.random(in: 2...8)))
    }

    /// race-mapping: ownership checked in one transaction, the mapping written in another.
    static func addMapping(_ g: Gateway, _ caller: Caller, _ input: AddMappingInput, _ ctx: ServerRequestContext)
        async throws -> Response
    {
        let backend = g.backend
        let decision = try await backend.write { db, now in
            try OperationScope.attempt(db: db, backend: backend, caller: caller, now: now) { s in
                try AddMapping.check(s, input)
            }
        }
        let account: IdPAccount
        switch decision {
        case .success(.answer(let body)): return Envelope.response(body, context: ctx)
        case .failure(let r): return Envelope.response(r.body(transactionId: caller.transactionId), context: ctx)
        case .success(.map(let a)): account = a
        }
        try await pause()
        return try await g.runClient(caller, ctx) { try AddMapping.apply($0, account) }
    }

    /// race-transfer-failcount: the fail counter is read, then written back as read+1 later.
    static func transferLogin(_ g: Gateway, _ caller: Caller, _ input: TransferLoginInput, _ ctx: ServerRequestContext)
        async throws -> Response
    {
        let backend = g.backend
        let step = try await backend.write { db, now in
            try OperationScope.attempt(db: db, backend: backend, caller: caller, now: now) { s in
                try TransferLogin.attempt(s, input)
            }
        }
        let row: TransferAccountRow
        switch step {
        case .success(.answer(let body)): return Envelope.response(body, context: ctx)
        case .failure(let r): return Envelope.response(r.body(transactionId: caller.transactionId), context: ctx)
        case .success(.wrongPassword(let r)): row = r
        }
        try await pause()
        return try await g.runClient(caller, ctx) {
            try TransferLogin.recordFailure($0, row, failCount: row.failCount + 1)
        }
    }

    /// race-first-login: the owner of the IdP account is looked up in one transaction; when there
    /// is none, the user and its mapping are created in another (after fetching the IdP profile),
    /// without the UNIQUE index: concurrent first logins with one account each create a user.
    static func login(_ g: Gateway, _ caller: Caller, _ input: LoginInput, _ ctx: ServerRequestContext)
        async throws -> Response
    {
        let backend = g.backend
        let decision = try await backend.write { db, now in
            try OperationScope.attempt(db: db, backend: backend, caller: caller, now: now) { s in
                try Login.check(s, input)
            }
        }
        let account: IdPAccount
        switch decision {
        case .success(.answer(let body)): return Envelope.response(body, context: ctx)
        case .failure(let r): return Envelope.response(r.body(transactionId: caller.transactionId), context: ctx)
        case .success(.create(let a)): account = a
        }
        try await pause()
        return try await g.runClient(caller, ctx) { try Login.create($0, account) }
    }

    /// race-remove-mapping: 3401 / 3402 / 3403 are checked in one transaction; the mapping is
    /// deleted in another (after unlinking at the IdP), trusting the user and session the check saw:
    /// two sessions of one user removing each other's IdP both succeed and empty its authList.
    static func removeMapping(_ g: Gateway, _ caller: Caller, idPCode x: String, _ ctx: ServerRequestContext)
        async throws -> Response
    {
        let backend = g.backend
        let checked = try await backend.write { db, now in
            try OperationScope.attempt(db: db, backend: backend, caller: caller, now: now) { s in
                let (session, user) = try RemoveMapping.check(s, idPCode: x)
                return (user: user.userId, token: session.token)
            }
        }
        let target: (user: String, token: String)
        switch checked {
        case .failure(let r): return Envelope.response(r.body(transactionId: caller.transactionId), context: ctx)
        case .success(let t): target = t
        }
        try await pause()
        return try await g.runClient(caller, ctx) {
            try RemoveMapping.apply($0, user: target.user, idPCode: x, keeping: target.token)
        }
    }
}
