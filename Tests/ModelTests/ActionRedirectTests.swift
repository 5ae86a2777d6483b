import Foundation
import Model
import Protocol
import Testing

@Suite("Action.redirecting: typed reference redirection (the shrinker's redirect)")
struct ActionRedirectTests {
    static let d1 = DeviceRef(1), d9 = DeviceRef(9)
    static func s(_ k: Sym.Kind, _ op: Int) -> Sym { Sym(k, op) }
    static func t(_ op: Int) -> TokenArg { .token(Sym(.token, op)) }
    static func u(_ op: Int) -> UserArg { .user(Sym(.user, op)) }
    static func creds(_ i: Sym.Kind, _ p: Sym.Kind, _ op: Int) -> TransferCredentials {
        TransferCredentials(id: .value(Sym(i, op)), password: .value(Sym(p, op)))
    }

    /// One action of every case that carries a reference (some twice, in other shapes), referring
    /// to producers 5 and 7 in every value class; step 9's manual renew values are fresh (produced).
    static let samples: [Action] = [
        .loginToken(device: d1, token: t(7)),
        .changeLogin(device: d1, token: t(7), ticket: .ticket(s(.ticket, 7)), credential: .valid(.init(.google, 1))),
        .changeLogin(device: d1, token: t(5), ticket: .garbage, credential: .valid(.init(.google, 1))),
        .logout(device: d1, token: t(7)),
        .getMember(device: d1, token: t(7)),
        .mappingList(device: d1, token: t(5)),
        .addMapping(device: d1, token: t(7), credential: .valid(.init(.facebook, 1))),
        .addMappingForcibly(
            device: d1,
            token: t(5),
            ticket: .ticket(s(.ticket, 7)),
            credential: .valid(.init(.google, 1))
        ),
        .removeMapping(device: d1, token: t(7), idPCode: .google),
        .withdraw(device: d1, token: t(7)),
        .requestTemporaryWithdrawal(device: d1, token: t(7)),
        .cancelTemporaryWithdrawal(device: d1, token: t(7)),
        .issueTransferAccount(device: d1, token: t(7)),
        .queryTransferAccount(device: d1, token: .none),
        .queryTransferAccount(device: d1, token: t(7)),
        .renewTransferAccount(device: d1, token: t(7), renewal: .autoIdPassword),
        .renewTransferAccount(
            device: d1,
            token: t(7),
            renewal: .manual(id: .otherAccount(s(.transferId, 7)), password: .fresh(s(.chosenPassword, 9)))
        ),
        .renewTransferAccount(
            device: d1,
            token: t(5),
            renewal: .manual(id: .fresh(s(.chosenId, 9)), password: .current)
        ),
        .transferLogin(device: d1, credentials: creds(.transferId, .transferPassword, 7)),
        .transferLogin(device: d1, credentials: creds(.chosenId, .chosenPassword, 7)),
        .transferLogin(device: d1, credentials: .init(id: .value(s(.transferId, 7)), password: .wrong)),
        .transferLogin(
            device: d1,
            credentials: .init(id: .value(s(.chosenId, 5)), password: .value(s(.transferPassword, 7)))
        ),
        .issueTransferKey(device: d1, token: t(7), expiresIn: 60),
        .transferKeyLogin(device: d1, key: .key(s(.transferKey, 7))),
        .serverToken(user: u(7), token: t(7), linkedIdP: true),
        .serverToken(user: u(5), token: t(7), linkedIdP: false),
        .serverProfile(user: u(7), token: t(7)),
        .serverProfile(user: u(5), token: t(5)),
        .serverMember(user: u(7)),
        .serverMembers(users: [u(7), u(5), .unknown]),
        .serverBan(users: [u(7), u(5)], ban: BanSpec(banType: "TEMPORARY", endInSeconds: 60)),
        .serverRelease(users: [u(5), u(7)]),
        .serverValidate(credentials: creds(.transferId, .transferPassword, 7)),
        .serverWithdraw(user: u(7), regUser: "admin"),
        .serverWithdrawals(query: HistoryQuery(around: s(.user, 7), before: 60, after: 60)),
        .graceBan(user: u(7), seconds: 30),
        .graceBan(user: u(5), seconds: 30, rule: .init(amount: 10, count: 1, currency: "USD", conditionType: "OR")),
        .payment(user: u(7), amount: 10, currency: "USD"),
    ]

    /// Actions that never refer to a produced value.
    static let referenceFree: [Action] = [
        .loginGuest(device: d1, ignoreAlreadyLoggedIn: false),
        .loginIdP(device: d1, credential: .valid(.init(.google, 1)), ignoreAlreadyLoggedIn: true),
        .serverIdP(idPCode: .google, accounts: [.init(.google, 1)]),
        .advanceClock(seconds: 60),
        .serverWithdrawals(query: HistoryQuery(around: nil, before: 60, after: 60, order: "DESC")),
    ]

    /// Every symbol a redirect could start from: each kind, of producers 5 and 7.
    static let froms: [Sym] = [5, 7].flatMap { op in Sym.Kind.allCases.map { Sym($0, op) } }

    /// What `rename` did, by text: the JSON of the action with every symbol that moves with `from`
    /// renamed (an independent oracle for "exactly these references, nothing else").
    static func byText(_ a: Action, _ from: Sym, to producer: Int) throws -> Action {
        var text = String(decoding: try JSONEncoder().encode(a), as: UTF8.self)
        for k in Sym.Kind.allCases where Sym(k, from.op).movesWith(from) {
            text = text.replacingOccurrences(of: "\"\(Sym(k, from.op))\"", with: "\"\(Sym(k, producer))\"")
        }
        return try JSONDecoder().decode(Action.self, from: Data(text.utf8))
    }

    @Test("The samples cover every kind of action that can carry a reference")
    func coverage() {
        let withReferences = Set(Self.samples.map(\.kind))
        let without = Set(Self.referenceFree.map(\.kind))
        #expect(withReferences.union(without) == Set(OperationKind.allCases))
        #expect(Self.samples.allSatisfy { !$0.references.isEmpty || $0.tokenArg == TokenArg.none })
    }

    @Test(
        "Redirect rewrites exactly the references of the symbol's value class and producer (an id with its password), and nothing else",
        arguments: samples
    )
    func exactlyTheClass(_ a: Action) throws {
        for from in Self.froms {
            let r = a.redirecting(from, to: 3)
            #expect(r.references == a.references.map { $0.movesWith(from) ? Sym($0.kind, 3) : $0 }, "\(a) from \(from)")
            #expect(r == (try Self.byText(a, from, to: 3)), "\(a) from \(from)")
            #expect(r.kind == a.kind && r.device == a.device && r.credential == a.credential)
        }
    }

    @Test("Redirecting to the same producer is the identity, and moves no device", arguments: samples + referenceFree)
    func sameProducer(_ a: Action) {
        for from in Self.froms {
            #expect(a.redirecting(from, to: from.op) == a)
            #expect(a.redirecting(from, to: from.op, device: Self.d9) == a)
        }
    }

    @Test("Actions without references are left alone, device and all", arguments: referenceFree)
    func referenceFreeActions(_ a: Action) {
        #expect(a.references.isEmpty)
        for from in Self.froms { #expect(a.redirecting(from, to: 3, device: Self.d9) == a) }
    }

    @Test("L11: a client step given a redirected token moves to the new token's device; other steps stay")
    func deviceMove() {
        let d0 = DeviceRef(0)
        let t7 = Sym(.token, 7)
        #expect(
            Action.getMember(device: Self.d1, token: Self.t(7)).redirecting(t7, to: 3, device: d0)
                == .getMember(device: d0, token: Self.t(3))
        )
        // Not referring to T7: no move.
        #expect(
            Action.getMember(device: Self.d1, token: Self.t(5)).redirecting(t7, to: 3, device: d0)
                == .getMember(device: Self.d1, token: Self.t(5))
        )
        // Without a device, only the reference changes.
        #expect(
            Action.logout(device: Self.d1, token: Self.t(7)).redirecting(t7, to: 3)
                == .logout(device: Self.d1, token: Self.t(3))
        )
        // A Server API call has no device.
        #expect(
            Action.serverToken(user: Self.u(7), token: Self.t(7), linkedIdP: true).redirecting(t7, to: 3, device: d0)
                == .serverToken(user: Self.u(7), token: Self.t(3), linkedIdP: true)
        )
    }

    @Test("A TransferAccount id takes its password along (I/P and CI/CP); a password moves alone")
    func pairs() {
        let i7 = Sym(.transferId, 7), p7 = Sym(.transferPassword, 7), ci7 = Sym(.chosenId, 7)
        let issued = Action.transferLogin(device: Self.d1, credentials: Self.creds(.transferId, .transferPassword, 7))
        #expect(
            issued.redirecting(i7, to: 2)
                == .transferLogin(device: Self.d1, credentials: Self.creds(.transferId, .transferPassword, 2))
        )
        #expect(issued.redirecting(ci7, to: 2) == issued.redirecting(i7, to: 2))
        #expect(
            issued.redirecting(p7, to: 2)
                == .transferLogin(
                    device: Self.d1,
                    credentials: .init(id: .value(i7), password: .value(Sym(.transferPassword, 2)))
                )
        )
        let chosen = Action.serverValidate(credentials: Self.creds(.chosenId, .chosenPassword, 7))
        #expect(
            chosen.redirecting(i7, to: 2) == .serverValidate(credentials: Self.creds(.chosenId, .chosenPassword, 2))
        )
    }

    @Test("A manual renew's fresh id and password are produced by the step, not referenced: never redirected")
    func freshValuesStay() {
        let a = Action.renewTransferAccount(
            device: Self.d1,
            token: Self.t(4),
            renewal: .manual(id: .fresh(Sym(.chosenId, 9)), password: .fresh(Sym(.chosenPassword, 9)))
        )
        for k in Sym.Kind.allCases { #expect(a.redirecting(Sym(k, 9), to: 3) == a) }
        let other = Action.renewTransferAccount(
            device: Self.d1,
            token: Self.t(4),
            renewal: .manual(id: .otherAccount(Sym(.transferId, 9)), password: .fresh(Sym(.chosenPassword, 9)))
        )
        #expect(
            other.redirecting(Sym(.transferId, 9), to: 3)
                == .renewTransferAccount(
                    device: Self.d1,
                    token: Self.t(4),
                    renewal: .manual(id: .otherAccount(Sym(.transferId, 3)), password: .fresh(Sym(.chosenPassword, 9)))
                )
        )
    }
}
