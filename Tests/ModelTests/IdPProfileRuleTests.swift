import Model
import Protocol
import Testing

private typealias S = Sim

/// E16 Get IdP Token and Profile in the model (docs/PROTOCOL.md §3, rule L15).
@Suite("IdP token and profile (E16, L15)")
struct IdPProfileRuleTests {
    @Test("An IdP session has the IdP credential of its logged-in account; a guest session has none (-4040204)")
    func credentialOfTheSession() {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let o = sim.run(.serverProfile(user: .user(sim.user(of: s)), token: S.token(s)))
        #expect(o.code == .success && o.rule == .L15)
        #expect(o.expectations.contains(.serverProfile(account: S.g1)))
        // A token login resumes the same session, credential included.
        sim.expect(.success, .loginToken(device: S.d0, token: S.token(s)))
        sim.expect(.success, .serverProfile(user: .user(sim.user(of: s)), token: S.token(s)), rule: .L15)
        let g = sim.login(S.d1)
        sim.expect(.idPTokenNotFound, .serverProfile(user: .user(sim.user(of: g)), token: S.token(g)), rule: .L15)
    }

    @Test("A guest-only user's mapping moves the session to the IdP, and E16 then has that account (M4)")
    func mappingFromGuest() {
        var sim = Sim()
        let g = sim.login(S.d0)
        sim.expect(.success, .addMapping(device: S.d0, token: S.token(g), credential: .valid(S.f1)))
        let o = sim.run(.serverProfile(user: .user(sim.user(of: g)), token: S.token(g)))
        #expect(o.code == .success && o.expectations.contains(.serverProfile(account: S.f1)))
    }

    @Test("E1's checks first: another user's or a revoked token is -4010203, a banned user -4010204")
    func tokenChecks() {
        var sim = Sim()
        let a = sim.login(S.d0, S.g1)
        let b = sim.login(S.d1, S.g2)
        sim.expect(.gatewayInvalidAccessToken, .serverProfile(user: .user(sim.user(of: b)), token: S.token(a)))
        sim.expect(.gatewayInvalidAccessToken, .serverProfile(user: .user(sim.user(of: a)), token: .garbage))
        sim.expect(.success, .logout(device: S.d1, token: S.token(b)))
        sim.expect(
            .gatewayInvalidAccessToken,
            .serverProfile(user: .user(sim.user(of: b)), token: S.token(b)),
            rule: .L5
        )
        sim.expect(.success, .serverBan(users: [.user(sim.user(of: a))], ban: BanSpec(banType: "PERMANENT")))
        sim.expect(.gatewayInvalidUser, .serverProfile(user: .user(sim.user(of: a)), token: S.token(a)), rule: .B1)
    }

    @Test("The answer must name the session's account, its profile, and an IdP token minted for that account")
    func matcherChecksEveryField() throws {
        var sim = Sim()
        let s = sim.login(S.d0, S.g1)
        let ids = Identities(salt: "t")
        let o = sim.run(.serverProfile(user: .user(sim.user(of: s)), token: S.token(s)))
        let account = ids.idPAccount(S.g1)
        let signer = IdPTokenSigner(secret: "any-secret")
        let header = ResponseHeader(transactionId: "x", code: .success)
        func verdict(_ body: IdPTokenAndProfileResponse) throws -> String? {
            let op = Op(id: 9, action: .serverProfile(user: .user(sim.user(of: s)), token: S.token(s)))
            switch try Matcher(identities: ids, semantics: .default).match(o, .idPProfile(body), op: op) {
            case .success: return nil
            case .failure(let f): return "\(f.rule) \(f.field)"
            }
        }
        let good = IdPTokenAndProfileResponse(header, account: account, idPAccessToken: signer.mint(account))
        #expect(try verdict(good) == nil)
        var otherAccount = good
        otherAccount.idPId = ids.idPAccount(S.g2).idPId
        #expect(try verdict(otherAccount) == "L15 idPCode:idPId")
        var noProfile = good
        noProfile.idPProfile = nil
        #expect(try verdict(noProfile) == "L15 idPProfile.id")
        var foreignToken = good
        foreignToken.idPAccessToken = signer.mint(ids.idPAccount(S.g2))
        #expect(try verdict(foreignToken) == "L15 idPAccessToken")
        var noToken = good
        noToken.idPAccessToken = nil
        #expect(try verdict(noToken) == "L15 idPAccessToken")
    }
}
