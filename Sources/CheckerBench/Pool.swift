import Fuzz
import Model
import Protocol

/// One shared identity pool of the benchmark: a few devices and IdP accounts that a few players
/// (processes) use concurrently for a while. Its world is a ``SimulatedTarget`` of its own (pools
/// share nothing, so the run's world is the product of theirs) and a shadow state that knows the
/// values the target invented, so later operations can refer to them.
struct Pool {
    let devices: [DeviceRef]
    let accounts: [AccountRef]
    let processes: [Int]
    let target: SimulatedTarget
    var shadow = ModelState()
    /// Operations left before the pool is retired.
    var remaining: Int
    /// Operations whose answers were lost: players do not know what they produced.
    var unknownOps: Set<Int> = []

    /// The live token of `device` the players know, if any.
    func knownToken(_ d: DeviceRef) -> Sym? {
        guard let t = shadow.devices[d], !unknownOps.contains(t.op), shadow.value(of: t) != nil else { return nil }
        return t
    }

    /// The user a known token belongs to.
    func user(of token: Sym) -> Sym? { shadow.tokens[token]?.user }

    /// Known users (bound userIds), for Server API calls.
    var knownUsers: [Sym] { shadow.boundUsers.filter { !unknownOps.contains($0.op) } }

    /// Op with the values of the symbols it refers to, as the players know them.
    func concretised(_ id: Int, _ action: Action) -> Op {
        var values: [Sym: String] = [:]
        for s in action.references { if let v = shadow.value(of: s) { values[s] = v } }
        return Op(id: id, action: action, values: values)
    }
}
