import Hummingbird
import Protocol
import RequestInput

/// Client operations under `/tcgb-gateway/v1.3/apps/{appId}/auth` (docs/PROTOCOL.md §2).
enum ClientRoutes {
    static let prefix = "/tcgb-gateway/v1.3/apps/:appId/auth"

    static func register(_ router: Router<ServerRequestContext>, _ g: Gateway) {
        // Without forcing tickets (`mapping.forcing: none`) neither forced operation exists: no route.
        if g.backend.semantics.mapping.forcing == .ticket { registerForcing(router, g) }
        router.post("\(prefix)/login") { req, ctx in
            let tokenRequired = g.backend.semantics.login.missingIdPToken == .badInput
            let (caller, input) = try await g.client(req, ctx, body: .object) {
                LoginInput($0, tokenRequired: tokenRequired)
            }
            if g.backend.bugs.has(.raceFirstLogin) { return try await RaceFlows.login(g, caller, input, ctx) }
            return try await g.runClient(caller, ctx) { try Login.run($0, input) }
        }
        router.post("\(prefix)/login/token") { req, ctx in
            let (caller, _) = try await g.client(req, ctx) { _ in () }
            return Envelope.response(try TokenLogin.run(g.backend, caller), context: ctx)
        }
        router.post("\(prefix)/logout") { req, ctx in
            let (caller, _) = try await g.client(req, ctx) { _ in () }
            return try await g.runClient(caller, ctx, Logout.run)
        }
        router.get("\(prefix)/member") { req, ctx in
            let (caller, _) = try await g.client(req, ctx) { _ in () }
            return try await g.runClient(caller, ctx, OwnMember.get)
        }
        router.delete("\(prefix)/member") { req, ctx in
            let (caller, _) = try await g.client(req, ctx) { _ in () }
            return try await g.runClient(caller, ctx, OwnMember.withdraw)
        }
        router.get("\(prefix)/mappings") { req, ctx in
            let (caller, _) = try await g.client(req, ctx) { _ in () }
            return try await g.runClient(caller, ctx, OwnMember.mappingList)
        }
        router.post("\(prefix)/mappings") { req, ctx in
            let (caller, input) = try await g.client(req, ctx, body: .object, AddMappingInput.init)
            if g.backend.bugs.has(.raceMapping) { return try await RaceFlows.addMapping(g, caller, input, ctx) }
            return try await g.runClient(caller, ctx) { try AddMapping.run($0, input) }
        }
        router.delete("\(prefix)/mappings/:idPCode") { req, ctx in
            let code = g.path(ctx, "idPCode")
            let (caller, _) = try await g.client(req, ctx) { _ in () }
            if g.backend.bugs.has(.raceRemoveMapping) {
                return try await RaceFlows.removeMapping(g, caller, idPCode: code, ctx)
            }
            return try await g.runClient(caller, ctx) { try RemoveMapping.run($0, idPCode: code) }
        }
        router.post("\(prefix)/temporary-withdrawal") { req, ctx in
            let (caller, _) = try await g.client(req, ctx) { _ in () }
            return try await g.runClient(caller, ctx, TemporaryWithdrawal.request)
        }
        router.delete("\(prefix)/temporary-withdrawal") { req, ctx in
            let (caller, _) = try await g.client(req, ctx) { _ in () }
            return try await g.runClient(caller, ctx, TemporaryWithdrawal.cancel)
        }
        router.post("\(prefix)/transfer-account") { req, ctx in
            let (caller, _) = try await g.client(req, ctx) { _ in () }
            return try await g.runClient(caller, ctx, TransferAccountOps.issue)
        }
        router.get("\(prefix)/transfer-account") { req, ctx in
            let (caller, _) = try await g.client(req, ctx) { _ in () }
            return try await g.runClient(caller, ctx, TransferAccountOps.query)
        }
        router.put("\(prefix)/transfer-account") { req, ctx in
            let (caller, input) = try await g.client(req, ctx, body: .object, RenewInput.init)
            return try await g.runClient(caller, ctx) { try TransferAccountOps.renew($0, input) }
        }
        router.post("\(prefix)/transfer-account/login") { req, ctx in
            let (caller, input) = try await g.client(req, ctx, body: .object, TransferLoginInput.init)
            if g.backend.bugs.has(.raceTransferFailCount) {
                return try await RaceFlows.transferLogin(g, caller, input, ctx)
            }
            return try await g.runClient(caller, ctx) { try TransferLogin.run($0, input) }
        }
        router.post("\(prefix)/transfer-key") { req, ctx in
            let (caller, expiresIn) = try await g.client(req, ctx, body: .object) {
                $0?.int("expiresIn", required: true) ?? 0
            }
            return try await g.runClient(caller, ctx) { try TransferKeyOps.issue($0, expiresIn: expiresIn) }
        }
        router.post("\(prefix)/transfer-key/login") { req, ctx in
            let (caller, key) = try await g.client(req, ctx, body: .object) {
                $0?.string("transferKey", required: true) ?? ""
            }
            return try await g.runClient(caller, ctx) { try TransferKeyOps.login($0, key: key) }
        }
    }

    /// §2.6 and §2.7: the operations that redeem a forcing ticket.
    static func registerForcing(_ router: Router<ServerRequestContext>, _ g: Gateway) {
        router.post("\(prefix)/login/change") { req, ctx in
            let (caller, input) = try await g.client(req, ctx, body: .object, ForcingMappingInput.init)
            return try await g.runClient(caller, ctx) { try ForcingMapping.changeLogin($0, input) }
        }
        router.post("\(prefix)/mappings/forcibly") { req, ctx in
            let (caller, input) = try await g.client(req, ctx, body: .object, ForcingMappingInput.init)
            return try await g.runClient(caller, ctx) { try ForcingMapping.addForcibly($0, input) }
        }
    }
}
