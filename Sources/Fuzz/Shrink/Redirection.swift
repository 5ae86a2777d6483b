import Model

/// Points a reference at an earlier producer of the same kind (a token at an earlier token of the
/// session, moving the step to that token's device because of L11; a renewed TransferAccount
/// id/password pair at the issued one, a harness-chosen pair at a server-generated one and back),
/// so the stale producer and the steps that made the earlier one stale can go. Greedy, last step
/// first.
package struct Redirection: ShrinkPass {
    /// Steps after the new producer deleted together with a redirect: blocks of 1…3.
    package static let longestGap = 3

    package init() {}
    package var name: String { "redirect" }

    /// For each step from the last, each symbol it refers to, each earlier step (latest first): the
    /// redirect's candidates (``candidates(_:redirecting:to:)``). Lazy: there can be many.
    package func candidates(_ current: [Op]) -> some Sequence<[Op]> {
        current.indices.reversed().lazy.flatMap { i in
            Set(current[i].action.references).sorted().lazy.flatMap { r in
                current[..<i].map(\.id).filter { $0 > 0 && $0 < r.op }.sorted(by: >).lazy.flatMap { e in
                    Self.origins(of: r).lazy.flatMap { Self.candidates(current, redirecting: r, to: e, chosen: $0) }
                }
            }
        }
    }

    /// The origins a redirect of `r` may give it: its own kind (`nil`), then, for a TransferAccount
    /// id or password, the twin of the other origin (a manual renew's chosen id at an issue's
    /// generated one). A candidate whose new producer made no such value is dropped by the precheck.
    package static func origins(of r: Sym) -> [Bool?] {
        r.kind.hasChosenTwin ? [nil, !r.kind.isChosen] : [nil]
    }

    /// Every step's references moving with `r` pointed at step `e`'s values (of the origin `chosen`
    /// names, if given); a step that presents a redirected token also moves to `e`'s device (L11).
    package static func redirect(_ current: [Op], _ r: Sym, to e: Int, chosen: Bool? = nil) -> [Op] {
        let device = r.kind == .token ? current.first { $0.id == e }?.action.device : nil
        return current.map { op in
            var op = op
            op.action = op.action.redirecting(r, to: e, chosen: chosen, device: device)
            return op
        }
    }

    /// The candidates of one redirect, in order: without the old producer when nothing refers to it
    /// any more (it is what made the reference stale), then that with 1…3 consecutive steps after
    /// `e` deleted too (what invalidated `e`'s value), then the redirected sequence alone. Empty
    /// when the redirect changes nothing.
    package static func candidates(_ current: [Op], redirecting r: Sym, to e: Int, chosen: Bool? = nil) -> [[Op]] {
        let c = redirect(current, r, to: e, chosen: chosen)
        guard c != current else { return [] }
        let orphan = c.filter { $0.id != r.op }
        guard orphan.count < c.count, !orphan.contains(where: { $0.action.references.contains { $0.op == r.op } })
        else { return [c] }
        var out = [orphan]
        if let from = orphan.firstIndex(where: { $0.id == e }) {
            let to = orphan.count - 1
            for k in 1...longestGap where from + 1 + k <= to {
                for a in (from + 1)...(to - k) { out.append(Array(orphan[..<a] + orphan[(a + k)...])) }
            }
        }
        return out + [c]
    }
}
