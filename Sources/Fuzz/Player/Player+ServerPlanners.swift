import Basics
import Model
import Protocol

// Planners for the Server API and test control.
extension Player {
    var boundUsers: [Sym] { belief.primary.boundUsers }

    mutating func planServer(_ kind: OperationKind, _ adv: Bool) -> Action? {
        let st = belief.primary
        let users = boundUsers
        let activeUsers = users.filter {
            let u = st.users[$0]!; return !u.isWithdrawn && !u.lost
        }
        switch kind {
        case .serverToken:
            if adv {
                if let t = pick(staleTokens) {
                    return .serverToken(user: .user(st.tokens[t]!.user), token: .token(t), linkedIdP: chance(0.5))
                }
                if let s = pick(sessions), let other = pick(users.filter { $0 != s.user }) {
                    return .serverToken(user: .user(other), token: .token(s.token), linkedIdP: false)
                }
                return pick(users).map { .serverToken(user: .user($0), token: .garbage, linkedIdP: false) }
            }
            return pick(sessions).map {
                .serverToken(user: .user($0.user), token: .token($0.token), linkedIdP: chance(0.5))
            }
        case .serverProfile:
            if adv {
                if let t = pick(staleTokens) {
                    return .serverProfile(user: .user(st.tokens[t]!.user), token: .token(t))
                }
                if let s = pick(sessions), let other = pick(users.filter { $0 != s.user }) {
                    return .serverProfile(user: .user(other), token: .token(s.token))
                }
                return pick(users).map { .serverProfile(user: .user($0), token: .garbage) }
            }
            return pick(sessions).map { .serverProfile(user: .user($0.user), token: .token($0.token)) }
        case .serverMember:
            if adv || users.isEmpty { return .serverMember(user: .unknown) }
            return .serverMember(user: .user(pick(users)!))
        case .serverMembers:
            var list = users.shuffledDeterministically(&rng).prefix(4).map { UserArg.user($0) }
            if adv || list.isEmpty { list.append(.unknown) }
            return .serverMembers(users: list)
        case .serverIdP:
            if chance(0.25) {
                return .serverIdP(idPCode: .guest, accounts: lookupList(devices.map { .guest($0) }, adv))
            }
            guard let code = pick(configuration.idPCodes) else { return nil }
            return .serverIdP(idPCode: code, accounts: lookupList(accounts.filter { $0.idPCode == code }, adv))
        case .serverBan:
            if adv {
                switch rng.next() % 4 {
                case 0: return .serverBan(users: [.unknown], ban: BanSpec(banType: "PERMANENT"))
                case 1:
                    return pick(activeUsers).map { .serverBan(users: [.user($0)], ban: BanSpec(banType: "TEMPORARY")) }
                case 2:
                    return pick(activeUsers).map {
                        .serverBan(users: [.user($0)], ban: BanSpec(banType: "TEMPORARY", endInSeconds: -60))
                    }
                default:
                    return pick(users).map {
                        .serverBan(users: [.user($0), .unknown], ban: BanSpec(banType: "FOREVER"))
                    }
                }
            }
            guard let u = pick(activeUsers) else { return nil }
            let spec =
                chance(0.5) ? BanSpec(banType: "PERMANENT") : BanSpec(banType: "TEMPORARY", endInSeconds: int(60...900))
            return .serverBan(users: [.user(u)], ban: spec)
        case .serverRelease:
            let banned = users.filter { st.users[$0]!.ban != nil }
            if adv || banned.isEmpty { return pick(users).map { .serverRelease(users: [.user($0), .unknown]) } }
            return .serverRelease(users: [.user(pick(banned)!)])
        case .serverValidate:
            guard let a = pick(knownAccounts) else {
                return .serverValidate(credentials: TransferCredentials(id: .wrong, password: .wrong))
            }
            let ta = st.transferAccounts[a]!
            return .serverValidate(
                credentials: TransferCredentials(id: .value(ta.id), password: adv ? .wrong : .value(ta.password))
            )
        case .serverWithdraw:
            // regUser at its limit (64 characters) and just past it (65: -4000005).
            let longest = String(repeating: "g", count: 64)
            if adv {
                if chance(0.5), let u = pick(users) {
                    return .serverWithdraw(user: .user(u), regUser: chance(0.5) ? "bad user" : longest + "g")
                }
                return .serverWithdraw(user: pick(users).map { .user($0) } ?? .unknown, regUser: "gbfuzz")
            }
            return pick(activeUsers).map { .serverWithdraw(user: .user($0), regUser: chance(0.2) ? longest : "gbfuzz") }
        case .serverWithdrawals:
            return .serverWithdrawals(query: planHistoryQuery(adv))
        case .testAdvance:
            return .advanceClock(seconds: advanceSize())
        case .testGraceBan, .testPayment:
            return planGrace(kind, adv, users: users, activeUsers: activeUsers)
        default:
            return nil
        }
    }

    /// Sized to cross an interesting deadline of this world (just past it), or a standard one.
    mutating func advanceSize() -> Int64 {
        let st = belief.primary
        var deadlines: [Int64] = []
        for t in st.tickets.values where !t.used { deadlines.append(t.expiry.latest) }
        for ta in st.transferAccounts.values { if let e = ta.blocked?.end { deadlines.append(e.latest) } }
        for w in st.wrongIdDevices.values { if let e = w.blocked?.end { deadlines.append(e.latest) } }
        for u in st.users.values {
            if let d = u.temporaryWithdrawal { deadlines.append(d.latest) }
            if let d = u.graceBan { deadlines.append(d.latest) }
            if let e = u.ban?.end { deadlines.append(e) }
        }
        deadlines.sort()  // dictionary order is per-process random; keep runs reproducible
        let floor = st.timeFloor
        let ahead = deadlines.filter { $0 > floor && floor > Int64.min }.map { ($0 - floor) / 1000 + 2 }
        if chance(0.6), let s = pick(ahead), s <= 8 * 86_400 { return s }
        return pick([1, 30, 301, 601, 86_401, 7 * 86_400 + 1])!
    }

    /// `all` when it fits one E4/E7 call (or, adversarial, to see the -4000008 of a longer list);
    /// otherwise ``ListLimits/lookup`` of them, a different sample each time (a shared pool of
    /// 1,000 devices asked for at once is a refusal, not a look-up).
    mutating func lookupList<T>(_ all: [T], _ adv: Bool) -> [T] {
        guard all.count > ListLimits.lookup, !adv else { return all }
        return Array(all.shuffledDeterministically(&rng).prefix(ListLimits.lookup))
    }
}
