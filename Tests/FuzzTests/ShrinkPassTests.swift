import Fuzz
import Model
import Protocol
import Testing

/// Hand-built sequences and a search whose "target" is a predicate on the step ids: the passes
/// are tested without any target.
enum ShrinkFixtures {
    static let d0 = DeviceRef(0), d1 = DeviceRef(1), d2 = DeviceRef(2), d3 = DeviceRef(3)
    static let g1 = AccountRef(.google, 1), g2 = AccountRef(.google, 2), f1 = AccountRef(.facebook, 1)

    static func t(_ op: Int) -> TokenArg { .token(Sym(.token, op)) }
    static func u(_ op: Int) -> UserArg { .user(Sym(.user, op)) }
    static func login(_ d: DeviceRef, _ a: AccountRef) -> Action {
        .loginIdP(device: d, credential: .valid(a), ignoreAlreadyLoggedIn: false)
    }
    static func guest(_ d: DeviceRef) -> Action { .loginGuest(device: d, ignoreAlreadyLoggedIn: false) }
    static func ops(_ steps: [(Int, Action)]) -> [Op] { steps.map { Op(id: $0.0, action: $0.1) } }
    /// Steps 1…n that refer to nothing, each on its own device (only the ids matter).
    static func plain(_ n: Int) -> [Op] { (1...n).map { Op(id: $0, action: guest(DeviceRef($0))) } }
    static func ids(_ ops: [Op]) -> [Int] { ops.map(\.id) }
    /// The model's precheck: no step refers to a value no earlier step can have produced.
    static func meaningful(_ ops: [Op]) -> Bool {
        GamebaseModel(semantics: .default).firstDanglingReference(in: ops) == nil
    }

    /// A search in which a candidate fails (under M1) when `fails` holds for its step ids, and is
    /// meaningful when the model finds no dangling reference in it.
    static func search(_ fails: @escaping @Sendable (Set<Int>) -> Bool) -> ShrinkSearch {
        ShrinkSearch(
            rule: .M1,
            isMeaningful: { meaningful($0) },
            replay: { c, _ in (fails(Set(c.map(\.id))) ? .M1 : nil, "") }
        )
    }
}

@Suite("Shrink passes: candidates are pure functions of the sequence")
struct ShrinkPassTests {
    typealias F = ShrinkFixtures

    @Test(
        "Slice keeps exactly the failing step's dependency closure: producers of its symbols, earlier steps sharing a device, account or symbol with a kept step, and clock advances"
    )
    func slice() {
        let seq = F.ops([
            (1, F.login(F.d0, F.g1)),  // produces U1: kept
            (2, F.login(F.d1, F.f1)),  // shares nothing: dropped
            (3, F.guest(F.d2)),  // shares d2 with step 5: kept (transitively)
            (4, F.login(F.d3, F.g2)),  // shares google#2 with step 5: kept
            (5, F.login(F.d2, F.g2)),  // produces U5: kept
            (6, .getMember(device: F.d2, token: F.t(5))),  // after its producer, used by nothing later: dropped
            (-1, .advanceClock(seconds: 60)),  // clock advances always stay
            (7, F.guest(F.d3)),  // d3 is only shared with an earlier kept step: dropped
            (8, .serverMembers(users: [F.u(1), F.u(5)])),
        ])
        let slice = DependencySlice.slice(seq)
        #expect(F.ids(slice) == [1, 3, 4, 5, -1, 8])
        #expect(DependencySlice().candidates(seq) == [slice])
        #expect(DependencySlice().candidates(slice).isEmpty, "a slice is its own slice")
    }

    @Test("Suffix search tries the last 2, 4, 8… steps, never the whole sequence")
    func suffixes() {
        #expect(SuffixSearch().candidates(F.plain(10)).map(F.ids) == [[9, 10], [7, 8, 9, 10], Array(3...10)])
        #expect(SuffixSearch().candidates(F.plain(4)).map(F.ids) == [[3, 4]])
        #expect(SuffixSearch().candidates(F.plain(2)).isEmpty)
    }

    @Test("ddmin splits into n chunks and tries each chunk, then (for n > 2) each complement")
    func ddminCandidates() {
        #expect(DeltaDebugging.split(F.plain(7), 3).map(\.count) == [3, 3, 1])
        #expect(DeltaDebugging.split(F.plain(2), 4).map(\.count) == [1, 1])
        #expect(DeltaDebugging().candidates(F.plain(8)).map(F.ids) == [[1, 2, 3, 4], [5, 6, 7, 8]])
        let four = DeltaDebugging.candidates(F.plain(8), granularity: 4).map(F.ids)
        #expect(four.prefix(4) == [[1, 2], [3, 4], [5, 6], [7, 8]])
        #expect(
            four.dropFirst(4) == [[3, 4, 5, 6, 7, 8], [1, 2, 5, 6, 7, 8], [1, 2, 3, 4, 7, 8], [1, 2, 3, 4, 5, 6]]
        )
    }

    @Test("ddmin reduces to the two steps that must both be there")
    func ddminRun() async {
        var search = F.search { $0.isSuperset(of: [3, 11]) }
        let out = await DeltaDebugging().run(F.plain(16), &search)
        #expect(F.ids(out) == [3, 11])
    }

    @Test("Block deletion tries k = 4…1 consecutive steps, from the end, never the whole sequence")
    func blockCandidates() {
        let c = BlockDeletion().candidates(F.plain(5))
        #expect(c.count == 2 + 3 + 4 + 5)
        #expect(F.ids(c[0]) == [1] && F.ids(c[1]) == [5])
        #expect(F.ids(c.last!) == [2, 3, 4, 5])
        #expect(BlockDeletion.blockSizes(1).isEmpty && BlockDeletion.blockSizes(3) == [2, 1])
    }

    @Test("Block deletion reaches a 1-minimal sequence: no single step can go")
    func blockOneMinimal() async {
        let fails: @Sendable (Set<Int>) -> Bool = { ($0.contains(2) || $0.contains(3)) && $0.isSuperset(of: [7, 12]) }
        var search = F.search(fails)
        let out = await BlockDeletion().run(F.plain(12), &search)
        #expect(out.count == 3 && fails(Set(F.ids(out))))
        for i in out.indices {
            var c = out
            c.remove(at: i)
            #expect(!fails(Set(F.ids(c))), "step \(out[i].id) could still go")
        }
    }

    @Test("Block deletion removes a pair that no single deletion can (a login and the logout that undoes it)")
    func blockPairs() async {
        var search = F.search { $0.contains(8) && $0.contains(3) == $0.contains(4) && $0.contains(5) == $0.contains(6) }
        let out = await BlockDeletion().run(F.plain(8), &search)
        #expect(F.ids(out) == [8])
    }

    /// 1 → T1 used by 2 (→ T2, used by 3); 4 → T4 used by 5.
    static let chain = F.ops([
        (1, F.login(F.d0, F.g1)),
        (2, .loginToken(device: F.d0, token: F.t(1))),
        (3, .getMember(device: F.d0, token: F.t(2))),
        (4, F.guest(F.d1)),
        (5, .getMember(device: F.d1, token: F.t(4))),
    ])

    @Test("Cascade removes a producer with all its users, transitively; a step nothing uses is no cascade")
    func cascade() {
        #expect(CascadeDeletion.cascade(Self.chain, at: 0).map(F.ids) == [4, 5])
        #expect(CascadeDeletion.cascade(Self.chain, at: 1).map(F.ids) == [1, 4, 5])
        #expect(CascadeDeletion.cascade(Self.chain, at: 3).map(F.ids) == [1, 2, 3])
        #expect(CascadeDeletion.cascade(Self.chain, at: 2) == nil)
        #expect(CascadeDeletion().candidates(Self.chain).map(F.ids) == [[1, 2, 3], [1, 4, 5], [4, 5]])
    }

    @Test("Cascade deletion walks from the last step and keeps a cascade that still fails")
    func cascadeRun() async {
        var search = F.search { $0.contains(5) }
        let out = await CascadeDeletion().run(Self.chain, &search)
        #expect(F.ids(out) == [1, 4, 5])
    }

    /// Two logins of one account; the last step uses the second token.
    static let twoTokens = F.ops([
        (1, F.login(F.d0, F.g1)),
        (2, F.login(F.d1, F.g1)),
        (3, .getMember(device: F.d1, token: F.t(2))),
    ])

    @Test(
        "Redirection points a token at an earlier one, moves the step to that token's device (L11), and drops the stale producer first"
    )
    func redirectToken() {
        let moved = Op(id: 3, action: .getMember(device: F.d0, token: F.t(1)))
        let expected = [[Self.twoTokens[0], moved], [Self.twoTokens[0], Self.twoTokens[1], moved]]
        #expect(Redirection.candidates(Self.twoTokens, redirecting: Sym(.token, 2), to: 1) == expected)
        #expect(Array(Redirection().candidates(Self.twoTokens)) == expected)
        #expect(Redirection.candidates(Self.twoTokens, redirecting: Sym(.token, 1), to: 1).isEmpty)
    }

    @Test(
        "Redirection moves a renewed TransferAccount id/password pair to the issued one, then also tries dropping what came between"
    )
    func redirectTransferPair() {
        let seq = F.ops([
            (1, F.guest(F.d0)),
            (2, .issueTransferAccount(device: F.d0, token: F.t(1))),
            (3, .queryTransferAccount(device: F.d0, token: F.t(1))),
            (4, .renewTransferAccount(device: F.d0, token: F.t(1), renewal: .autoIdPassword)),
            (
                5,
                .transferLogin(
                    device: F.d1,
                    credentials: .init(id: .value(Sym(.transferId, 4)), password: .value(Sym(.transferPassword, 4)))
                )
            ),
        ])
        let login = Op(
            id: 5,
            action: .transferLogin(
                device: F.d1,
                credentials: .init(id: .value(Sym(.transferId, 2)), password: .value(Sym(.transferPassword, 2)))
            )
        )
        let c = Redirection.candidates(seq, redirecting: Sym(.transferId, 4), to: 2)
        #expect(c.map(F.ids) == [[1, 2, 3, 5], [1, 2, 5], [1, 2, 3, 4, 5]])
        #expect(c.allSatisfy { $0.last == login })
        // A password alone leaves the id pointing at step 4, which must stay.
        let p = Redirection.candidates(seq, redirecting: Sym(.transferPassword, 4), to: 2)
        #expect(p.map(F.ids) == [[1, 2, 3, 4, 5]])
    }

    @Test(
        "Redirection moves a manual renew's chosen id/password pair to the issued generated one, so the renew can go"
    )
    func redirectChosenPair() {
        let pair = { (k: Sym.Kind, p: Sym.Kind, op: Int) in
            TransferCredentials(id: .value(Sym(k, op)), password: .value(Sym(p, op)))
        }
        let seq = F.ops([
            (1, F.guest(F.d0)),
            (2, .issueTransferAccount(device: F.d0, token: F.t(1))),
            (
                3,
                .renewTransferAccount(
                    device: F.d0,
                    token: F.t(1),
                    renewal: .manual(id: .fresh(Sym(.chosenId, 3)), password: .fresh(Sym(.chosenPassword, 3)))
                )
            ),
            (4, .transferLogin(device: F.d1, credentials: pair(.chosenId, .chosenPassword, 3))),
        ])
        #expect(Redirection.origins(of: Sym(.chosenId, 3)) == [nil, false])
        #expect(Redirection.origins(of: Sym(.token, 3)) == [nil])
        let same = Redirection.candidates(seq, redirecting: Sym(.chosenId, 3), to: 2)
        #expect(
            same.first?.last
                == Op(id: 4, action: .transferLogin(device: F.d1, credentials: pair(.chosenId, .chosenPassword, 2)))
        )
        #expect(same.allSatisfy { !F.meaningful($0) }, "step 2 chose no id")
        let generated = Redirection.candidates(seq, redirecting: Sym(.chosenId, 3), to: 2, chosen: false)
        #expect(generated.map(F.ids) == [[1, 2, 4], [1, 2, 3, 4]])
        #expect(
            generated[0].last
                == Op(id: 4, action: .transferLogin(device: F.d1, credentials: pair(.transferId, .transferPassword, 2)))
        )
        #expect(F.meaningful(generated[0]))
    }

    /// A transfer that needs its device logged out or a guest: a session on d1 (step 1) that a
    /// forced mapping from d2 ends (steps 3–5) before five wrong passwords on d1.
    static let relocatable: [Op] = {
        let wrong = Action.transferLogin(
            device: F.d1,
            credentials: .init(id: .value(Sym(.transferId, 6)), password: .wrong)
        )
        return F.ops([
            (1, F.login(F.d1, F.g1)),
            (2, F.guest(F.d0)),
            (3, F.login(F.d2, F.f1)),
            (4, .addMapping(device: F.d2, token: F.t(3), credential: .valid(F.g1))),
            (
                5,
                .addMappingForcibly(
                    device: F.d2,
                    token: F.t(3),
                    ticket: .ticket(Sym(.ticket, 4)),
                    credential: .valid(F.g1)
                )
            ),
            (6, .issueTransferAccount(device: F.d0, token: F.t(2))),
            (7, wrong), (8, wrong),
        ])
    }()

    @Test(
        "Relocation moves the failing device's last steps to another device, longest suffix first, and keeps only what they then depend on"
    )
    func relocate() {
        let c = Relocation().candidates(Self.relocatable)
        let onD0 = Relocation.move(Self.relocatable, from: 6, of: F.d1, to: F.d0)
        #expect(onD0[6].action.device == F.d0 && onD0[7].action.device == F.d0 && onD0[0].action.device == F.d1)
        // Both wrong passwords on d0: the session on d1 and what ended it share nothing with them.
        #expect(c.first.map(F.ids) == [2, 6, 7, 8])
        #expect(c.first?.last?.action.device == F.d0)
        #expect(c.allSatisfy { F.meaningful($0) && $0.count < Self.relocatable.count })
        // A fresh device (d3) is among the targets; a step on the last device alone is never moved.
        #expect(c.contains { $0.last?.action.device == F.d3 })
        #expect(Relocation().candidates(Array(Self.relocatable.prefix(7))).isEmpty == false)
        #expect(Relocation().candidates([Self.relocatable[0]]).isEmpty)
    }

    @Test("Relocation removes a device's set-up that deletions cannot: neither consecutive nor linked by references")
    func relocateRun() async {
        // The target: the wrong passwords (7, 8) fail when the issue (6) and its guest (2) are there
        // and their device has no IdP session: never logged in with one (1), or until a forced
        // mapping (3–5) took its IdP.
        let fails: @Sendable ([Op]) -> Bool = { ops in
            let ids = Set(ops.map(\.id))
            guard ids.isSuperset(of: [2, 6, 7, 8]), let d = ops.last?.action.device else { return false }
            let session = ops.contains { $0.id == 1 && $0.action.device == d }
            return !session || ids.isSuperset(of: [3, 4, 5])
        }
        var search = ShrinkSearch(rule: .M1, isMeaningful: { F.meaningful($0) }) { c, _ in (fails(c) ? .M1 : nil, "") }
        let deleted = await BlockDeletion().run(Self.relocatable, &search)
        #expect(deleted == Self.relocatable, "no block of steps can go")
        let cascaded = await CascadeDeletion().run(Self.relocatable, &search)
        #expect(cascaded == Self.relocatable, "no cascade can go")
        let out = await Relocation().run(Self.relocatable, &search)
        #expect(F.ids(out) == [2, 6, 7, 8] && fails(out))
    }

    @Test("Redirection runs greedily until no reference can move to an earlier producer")
    func redirectRun() async {
        var search = F.search { $0.contains(3) }
        let out = await Redirection().run(Self.twoTokens, &search)
        #expect(out == [Self.twoTokens[0], Op(id: 3, action: .getMember(device: F.d0, token: F.t(1)))])
    }
}
