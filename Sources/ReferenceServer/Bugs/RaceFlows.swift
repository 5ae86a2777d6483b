import GRDB
import Hummingbird
import Protocol
import RequestInput

/// The bugs only concurrency reveals: a check and the write it guards run in separate
/// transactions with an await between them (a call to an IdP or a cache, in a real backend).
enum RaceFlows {
    /// What a flow's check decided: answer at once, or write `plan` after the pause.
    enum Checked<Plan: Sendable>: Sendable {
        case answer(ClientReplyBody)
        case write(Plan)
    }

    /// A realistic pause between the check and the write.
    static func pause() async throws {
        try await Task.sleep(for: .milliseconds(Int.random(in: 2...8)))
    }

    /// The shape of every flow: `check` in one transaction (a refusal or an answer goes back at
    /// once), then the pause, then `write` in another transaction, trusting what the check saw.
    private static func checkThenWrite<Plan: Sendable>(
        _ g: Gateway,
        _ caller: Caller,
        _ ctx: ServerRequestContext,
        check: @escaping @Sendable (OperationScope) throws -> Checked<Plan>,
        write: @escaping @Sendable (OperationScope, Plan) throws -> ClientReplyBody
    ) async throws -> Response {
        let backend = g.backend
        let decision = try await backend.write { db, now in
            try OperationScope.attempt(db: db, backend: backend, caller: caller, now: now, check)
        }
        switch decision {
        case .failure(let r): return Envelope.response(r.body(transactionId: caller.transactionId), context: ctx)
        case .success(.answer(let body)): return Envelope.response(body, context: ctx)
        case .success(.write(let plan)):
            try await pause()
            return try await g.runClient(caller, ctx) { try write($0, plan) }
        }
    }

    /// race-mapping: ownership checked in one transaction, the mapping written in another.
    static func addMapping(_ g: Gateway, _ caller: Caller, _ input: AddMappingInput, _ ctx: ServerRequestContext)
        async throws -> Response
    {
        try await checkThenWrite(
            g,
            caller,
            ctx,
            check: { s in
                switch try AddMapping.check(s, input) {
                case .answer(let body): .answer(body)
                case .map(let account): .write(account)
                }
            },
            write: { try AddMapping.apply($0, $1, idPAccessToken: input.accessToken) }
        )
    }

    /// race-transfer-failcount: the fail counter is read, then written back as read+1 later.
    static func transferLogin(_ g: Gateway, _ caller: Caller, _ input: TransferLoginInput, _ ctx: ServerRequestContext)
        async throws -> Response
    {
        try await checkThenWrite(
            g,
            caller,
            ctx,
            check: { s in
                switch try TransferLogin.attempt(s, input) {
                case .answer(let body): .answer(body)
                case .wrongPassword(let row): .write(row)
                }
            },
            write: { try TransferLogin.recordFailure($0, $1, failCount: $1.failCount + 1) }
        )
    }

    /// race-first-login: the owner of the IdP account is looked up in one transaction; when there
    /// is none, the user and its mapping are created in another (after fetching the IdP profile),
    /// without the UNIQUE index: concurrent first logins with one account each create a user.
    static func login(_ g: Gateway, _ caller: Caller, _ input: LoginInput, _ ctx: ServerRequestContext)
        async throws -> Response
    {
        try await checkThenWrite(
            g,
            caller,
            ctx,
            check: { s in
                switch try Login.check(s, input) {
                case .answer(let body): .answer(body)
                case .create(let account): .write(account)
                }
            },
            write: { try Login.create($0, $1, idPAccessToken: input.idPCredential) }
        )
    }

    /// race-remove-mapping: 3401 / 3402 / 3403 are checked in one transaction; the mapping is
    /// deleted in another (after unlinking at the IdP), trusting the user and session the check saw:
    /// two sessions of one user removing each other's IdP both succeed and empty its authList.
    static func removeMapping(_ g: Gateway, _ caller: Caller, idPCode x: String, _ ctx: ServerRequestContext)
        async throws -> Response
    {
        try await checkThenWrite(
            g,
            caller,
            ctx,
            check: { s in
                let (session, user) = try RemoveMapping.check(s, idPCode: x)
                return .write((user: user.userId, token: session.token))
            },
            write: { try RemoveMapping.apply($0, user: $1.user, idPCode: x, keeping: $1.token) }
        )
    }
}
