import Model
import Protocol
import Testing

@Suite("Grace-ban release by payments (PROTOCOL.md §4, B6)")
struct GraceReleaseRuleTests {
    typealias S = Sim
    static let and = ReleaseRuleCondition(amount: 30, count: 2, currency: "USD", conditionType: "AND")
    static let or = ReleaseRuleCondition(amount: 30, count: 2, currency: "USD", conditionType: "OR")

    /// A user under a grace ban with `rule`: the sim and the user.
    static func graceBanned(_ rule: ReleaseRuleCondition?) -> (Sim, Sym) {
        var sim = Sim()
        let step = sim.login(S.d0, S.g1)
        let u = sim.user(of: step)
        sim.expect(.success, .graceBan(user: .user(u), seconds: 3600, rule: rule), rule: .B5)
        return (sim, u)
    }

    @Test("AND: payments in the conditions' currency count; both thresholds met end the grace ban, and no ban follows")
    func and() {
        var (sim, u) = Self.graceBanned(Self.and)
        sim.expect(.success, .payment(user: .user(u), amount: 40, currency: "USD"), rule: .B6)
        #expect(sim.state.users[u]!.paymentStatus == PaymentStatus(amount: 40, count: 1, currency: "USD"))
        #expect(sim.valid(u) == .graceBan, "the amount alone is not enough under AND")
        sim.expect(.success, .payment(user: .user(u), amount: 7, currency: "KRW"), rule: .B6)
        #expect(sim.state.users[u]!.paidCount == 1, "another currency counts for nothing")
        sim.expect(.success, .payment(user: .user(u), amount: 1, currency: "USD"), rule: .B6)
        #expect(sim.valid(u) == .normal && sim.state.users[u]!.graceRule == nil)
        sim.advance(seconds: 3600)
        #expect(sim.valid(u) == .normal && sim.state.users[u]!.ban == nil)
    }

    @Test("OR: one threshold is enough; without conditions nothing counts; after the period payments change nothing")
    func or() {
        var (sim, u) = Self.graceBanned(Self.or)
        sim.expect(.success, .payment(user: .user(u), amount: 30, currency: "USD"))
        #expect(sim.valid(u) == .normal)
        var (plain, v) = Self.graceBanned(nil)
        plain.expect(.success, .payment(user: .user(v), amount: 1000, currency: "USD"))
        #expect(plain.valid(v) == .graceBan && plain.state.users[v]!.paymentStatus == nil)
        plain.advance(seconds: 3600)
        plain.expect(.success, .payment(user: .user(v), amount: 1000, currency: "USD"))
        #expect(plain.valid(v) == .banned)
    }

    @Test("A new grace ban starts from nothing paid; a ban drops the grace ban and its payments")
    func resets() {
        var (sim, u) = Self.graceBanned(Self.and)
        sim.expect(.success, .payment(user: .user(u), amount: 40, currency: "USD"))
        sim.expect(.success, .graceBan(user: .user(u), seconds: 60, rule: Self.and))
        #expect(sim.state.users[u]!.paymentStatus == PaymentStatus(amount: 0, count: 0, currency: "USD"))
        sim.expect(.success, .payment(user: .user(u), amount: 5, currency: "USD"))
        sim.expect(.success, .serverBan(users: [.user(u)], ban: BanSpec(banType: "PERMANENT")))
        let st = sim.state.users[u]!
        #expect(st.graceBan == nil && st.graceRule == nil && st.paidAmount == 0 && st.paidCount == 0)
    }

    @Test("Bad payments are -4000005 before anything else; unknown users -4040401, withdrawn ones -4100401")
    func rejects() {
        var (sim, u) = Self.graceBanned(Self.or)
        for (amount, currency) in [(0, "USD"), (1_000_000_001, "USD"), (10, "usd"), (10, "DOLLAR"), (10, "")] {
            sim.expect(.inappropriateValue, .payment(user: .unknown, amount: amount, currency: currency))
        }
        sim.expect(.memberNotExist, .payment(user: .unknown, amount: 10, currency: "USD"), rule: .B6)
        sim.expect(.success, .serverWithdraw(user: .user(u), regUser: "ops"))
        sim.expect(.memberAlreadyWithdrawn, .payment(user: .user(u), amount: 10, currency: "USD"), rule: .B6)
    }

    @Test("The answer must show what was paid, and no graceBanInfo once the conditions were met: B6 otherwise")
    func matcher() throws {
        let (sim, u) = Self.graceBanned(Self.and)
        let m = Matcher(identities: Identities(salt: "t"), semantics: .default)
        let header = ResponseHeader(transactionId: "x", code: .success)
        let until = sim.now + 3_600_000
        func answer(_ paid: PaymentStatus?) -> Observation {
            .graceBan(
                GraceBanResponse(
                    header,
                    graceBanInfo: paid.map {
                        GraceBanInfo(
                            gracePeriodDate: until,
                            message: "",
                            paymentStatus: $0,
                            releaseRuleCondition: Self.and
                        )
                    }
                )
            )
        }
        let op = Op(id: 50, action: .payment(user: .user(u), amount: 40, currency: "USD"))
        let counted = try #require(sim.outcomes(op).first)
        let right = PaymentStatus(amount: 40, count: 1, currency: "USD")
        #expect(try m.match(counted, answer(right), op: op).isSuccess)
        #expect(try m.match(counted, answer(PaymentStatus(amount: 0, count: 0, currency: "USD")), op: op).rule == .B6)
        #expect(try m.match(counted, answer(nil), op: op).rule == .B5, "the grace ban is still pending")
        var paid = sim
        paid.expect(.success, .payment(user: .user(u), amount: 40, currency: "USD"))
        let last = Op(id: 51, action: .payment(user: .user(u), amount: 1, currency: "USD"))
        let released = try #require(paid.outcomes(last).first)
        #expect(try m.match(released, answer(nil), op: last).isSuccess)
        #expect(
            try m.match(released, answer(PaymentStatus(amount: 41, count: 2, currency: "USD")), op: last).rule == .B6
        )
    }
}

extension Result where Failure == Mismatch {
    fileprivate var isSuccess: Bool { if case .success = self { true } else { false } }
    fileprivate var rule: RuleID? { if case .failure(let f) = self { f.rule } else { nil } }
}
