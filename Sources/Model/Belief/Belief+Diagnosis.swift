import Protocol

extension Belief {
    /// When an answer fits no outcome, looks for the earlier rule the server most plausibly
    /// broke: a token the model revoked (logout L5, new login L10, withdrawal W1…) that, had it
    /// stayed live, would explain the observed code, or an account it freed that, had it stayed
    /// mapped, would. Returns that rule, or `nil`. Best effort: a
    /// revived state the model cannot evaluate (``ModelError``) explains nothing.
    package func diagnose(_ op: Op, _ window: ClockWindow, observed: ResultCode) -> RuleID? {
        let st = primary
        // The step's own device first (its token, or its device's session, is the likeliest to
        // matter), then the others; within each the most recently issued first (higher op ids are
        // later), eight of each.
        let revoked = st.tokens.filter { $0.value.revoked != nil }.sorted { $0.key > $1.key }
        let device = op.action.device
        let candidates =
            Array(revoked.filter { $0.value.device == device }.prefix(8))
            + Array(revoked.filter { $0.value.device != device }.prefix(8))
        for (t, tok) in candidates {
            guard let rule = tok.revoked, rule != .L4 else { continue }
            var alt = st
            alt.tokens[t]?.revoked = nil
            alt.tokens[t]?.memberGone = false
            if alt.devices[tok.device] == nil { alt.devices[tok.device] = t }
            let outcomes = (try? model.step(alt, op, window)) ?? []
            if outcomes.contains(where: { $0.code == observed }) { return rule }
        }
        // An IdP account the model freed (withdrawal W1, a transfer T4, mapping from a guest M4…)
        // that, had it stayed mapped to someone, would explain the observed code (3302 where it
        // should have been free): the rule that freed it. A stand-in user holds it, since who held
        // it before does not matter to the code.
        for (account, rule) in st.freedBy.sorted(by: { $0.key < $1.key }).prefix(8) where st.owners[account] == nil {
            var alt = st
            alt.newUser(Self.formerOwner, account: account)
            let outcomes = (try? model.step(alt, op, window)) ?? []
            if outcomes.contains(where: { $0.code == observed }) { return rule }
        }
        return nil
    }

    /// The stand-in owner of a freed account in ``diagnose(_:_:observed:)`` (no step makes it).
    static let formerOwner = Sym(.user, Int.min / 2)
}
