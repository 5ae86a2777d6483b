import Hummingbird
import Protocol
import RequestInput

/// The documented Server API (docs/PROTOCOL.md §3), `X-Secret-Key` protected.
enum ServerAPIRoutes {
    static let gateway = "/tcgb-gateway/v1.3/apps/:appId"
    static let member = "/tcgb-member/v1.3/apps/:appId"

    static func register(_ router: Router<ServerRequestContext>, _ g: Gateway) {
        router.get("\(gateway)/members/:userId/tokens/:accessToken") { req, ctx in
            _ = try await g.admit(req, ctx, .serverAPI, body: .none)
            let v = g.validator(ctx)
            let userId = g.path(ctx, "userId")
            let token = g.path(ctx, "accessToken")
            let linked = QueryReader(req, v).string("linkedIdP")
            if let linked, linked != "true", linked != "false" {
                v.report(.wrongType, "linkedIdP must be true or false")
            }
            try v.check()
            return try await g.runServer(ctx) { s in
                try MemberQueries.tokenAuthentication(s, userId: userId, token: token, linkedIdP: linked == "true")
            }
        }
        router.get("\(gateway)/members/:userId/tokens/:accessToken/idp-profile") { req, ctx in
            _ = try await g.admit(req, ctx, .serverAPI, body: .none)
            try g.validator(ctx).check()
            let userId = g.path(ctx, "userId")
            let token = g.path(ctx, "accessToken")
            return try await g.runServer(ctx) { s in
                try MemberQueries.idPTokenAndProfile(s, userId: userId, token: token)
            }
        }
        router.get("\(member)/members/:userId") { req, ctx in
            _ = try await g.admit(req, ctx, .serverAPI, body: .none)
            try g.validator(ctx).check()
            let userId = g.path(ctx, "userId")
            return try await g.runServer(ctx) { s in try MemberQueries.getMember(s, userId: userId) }
        }
        router.post("\(member)/members") { req, ctx in
            let ids = try await g.stringArray(req, ctx, max: ListLimits.lookup)
            return try await g.runServer(ctx) { s in try MemberQueries.getMembers(s, ids) }
        }
        router.post("\(gateway)/idps/:idPCode/members") { req, ctx in
            let ids = try await g.stringArray(req, ctx, max: ListLimits.lookup)
            let code = g.path(ctx, "idPCode")  // length-checked by stringArray's validator
            return try await g.runServer(ctx) { s in try MemberQueries.idPMembers(s, idPCode: code, ids) }
        }
        router.post("\(gateway)/members/ban") { req, ctx in
            let json = try await g.admit(req, ctx, .serverAPI, body: .object)
            let input = try BanInput.parse(json, now: g.backend.clock.now())
            return try await g.runServer(ctx) { s in try BanOps.ban(s, input) }
        }
        router.delete("\(gateway)/members/ban") { req, ctx in
            let json = try await g.admit(req, ctx, .serverAPI, body: .object)
            let ids = try BanInput.parseRelease(json)
            return try await g.runServer(ctx) { s in try BanOps.release(s, ids) }
        }
        router.post("\(gateway)/members/transfer-account") { req, ctx in
            let json = try await g.admit(req, ctx, .serverAPI, body: .object)
            let v = g.validator(ctx)
            let account = json.flatMap {
                if case .object(let o) = $0 { ObjectReader(o, v).object("account", required: true) } else { nil }
            }
            let id = account?.string("id", required: true) ?? ""
            let password = account?.string("password", required: true) ?? ""
            try v.check()
            return try await g.runServer(ctx) { s in
                try MemberQueries.validateTransferAccount(s, id: id, password: password)
            }
        }
        router.delete("\(gateway)/members/:userId") { req, ctx in
            _ = try await g.admit(req, ctx, .serverAPI, body: .none)
            let v = g.validator(ctx)
            let userId = g.path(ctx, "userId")
            let regUser = QueryReader(req, v).string("regUser", required: true)
            if let r = regUser, r.isEmpty || r.contains(where: \.isWhitespace) || Validator.length(r) > 64 {
                v.report(.inappropriateValue, "regUser must be 1…64 characters without whitespace")
            }
            try v.check()
            return try await g.runServer(ctx) { s in try BanOps.withdraw(s, userId: userId, regUser: regUser ?? "") }
        }
        router.get("\(member)/logs/withdrawal") { req, ctx in
            _ = try await g.admit(req, ctx, .serverAPI, body: .none)
            let query = try WithdrawHistoryQuery.parse(QueryReader(req, g.validator(ctx)))
            return try await g.runServer(ctx) { s in try WithdrawHistoryQuery.run(s, query) }
        }
        // E17 (ours): the maintenance switch, as test control's.
        MaintenanceControl.register(router, g, prefix: gateway, family: .serverAPI)
    }
}

extension Gateway {
    /// A body that is a JSON array of at most `max` strings (E4, E7).
    func stringArray(_ req: Request, _ ctx: ServerRequestContext, max: Int) async throws -> [String] {
        guard case .array(let items)? = try await admit(req, ctx, .serverAPI, body: .array) else { return [] }
        let v = validator(ctx)
        let ids = ObjectReader.strings(items, v, name: "body", maxCount: max) ?? []
        try v.check()
        return ids
    }

    /// Runs a Server API or test-control operation in one write transaction; a rejection answers
    /// its code alone.
    func runServer<T: Encodable & Sendable>(
        _ ctx: ServerRequestContext,
        _ op: @escaping @Sendable (OperationScope) throws -> T
    ) async throws -> Response {
        let backend = self.backend
        let caller = Caller(device: "", bearer: nil, transactionId: ctx.transactionId)
        let result = try await backend.write { db, now in
            try OperationScope.attempt(db: db, backend: backend, caller: caller, now: now, op)
        }
        switch result {
        case .success(let body): return Envelope.response(body, context: ctx)
        case .failure(let r): return Envelope.failure(r.code, r.detail, context: ctx)
        }
    }
}
