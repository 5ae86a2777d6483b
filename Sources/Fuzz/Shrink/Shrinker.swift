import Foundation
import Model
import Protocol

/// Minimises a failing player's sequence: ddmin (Zeller & Hildebrandt) over steps, then single-step
/// deletion to a 1-minimal result. Each candidate is pre-checked against the model (dangling
/// references are dropped without a request), replayed against the target with fresh identities,
/// and kept only if it violates the same rule on every one of `1 + confirmations` runs. The result
/// is re-verified; the shrinker never returns a sequence that did not fail.
package struct Shrinker: Sendable {
    package var runner: ScriptRunner
    package var timeBudget: Duration
    package var attemptBudget: Int
    /// Extra runs a failing candidate must also fail.
    package var confirmations: Int
    /// Receives one line per candidate (for debugging shrinks).
    package var log: (@Sendable (String) -> Void)?

    package init(
        runner: ScriptRunner,
        timeBudget: Duration = .seconds(60),
        attemptBudget: Int = 500,
        confirmations: Int = 0
    ) {
        self.runner = runner
        self.timeBudget = timeBudget
        self.attemptBudget = attemptBudget
        self.confirmations = confirmations
    }

    package struct Result: Sendable {
        /// The minimal failing sequence (the original when nothing smaller failed).
        package var sequence: [Op]
        /// The violation the final verification run observed (`nil` if even that did not fail).
        package var violation: Violation?
        /// The final verification run (per-step predicted and observed codes, bindings).
        package var run: ScriptRunner.Run?
        package var attempts: Int
        package var originalLength: Int
    }

    package func shrink(_ v: Violation) async -> Result {
        // Rounds until a round gains nothing: a shorter sequence opens new deletions and redirects.
        var best = await shrinkOnce(v)
        var attempts = best.attempts
        for _ in 0..<2 {
            guard let x = best.violation, best.sequence.count > 1 else { break }
            var again = x
            again.sequence = best.sequence
            let next = await shrinkOnce(again)
            attempts += next.attempts
            guard next.violation != nil, next.sequence.count < best.sequence.count else { break }
            best = next
        }
        best.attempts = attempts
        best.originalLength = v.sequence.count
        return best
    }

    func shrinkOnce(_ v: Violation) async -> Result {
        var state = Search(rule: v.rule, deadline: ContinuousClock.now + timeBudget, budget: attemptBudget)
        var current = v.sequence
        // A dependency slice first: only steps that share devices, accounts or symbols with the
        // failing step (transitively), plus clock advances.
        let slice = Self.slice(current)
        if slice.count < current.count, await fails(slice, &state) { current = slice }
        // Short suffixes next: minimal failures usually sit at the end.
        var k = 2
        while k < current.count, !state.exhausted {
            let suffix = Array(current.suffix(k))
            if await fails(suffix, &state) {
                current = suffix
                break
            }
            k *= 2
        }
        // ddmin.
        var n = 2
        while current.count >= 2, !state.exhausted {
            let chunks = Self.split(current, n)
            var reduced = false
            for c in chunks where !reduced && c.count < current.count {
                if await fails(c, &state) {
                    current = c
                    n = max(n - 1, 2)
                    reduced = true
                }
            }
            if !reduced, n > 2 || chunks.count > 2 {
                for i in chunks.indices where !reduced {
                    let complement = chunks.enumerated().filter { $0.offset != i }.flatMap(\.element)
                    if await fails(complement, &state) {
                        current = complement
                        n = max(n - 1, 2)
                        reduced = true
                    }
                }
            }
            if !reduced {
                if n >= current.count { break }
                n = min(n * 2, current.count)
            }
        }
        current = await deletionPass(current, &state)
        // Redirect references to earlier producers (a renewed id to the issued one, a later token to
        // an earlier one), which lets the deletion passes drop the steps in between.
        var redirected = true
        while redirected, !state.exhausted {
            redirected = false
            outer: for (i, op) in current.enumerated().reversed() {
                for r in Set(op.action.references).sorted() {
                    let earlier = current[..<i].map(\.id).filter { $0 > 0 && $0 < r.op }.sorted(by: >)
                    for e in earlier where !state.exhausted {
                        var c = current
                        // A token is only live from its own device (L11): move the step there too.
                        let device = r.kind == .token ? current.first { $0.id == e }?.action.device : nil
                        for j in c.indices { c[j] = Self.rename(c[j], r, e, device: device) }
                        if c.map(\.action) == current.map(\.action) { continue }
                        // The old producer usually goes too (it is what made the reference stale),
                        // and often a step or two that invalidated the new one in between.
                        let orphan = c.filter { $0.id != r.op }
                        var tries: [[Op]] = []
                        if orphan.count < c.count,
                            !orphan.contains(where: { $0.action.references.contains { $0.op == r.op } })
                        {
                            tries.append(orphan)
                        }
                        if !tries.isEmpty, let from = orphan.firstIndex(where: { $0.id == e }) {
                            let to = orphan.count - 1
                            for k in 1...3 where from + 1 + k <= to {
                                for a in (from + 1)...(to - k) {
                                    tries.append(Array(orphan[..<a] + orphan[(a + k)...]))
                                }
                            }
                        }
                        tries.append(c)
                        for t in tries where !state.exhausted {
                            if await fails(t, &state) {
                                current = t
                                redirected = true
                                break outer
                            }
                        }
                    }
                }
            }
            if redirected { current = await deletionPass(current, &state) }
        }
        // Re-verify; fall back through earlier accepted candidates, then the original.
        for candidate in [current] + state.accepted.reversed() + [v.sequence] {
            let r = await runner.run(candidate, salt: state.salt("final"))
            if let x = r.violation, x.rule == v.rule {
                return Result(
                    sequence: candidate,
                    violation: x,
                    run: r,
                    attempts: state.attempts,
                    originalLength: v.sequence.count
                )
            }
        }
        return Result(
            sequence: v.sequence,
            violation: nil,
            run: nil,
            attempts: state.attempts,
            originalLength: v.sequence.count
        )
    }

    /// Hypothesis-style: delete k = 4…1 consecutive steps until nothing goes (1-minimal at k = 1).
    func deletionPass(_ seq: [Op], _ state: inout Search) async -> [Op] {
        // Hypothesis-style: delete k consecutive steps (k = 4…1) until nothing goes; k = 1 makes
        // the result 1-minimal. Blocks catch pairs such as a login and the logout before it.
        var current = seq
        var changed = true
        while changed, !state.exhausted {
            changed = false
            for k in stride(from: min(4, current.count - 1), through: 1, by: -1) {
                var i = current.count - k
                while i >= 0, !state.exhausted {
                    if i + k <= current.count {
                        var c = current
                        c.removeSubrange(i..<(i + k))
                        if await fails(c, &state) {
                            current = c
                            changed = true
                        }
                    }
                    i -= 1
                }
            }
        }
        // Cascades: a step together with every later step that uses what it produced.
        var i = current.count - 1
        while i >= 0, !state.exhausted {
            if i < current.count {
                var gone: Set<Int> = [current[i].id]
                for op in current[(i + 1)...] where op.action.references.contains(where: { gone.contains($0.op) }) {
                    gone.insert(op.id)
                }
                let c = current.filter { !gone.contains($0.id) }
                if gone.count > 1, c.count < current.count, await fails(c, &state) { current = c }
            }
            i -= 1
        }
        return current
    }

    /// `op` with references to symbols of step `from` (`r.op`) redirected to step `to`.
    static func rename(_ op: Op, _ r: Sym, _ to: Int, device: DeviceRef? = nil) -> Op {
        guard var data = try? JSONEncoder().encode(op.action) else { return op }
        let token = "\"\(r)\""
        if let device, String(decoding: data, as: UTF8.self).contains(token),
            var outer = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], outer.count == 1,
            let key = outer.keys.first, var inner = outer[key] as? [String: Any], inner["device"] != nil
        {
            inner["device"] = device.index
            outer[key] = inner
            data = (try? JSONSerialization.data(withJSONObject: outer)) ?? data
        }
        var text = String(decoding: data, as: UTF8.self)
        // Renaming the whole producer keeps id/password pairs (I/P, CI/CP) together.
        for k in Sym.Kind.allCases
        where k.valueClass == r.kind.valueClass || (r.kind.valueClass == "taid" && k.valueClass == "tapw") {
            text = text.replacingOccurrences(of: "\"\(Sym(k, r.op))\"", with: "\"\(Sym(k, to))\"")
        }
        guard let action = try? JSONDecoder().decode(Action.self, from: Data(text.utf8)) else { return op }
        return Op(id: op.id, action: action)
    }

    struct Search {
        let rule: RuleID
        let deadline: ContinuousClock.Instant
        let budget: Int
        var attempts = 0
        var accepted: [[Op]] = []
        /// Whole steps, not their ids: a redirected candidate has the ids of one tried before.
        var tried: Set<[Op]> = []
        var exhausted: Bool { attempts >= budget || ContinuousClock.now >= deadline }
        mutating func salt(_ tag: String) -> String {
            attempts += 1
            return "shr\(attempts)\(tag)"
        }
    }

    func fails(_ c: [Op], _ s: inout Search) async -> Bool {
        guard !c.isEmpty, !s.exhausted, s.tried.insert(c).inserted else { return false }
        guard await runner.isMeaningful(c) else {
            log?("meaningless \(c.map(\.id))")
            return false
        }
        for _ in 0...confirmations {
            let r = await runner.run(c, salt: s.salt("c"))
            guard let x = r.violation, x.rule == s.rule else {
                log?(
                    "passes \(c.map(\.id)) (\(r.violation?.rule.rawValue ?? "no violation"), unresolved \(r.unresolved))"
                )
                return false
            }
        }
        log?("FAILS \(c.map(\.id))")
        s.accepted.append(c)
        return true
    }

    /// The steps the last one depends on through shared devices, accounts and symbols.
    static func slice(_ ops: [Op]) -> [Op] {
        guard let last = ops.last else { return ops }
        var devices: Set<DeviceRef> = []
        var accounts: Set<AccountRef> = []
        var symbols: Set<Sym> = []
        func absorb(_ op: Op) {
            if let d = op.action.device { devices.insert(d) }
            if let a = op.action.credential?.account { accounts.insert(a) }
            if case .loginGuest(let d, _) = op.action { accounts.insert(.guest(d)) }
            symbols.formUnion(op.action.references)
        }
        absorb(last)
        var keep = [last]
        for op in ops.dropLast().reversed() {
            let produces = Sym.Kind.allCases.contains { symbols.contains(Sym($0, op.id)) }
            let touches =
                op.action.device.map(devices.contains) ?? false
                || (op.action.credential?.account).map(accounts.contains) ?? false
                || op.action.references.contains(where: symbols.contains)
            if case .advanceClock = op.action {
                keep.append(op)
            } else if produces || touches {
                absorb(op)
                keep.append(op)
            }
        }
        return keep.reversed()
    }

    static func split(_ xs: [Op], _ n: Int) -> [[Op]] {
        let size = Int((Double(xs.count) / Double(n)).rounded(.up))
        return stride(from: 0, to: xs.count, by: max(1, size)).map { Array(xs[$0..<min(xs.count, $0 + size)]) }
    }
}
