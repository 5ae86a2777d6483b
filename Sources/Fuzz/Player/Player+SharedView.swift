import Model
import Protocol

// A shared-pool player's view after an answer it did not predict (race hunting). The view only
// plans: the checker judges the history. Starting it over at every surprise (what it did first)
// threw away the session the player held, and with other players on the same devices and accounts
// nearly every step surprised it: `race.yaml`'s players spent two thirds of their steps on fresh
// views, logging in again, and seldom held a session long enough to add a mapping (56 of 6,000
// operations with `mapping.add` weighted 20 of 70). So the view is kept, adopted or started over:
//
// - **Adopted**: a login answered with a session for a user the view did not expect (another
//   player created or mapped it) becomes a view seeded with that user, its accounts as the answer
//   lists them, and the session, when the model, stepped from that seed, explains the answer.
// - **Kept**: a refusal (nothing the player holds changed: the device is another user's, the
//   account is mapped elsewhere, the TransferAccount is blocked) or a Server API look-up about
//   others' doings leaves the view as it was.
// - **Started over**: anything else, and any third surprise in a row (a view that keeps being
//   wrong, e.g. about a session another player's login ended).
extension Player {
    /// What happened to the view.
    enum ViewRepair: Equatable {
        case adopted, kept, startedOver
    }

    /// Surprises in a row after which the view is started over whatever they were.
    static let surprisesBeforeStartingOver = 3

    /// Repairs the view after `op`'s answer `obs` (handled within `window`) surprised it.
    mutating func repairSharedView(_ op: Op, _ obs: Observation, window: ClockWindow) -> ViewRepair {
        surprises += 1
        if let adopted = adoptingLogin(op, obs, window: window) {
            newEpisode()
            belief = adopted
            history = [op]
            return .adopted
        }
        if surprises < Self.surprisesBeforeStartingOver, !obs.code.isSuccess || Self.leavesOwnSessions(op.action) {
            return .kept
        }
        // The caller starts the episode over (``StepVerdict/localReset``).
        return .startedOver
    }

    /// Server API look-ups whose answers say what others did, never what happened to this player's
    /// sessions (a token's validity, `server.token`, does).
    static func leavesOwnSessions(_ action: Action) -> Bool {
        switch action {
        case .serverIdP, .serverMember, .serverMembers, .serverValidate: true
        default: false
        }
    }

    /// A belief seeded with the user a successful guest or IdP login answered with (its accounts
    /// as the answer lists them, each a pool account), stepped through `op`; `nil` when the answer
    /// is not such a login or the model does not explain it from that seed.
    func adoptingLogin(_ op: Op, _ obs: Observation, window: ClockWindow) -> Belief? {
        switch op.action {
        case .loginGuest, .loginIdP: break
        default: return nil
        }
        guard obs.code.isSuccess, let member = obs.client?.member, member.valid == .normal else { return nil }
        var seed = ModelState()
        seed.timeFloor = belief.primary.timeFloor
        let user = Sym(.user, op.id)
        var accounts: Set<AccountRef> = []
        for info in member.authList {
            guard let a = identities.account(idPCode: info.idPCode, idPId: info.authKey) else { return nil }
            accounts.insert(a)
        }
        guard !accounts.isEmpty else { return nil }
        seed.users[user] = UserState(authList: accounts)
        for a in accounts { seed.owners[a] = user }
        var adopted = Belief(model: model, initial: seed)
        guard let judged = try? adopted.observe(op, window, obs, matcher: matcher), judged.matched else { return nil }
        return adopted
    }
}
