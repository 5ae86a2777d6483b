import Fuzz
import Model
import Protocol
import Testing

@Suite("Relaxation: a step made more permissive so that what only set up its precondition can go")
struct RelaxationTests {
    typealias F = ShrinkFixtures

    /// Device d0 is logged in as U1; steps 3 and 4 log it in as another user and withdraw that
    /// one, which only makes step 5's login (without ignoreAlreadyLoggedIn) possible; step 2 is noise.
    static let seq = F.ops([
        (1, F.guest(F.d0)),
        (2, F.login(F.d1, F.f1)),
        (3, .loginIdP(device: F.d0, credential: .valid(F.g1), ignoreAlreadyLoggedIn: true)),
        (4, .withdraw(device: F.d0, token: F.t(3))),
        (5, F.login(F.d0, F.g2)),
        (6, .getMember(device: F.d0, token: F.t(5))),
    ])
    static let relaxed5 = Op(
        id: 5,
        action: .loginIdP(device: F.d0, credential: .valid(F.g2), ignoreAlreadyLoggedIn: true)
    )

    /// A target under which the sequence fails when U1 and step 6 are there and step 5's login can
    /// happen: relaxed, or set up by steps 3 and 4.
    static func search() -> ShrinkSearch {
        ShrinkSearch(
            rule: .M1,
            isMeaningful: { F.meaningful($0) },
            replay: { c, _ in
                let ids = Set(c.map(\.id))
                let five = c.first { $0.id == 5 }
                let canLogIn = five == relaxed5 || ids.isSuperset(of: [3, 4])
                return (ids.isSuperset(of: [1, 6]) && five != nil && canLogIn ? .M1 : nil, "")
            }
        )
    }

    @Test(
        "An E15 page relaxes to the first page at the largest size, which holds the sequence's own whatever others did; a refused query does not"
    )
    func historyPages() {
        let q = HistoryQuery(around: nil, before: 10, after: 20, page: 2, size: 1, order: "DESC", eventLogType: "WAGE")
        let relaxed = Action.serverWithdrawals(query: q).relaxations
        #expect(
            relaxed
                == [
                    .serverWithdrawals(
                        query: HistoryQuery(
                            around: nil,
                            before: 10,
                            after: 20,
                            page: 0,
                            size: 1000,
                            order: "DESC",
                            eventLogType: "WAGE"
                        )
                    )
                ]
        )
        #expect(relaxed.first?.relaxations.isEmpty == true, "relaxing ends")
        var bad = q
        bad.page = -1
        #expect(
            Action.serverWithdrawals(query: bad).relaxations.isEmpty,
            "page -1 is refused (-4000005): no relaxation"
        )
    }

    @Test("Logins without ignoreAlreadyLoggedIn relax by setting the option; other client steps have no relaxation")
    func relaxations() {
        #expect(F.guest(F.d0).relaxations == [.loginGuest(device: F.d0, ignoreAlreadyLoggedIn: true)])
        #expect(F.login(F.d0, F.g2).relaxations == [Self.relaxed5.action])
        #expect(Self.relaxed5.action.relaxations.isEmpty, "relaxing ends")
        #expect(Action.getMember(device: F.d0, token: F.t(1)).relaxations.isEmpty)
    }

    @Test("Every candidate relaxes the step and deletes something before it; none is the relaxed sequence alone")
    func candidates() {
        let c = Relaxation.candidates(Self.seq, relaxing: 4, to: Self.relaxed5.action)
        #expect(c.allSatisfy { $0.contains(Self.relaxed5) && $0.count < Self.seq.count })
        #expect(
            c.prefix(3).map(F.ids) == [[1, 5, 6], [4, 5, 6], [1, 2, 5, 6]],
            "blocks of 3, then 2, nearest first"
        )
        #expect(
            c.suffix(2).map(F.ids) == [[2, 3, 4, 5, 6], [1, 2, 5, 6]],
            "the block of step 1, then the cascade of step 3"
        )
        #expect(c.contains { F.ids($0) == [1, 2, 5, 6] }, "a block of two: the login and its withdrawal")
        #expect(
            c.contains { F.ids($0) == [1, 2, 5, 6] && $0 == [Self.seq[0], Self.seq[1], Self.relaxed5, Self.seq[5]] }
        )
        #expect(Relaxation.candidates(Self.seq, relaxing: 0, to: Self.seq[0].action.relaxations[0]).isEmpty)
    }

    @Test("The pass deletes the withdrawn login that only logged the device out (and the noise beside it)")
    func run() async {
        var search = Self.search()
        let out = await Relaxation().run(Self.seq, &search)
        #expect(out == [Self.seq[0], Self.relaxed5, Self.seq[5]])
    }

    @Test("A relaxation that stops the failure is not kept")
    func notKept() async {
        var search = ShrinkSearch(
            rule: .M1,
            isMeaningful: { _ in true },
            replay: { c, _ in (c == Self.seq ? .M1 : nil, "") }
        )
        #expect(await Relaxation().run(Self.seq, &search) == Self.seq)
    }
}
