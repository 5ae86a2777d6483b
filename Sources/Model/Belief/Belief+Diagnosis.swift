import Protocol

extension Belief {
    /// When an answer fits no outcome, looks for the earlier rule the server most plausibly
    /// broke: a token the model revoked (logout L5, new login L10, withdrawal W1…) that, had it
    /// stayed live, would explain the observed code. Returns that rule, or `nil`. Best effort: a
    /// revived state the model cannot evaluate (``ModelError``) explains nothing.
    package func diagnose(_ op: Op, _ window: ClockWindow, observed: ResultCode) -> RuleID? {
        let st = primary
        // Most recently revoked first (higher op ids are later).
        let revoked = st.tokens.filter { $0.value.revoked != nil }.sorted { $0.key > $1.key }
        for (t, tok) in revoked.prefix(8) {
            guard let rule = tok.revoked, rule != .L4 else { continue }
            var alt = st
            alt.tokens[t]?.revoked = nil
            if alt.devices[tok.device] == nil { alt.devices[tok.device] = t }
            let outcomes = (try? model.step(alt, op, window)) ?? []
            if outcomes.contains(where: { $0.code == observed }) { return rule }
        }
        return nil
    }
}
