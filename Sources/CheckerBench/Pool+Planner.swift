import Basics
import Model
import Protocol

extension Pool {
    /// A random operation on the pool, mostly meaningful (known tokens, live tickets, issued
    /// TransferAccounts), sometimes not (stale tokens, wrong passwords).
    func plan(_ rng: inout SplitMix64) -> Action {
        func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        let d = pick(devices)
        let account = pick(accounts)
        let ignore = rng.nextUnit() < 0.5
        let login: Action =
            rng.nextUnit() < 0.25
            ? .loginGuest(device: d, ignoreAlreadyLoggedIn: ignore)
            : .loginIdP(device: d, credential: .valid(account), ignoreAlreadyLoggedIn: ignore)
        guard let t = knownToken(d) else { return login }
        let tok = TokenArg.token(t)
        let r = rng.nextUnit()
        switch r {
        case ..<0.20: return login
        case ..<0.27: return .loginToken(device: d, token: tok)
        case ..<0.35: return .getMember(device: d, token: tok)
        case ..<0.38: return .mappingList(device: d, token: tok)
        case ..<0.50: return .addMapping(device: d, token: tok, credential: .valid(account))
        case ..<0.58:
            guard let u = user(of: t), let (k, ticket) = liveTicket(for: u, &rng) else {
                return .addMapping(device: d, token: tok, credential: .valid(account))
            }
            return rng.nextUnit() < 0.7
                ? .addMappingForcibly(device: d, token: tok, ticket: .ticket(k), credential: .valid(ticket.account))
                : .changeLogin(device: d, token: tok, ticket: .ticket(k), credential: .valid(ticket.account))
        case ..<0.63: return .removeMapping(device: d, token: tok, idPCode: pick([.google, .facebook, .guest]))
        case ..<0.67: return .logout(device: d, token: tok)
        case ..<0.73: return .issueTransferAccount(device: d, token: tok)
        case ..<0.75: return .queryTransferAccount(device: d, token: tok)
        case ..<0.85:
            guard let ta = knownTransferAccount(&rng) else { return .issueTransferAccount(device: d, token: tok) }
            let password: CredentialArg = rng.nextUnit() < 0.7 ? .wrong : .value(ta.password)
            return .transferLogin(device: d, credentials: TransferCredentials(id: .value(ta.id), password: password))
        case ..<0.90:
            guard let u = knownUsers.isEmpty ? nil : pick(knownUsers) else { return login }
            return .serverMember(user: .user(u))
        case ..<0.95: return .serverIdP(idPCode: .google, accounts: accounts.filter { $0.idPCode == .google })
        case ..<0.97: return .withdraw(device: d, token: tok)
        default: return login
        }
    }

    private func liveTicket(for user: Sym, _ rng: inout SplitMix64) -> (Sym, TicketState)? {
        let live = shadow.tickets.filter { k, t in
            t.requester == user && !t.used && shadow.value(of: k) != nil && !unknownOps.contains(k.op)
        }
        .sorted { $0.key < $1.key }
        guard !live.isEmpty else { return nil }
        let (k, t) = live[Int(rng.next() % UInt64(live.count))]
        return (k, t)
    }

    private func knownTransferAccount(_ rng: inout SplitMix64) -> TransferAccountState? {
        let known = shadow.transferAccounts.values.filter {
            shadow.value(of: $0.id) != nil && shadow.value(of: $0.password) != nil && !unknownOps.contains($0.id.op)
        }
        .sorted { $0.id < $1.id }
        guard !known.isEmpty else { return nil }
        return known[Int(rng.next() % UInt64(known.count))]
    }
}
