import GRDB
import Hummingbird
import Protocol

/// The two bugs only concurrency reveals: a check and the write it guards run in separate
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
}
