import Foundation
import Fuzz
import Linearizability
import Model
import Protocol
import Testing

/// Builds realistic answers by running actions one at a time through a ``SimulatedTarget`` (the
/// model as a server, inventing values), with a shadow state that knows those values so later
/// actions can refer to them. Two worlds built with the same steps invent the same values, so the
/// answers of different worlds can be mixed into one history (two successes that no single world
/// would give).
struct World {
    static let salt = "lt"
    static let now: Int64 = 1_800_000_000_000
    var semantics: Semantics
    let target: SimulatedTarget
    var shadow = ModelState()

    init(_ semantics: Semantics = .default) {
        self.semantics = semantics
        target = SimulatedTarget(semantics: semantics, now: Self.now)
    }

    var ids: Identities { Identities(salt: Self.salt) }

    /// Applies op `id` and returns it (with the values it refers to) and the answer.
    @discardableResult
    mutating func run(_ id: Int, _ action: Action, sourceLocation: SourceLocation = #_sourceLocation) async -> Step {
        var values: [Sym: String] = [:]
        for s in action.references { if let v = shadow.value(of: s) { values[s] = v } }
        let op = Op(id: id, action: action, values: values)
        let result = await target.execute(PlannedOperation(op: op, player: 0, identities: ids))
        guard case .answer(let obs, _) = result.outcome else {
            Issue.record("no answer for \(action)", sourceLocation: sourceLocation)
            return Step(op: op, answer: nil)
        }
        let model = GamebaseModel(semantics: semantics)
        let matcher = Matcher(identities: ids, semantics: semantics)
        let outcomes = (try? model.step(shadow, op, ClockWindow(exactly: Self.now))) ?? []
        var matched = false
        for o in outcomes {
            if case .success(let st)? = try? matcher.match(o, obs, op: op) {
                shadow = st
                matched = true
                break
            }
        }
        #expect(matched, "the shadow could not follow \(action)", sourceLocation: sourceLocation)
        return Step(op: op, answer: obs)
    }

    /// The concrete value the world bound to `s`.
    func value(_ s: Sym) -> String? { shadow.value(of: s) }
}

extension World {
    /// Two worlds that each logged in a guest on d0 (op 1) and on d1 (op 2), the same values in
    /// both, and those two steps: two concurrent successes that no one world gives can follow.
    static func twoGuestsEach() async -> (a: World, b: World, prefix: [Step]) {
        var a = World()
        var b = World()
        let prefix = [
            await a.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false)),
            await a.run(2, .loginGuest(device: d1, ignoreAlreadyLoggedIn: false)),
        ]
        await b.run(1, .loginGuest(device: d0, ignoreAlreadyLoggedIn: false))
        await b.run(2, .loginGuest(device: d1, ignoreAlreadyLoggedIn: false))
        return (a, b, prefix)
    }
}

/// One operation and its answer (`nil`: lost).
struct Step {
    var op: Op
    var answer: Observation?
    var code: ResultCode? { answer?.code }
    /// The same operation with its answer lost.
    var lost: Step { Step(op: op, answer: nil) }
}

/// A history assembled by hand: each step with its real-time interval (ns) and player.
struct Timeline {
    var semantics: Semantics = .default
    private var items: [(Step, Int64, Int64?, Int)] = []

    init(_ semantics: Semantics = .default) { self.semantics = semantics }

    /// Adds `step`, sent at `invoke`, answered at `ret` (a lost step is never answered).
    mutating func add(_ step: Step, _ invoke: Int64, _ ret: Int64, process: Int = 0) {
        items.append((step, invoke, step.answer == nil ? nil : ret, process))
    }

    /// Steps one after another, none overlapping.
    mutating func sequential(_ steps: [Step], from start: Int64 = 0, process: Int = 0) {
        for (i, s) in steps.enumerated() {
            add(s, start + Int64(i) * 100, start + Int64(i) * 100 + 50, process: process)
        }
    }

    var history: History {
        let sorted = items.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
        let entries = sorted.enumerated().map { i, item in
            let (step, invoke, ret, process) = item.element
            return HistoryEntry(
                index: i,
                process: process,
                op: step.op,
                invokeNs: invoke,
                returnNs: ret,
                window: ClockWindow(exactly: World.now),
                answer: step.answer
            )
        }
        return History(
            header: HistoryHeader(
                semantics: semantics,
                identities: World.salt,
                clock: .frozen,
                startedAt: "2027-01-15T08:00:00.000Z"
            ),
            entries: entries
        )
    }
}

enum Check {
    static func run(_ h: History, split: Bool = true, budget: CheckBudget = CheckBudget()) async -> CheckReport {
        await LinearizabilityCheck(budget: budget, split: split).check(h)
    }
}

// Shorthands.
let d0 = DeviceRef(0)
let d1 = DeviceRef(1)
let d2 = DeviceRef(2)
let g1 = AccountRef(.google, 1)
func token(_ id: Int) -> TokenArg { .token(Sym(.token, id)) }
