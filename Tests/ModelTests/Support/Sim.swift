import Model
import Protocol
import Testing

/// Runs actions through the model alone (no server): each step must have one allowed code, and
/// its first outcome becomes the state. Time is exact and starts at `now`.
struct Sim {
    var model: GamebaseModel
    var state = ModelState()
    var now: Int64 = 1_800_000_000_000
    var nextId = 1
    /// Symbols produced by each step, by id.
    var last: Outcome?

    init(_ semantics: Semantics = .default) { model = GamebaseModel(semantics: semantics) }

    @discardableResult
    mutating func run(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) -> Outcome {
        let op = Op(id: nextId, action: action, banEnd: banEnd(action), historySpan: historySpan(action))
        nextId += 1
        let outcomes = outcomes(op, sourceLocation: sourceLocation)
        let codes = Set(outcomes.map(\.code))
        #expect(codes.count == 1, "\(action) has several allowed codes: \(codes)", sourceLocation: sourceLocation)
        // A model error was recorded as an issue: carry on from an unchanged state.
        let o = outcomes.first ?? Outcome(code: .undefinedValue, rule: .TC, because: "no outcome", next: state)
        state = o.next
        last = o
        return o
    }

    /// Runs and checks the code; returns the id of the step (its symbols are `Sym(kind, id)`).
    @discardableResult
    mutating func expect(
        _ code: ResultCode,
        _ action: Action,
        rule: RuleID? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        let o = run(action, sourceLocation: sourceLocation)
        #expect(o.code == code, "\(action): \(o.because)", sourceLocation: sourceLocation)
        if let rule {
            #expect(o.rule == rule, "\(action): rule \(o.rule), \(o.because)", sourceLocation: sourceLocation)
        }
        return nextId - 1
    }

    /// All codes the model allows for `action` now (without applying it).
    func codes(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) -> Set<ResultCode> {
        Set(
            outcomes(Op(id: nextId, action: action, banEnd: banEnd(action)), sourceLocation: sourceLocation).map(\.code)
        )
    }

    /// The model's outcomes for `op` now; a ``ModelError`` is recorded as an issue (no outcome).
    func outcomes(_ op: Op, sourceLocation: SourceLocation = #_sourceLocation) -> [Outcome] {
        do {
            return try model.step(state, op, ClockWindow(exactly: now))
        } catch {
            Issue.record("\(op): \(error)", sourceLocation: sourceLocation)
            return []
        }
    }

    mutating func advance(seconds: Int64) {
        run(.advanceClock(seconds: seconds))
        now += seconds * 1000
    }

    /// E15's window as the generator dates it (``HistoryQuery/span(in:now:)``).
    func historySpan(_ a: Action) -> HistorySpan? {
        guard case .serverWithdrawals(let q) = a else { return nil }
        return q.span(in: state, now: now)
    }

    func banEnd(_ a: Action) -> Int64? {
        if case .serverBan(_, let spec) = a, let s = spec.endInSeconds { return now + s * 1000 }
        return nil
    }

    // Shorthands.
    static let d0 = DeviceRef(0), d1 = DeviceRef(1), d2 = DeviceRef(2)
    static let g1 = AccountRef(.google, 1), g2 = AccountRef(.google, 2), f1 = AccountRef(.facebook, 1)
    static let a1 = AccountRef(.appleid, 1), l1 = AccountRef(.line, 1)
    static func user(_ id: Int) -> Sym { Sym(.user, id) }
    static func token(_ id: Int) -> TokenArg { .token(Sym(.token, id)) }
    static func ticket(_ id: Int) -> TicketArg { .ticket(Sym(.ticket, id)) }

    /// Logs in `account` on `device` (guest when nil); returns the step id.
    @discardableResult
    mutating func login(_ device: DeviceRef, _ account: AccountRef? = nil, ignore: Bool = false) -> Int {
        if let account {
            return expect(
                .success,
                .loginIdP(device: device, credential: .valid(account), ignoreAlreadyLoggedIn: ignore)
            )
        }
        return expect(.success, .loginGuest(device: device, ignoreAlreadyLoggedIn: ignore))
    }

    func user(of step: Int) -> Sym { state.tokens[Sym(.token, step)]!.user }
    func authList(_ u: Sym) -> Set<AccountRef> { state.users[u]!.authList }
    func valid(_ u: Sym) -> MemberValid { state.users[u]!.valid }
    func tokenRevoked(_ step: Int) -> RuleID? { state.tokens[Sym(.token, step)]!.revoked }
}
