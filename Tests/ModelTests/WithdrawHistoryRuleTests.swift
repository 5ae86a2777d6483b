import Model
import Protocol
import Testing

private typealias S = Sim

/// E15 Withdraw Histories in the model (docs/PROTOCOL.md §3, rule W2): the bad inputs, and the
/// partial oracle that judges a page.
@Suite("Withdraw histories (E15, W2)")
struct WithdrawHistoryRuleTests {
    static func query(
        around: Sym? = nil,
        before: Int64 = 60,
        after: Int64 = 60,
        page: Int64 = 0,
        size: Int64 = 100,
        order: String = "ASC",
        type: String? = nil
    ) -> Action {
        .serverWithdrawals(
            query: HistoryQuery(
                around: around,
                before: before,
                after: after,
                page: page,
                size: size,
                order: order,
                eventLogType: type
            )
        )
    }

    @Test("An unknown order or type is -4000003; begin after end, a page or size outside its range -4000005")
    func badInputs() {
        var sim = Sim()
        sim.expect(.undefinedValue, Self.query(order: "asc"), rule: .E15)
        sim.expect(.undefinedValue, Self.query(type: "waa"), rule: .E15)
        sim.expect(.undefinedValue, Self.query(size: 0, order: "UP"), rule: .E15)
        sim.expect(.inappropriateValue, Self.query(before: -700, after: 0), rule: .E15)
        sim.expect(.inappropriateValue, Self.query(page: -1), rule: .E15)
        sim.expect(.inappropriateValue, Self.query(page: 1_000_001), rule: .E15)
        sim.expect(.inappropriateValue, Self.query(size: 1001), rule: .E15)
        sim.expect(.success, Self.query(page: 1_000_000, size: 1000), rule: .W2)
        sim.expect(.success, Self.query(before: 0, after: 0), rule: .W2)
    }

    /// Three users: A withdrawn by the client (WAA) at `t0`, B by the Server API (WAES, regUser
    /// `ops`) a second later, C live; every userId bound.
    struct World {
        var sim = Sim()
        var a = Sym(.user, 0), b = Sym(.user, 0), c = Sym(.user, 0)
        let t0: Int64

        init() {
            t0 = sim.now
            let la = sim.login(S.d0, S.g1)
            let lb = sim.login(S.d1, S.g2)
            let lc = sim.login(S.d2, S.f1)
            (a, b, c) = (sim.user(of: la), sim.user(of: lb), sim.user(of: lc))
            sim.expect(.success, .withdraw(device: S.d0, token: S.token(la)), rule: .W1)
            sim.advance(seconds: 1)
            sim.expect(.success, .serverWithdraw(user: .user(b), regUser: "ops"), rule: .W1)
        }

        func row(_ u: Sym, at t: Int64, _ type: String, _ regUser: String? = nil) -> WithdrawHistory {
            WithdrawHistory(name(u), date: GamebaseDate.iso8601(milliseconds: t), regUser: regUser, eventLogType: type)
        }

        func name(_ u: Sym) -> String { u == a ? "AAAAAAAAAAAAAAAA" : u == b ? "BBBBBBBBBBBBBBBB" : "CCCCCCCCCCCCCCCC" }

        /// The verdict on `rows` as the answer to `action`, with `pagingInfo` made to agree unless
        /// given, or without one.
        mutating func verdict(
            _ action: Action,
            _ rows: [WithdrawHistory],
            paging: PagingInfo? = nil,
            withoutPaging: Bool = false
        ) throws -> String? {
            let span = sim.historySpan(action)
            let o = sim.run(action)
            var next = o
            for u in [a, b, c] { next.next.bind(u, name(u)) }
            guard case .serverWithdrawals(let q) = action else { return "not E15" }
            let size = Int(q.size)
            let total = paging?.totalElements ?? rows.count
            let pages = (total + size - 1) / size
            let info =
                paging
                ?? PagingInfo(
                    q.page == 0,
                    last: Int(q.page) >= pages - 1,
                    numberOfElements: rows.count,
                    page: Int(q.page),
                    size: size,
                    totalElements: total,
                    totalPages: pages
                )
            let body = WithdrawHistoriesResponse(
                ResponseHeader(transactionId: "x", code: .success),
                pagingInfo: withoutPaging ? nil : info,
                result: rows
            )
            let op = Op(id: 99, action: action, historySpan: span)
            switch try Matcher(identities: Identities(salt: "t"), semantics: .default)
                .match(next, .withdrawHistories(body), op: op)
            {
            case .success: return nil
            case .failure(let f): return "\(f.rule) \(f.field)"
            }
        }
    }

    @Test("A page is judged field by field: the window, the type, the order, the state's withdrawals, its live users")
    func matcherJudgesThePage() throws {
        var w = World()
        let (t0, t1) = (w.t0, w.t0 + 1000)
        let good = [w.row(w.a, at: t0, "WAA"), w.row(w.b, at: t1, "WAES", "ops")]
        let around = Self.query(before: 60, after: 60)
        #expect(try w.verdict(around, good) == nil)
        #expect(try w.verdict(Self.query(order: "DESC"), good.reversed()) == nil)
        #expect(try w.verdict(Self.query(order: "DESC"), good) == "E15 result[1]")
        // Another player's withdrawal (an unknown userId) in the window is fine.
        let other = WithdrawHistory(
            "ZZZZZZZZZZZZZZZZ",
            date: GamebaseDate.iso8601(milliseconds: t1),
            regUser: nil,
            eventLogType: "WAGE"
        )
        #expect(try w.verdict(around, good + [other]) == nil)
        // Omitted: A surely lies in the window, and the page is not full.
        #expect(try w.verdict(around, [good[1]]) == "W2 result")
        #expect(try w.verdict(around, [good[0], good[0], good[1]]) == "E15 result[1]")
        #expect(try w.verdict(around, [w.row(w.a, at: t0 - 61_000, "WAA"), good[1]]) == "E15 result[0].date")
        #expect(try w.verdict(around, [w.row(w.a, at: t0 - 5000, "WAA"), good[1]]) == "W2 result[0].date")
        #expect(try w.verdict(around, [w.row(w.a, at: t0, "WAES"), good[1]]) == "W2 result[0].eventLogType")
        #expect(try w.verdict(around, [good[0], w.row(w.b, at: t1, "WAES", "gbfuzz")]) == "E14 result[1].regUser")
        #expect(try w.verdict(around, good + [w.row(w.c, at: t1, "WAA")]) == "W2 result[2]")
        #expect(try w.verdict(around, [w.row(w.a, at: t0, "WAX"), good[1]]) == "E15 result[0].eventLogType")
        #expect(try w.verdict(Self.query(type: "WAA"), good) == "E15 result[1].eventLogType")
        #expect(try w.verdict(Self.query(type: "WAES"), [good[1]]) == nil)
        #expect(try w.verdict(Self.query(size: 1), good) == "E15 result")
    }

    @Test("Only a complete page must hold every withdrawal; pagingInfo must agree with the page")
    func pagesAndPagingInfo() throws {
        var w = World()
        let (t0, t1) = (w.t0, w.t0 + 1000)
        let a = w.row(w.a, at: t0, "WAA")
        let b = w.row(w.b, at: t1, "WAES", "ops")
        // A full first page of two entries of three: B may be on the next page.
        #expect(
            try w.verdict(
                Self.query(size: 1),
                [a],
                paging: PagingInfo(
                    true,
                    last: false,
                    numberOfElements: 1,
                    page: 0,
                    size: 1,
                    totalElements: 2,
                    totalPages: 2
                )
            ) == nil
        )
        #expect(
            try w.verdict(
                Self.query(page: 1, size: 1),
                [b],
                paging: PagingInfo(
                    false,
                    last: true,
                    numberOfElements: 1,
                    page: 1,
                    size: 1,
                    totalElements: 2,
                    totalPages: 2
                )
            ) == nil
        )
        // A window that ends before B's withdrawal need not list it; one just after A's excludes A.
        #expect(try w.verdict(Self.query(around: w.a, before: 0, after: 0), [a]) == nil)
        #expect(try w.verdict(Self.query(around: w.a, before: -1, after: 60), [a, b]) == "E15 result[0].date")
        #expect(try w.verdict(Self.query(around: w.a, before: -1, after: 60), [b]) == nil)
        let agreeing = PagingInfo(
            true,
            last: true,
            numberOfElements: 2,
            page: 0,
            size: 100,
            totalElements: 2,
            totalPages: 1
        )
        let wrong: [(String, (inout PagingInfo) -> Void)] = [
            ("numberOfElements", { $0.numberOfElements = 1 }), ("totalElements", { $0.totalElements = 3 }),
            ("totalPages", { $0.totalPages = 2 }), ("first", { $0.first = false }), ("last", { $0.last = false }),
            ("page", { $0.page = 1 }), ("size", { $0.size = 10 }),
        ]
        #expect(try w.verdict(Self.query(), [a, b], paging: agreeing) == nil)
        for (field, change) in wrong {
            var info = agreeing
            change(&info)
            #expect(try w.verdict(Self.query(), [a, b], paging: info) == "E15 pagingInfo.\(field)")
        }
        #expect(try w.verdict(Self.query(), [a, b], withoutPaging: true) == "E15 pagingInfo")
    }

    @Test("A withdrawal at the end of the grace period (WAGE) is dated at its gracePeriodDate")
    func graceWithdrawalDate() throws {
        var sim = Sim()
        let l = sim.login(S.d0, S.g1)
        let u = sim.user(of: l)
        let requested = sim.now
        sim.expect(.success, .requestTemporaryWithdrawal(device: S.d0, token: S.token(l)), rule: .W4)
        sim.advance(seconds: 8 * 86_400)
        let o = sim.run(Self.query(around: nil, before: 9 * 86_400, after: 0, type: "WAGE"))
        #expect(o.code == .success)
        let w = try #require(o.next.users[u]?.withdrawal)
        #expect(w.eventLogType == "WAGE")
        // The grace period's end dates it, not the request that found it withdrawn.
        let grace = requested + Semantics.default.withdrawal.gracePeriodMilliseconds
        #expect(w.date.valueRange == grace...grace)
    }
}
