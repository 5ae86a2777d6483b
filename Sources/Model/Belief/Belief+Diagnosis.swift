import Protocol

extension Belief {
    /// When an answer fits no outcome, looks for the earlier rule the server most plausibly
    /// broke: a token the model revoked (logout L5, new login L10, withdrawal W1…) that, had it
    /// stayed live, would explain the observed code. Returns that rule, or `nil`.
    package func diagnose(_ op: Op, _ window: ClockWindow, observed: ResultCode) -> RuleID? {
        let st = primary
        // Most recently revoked first (higher op ids are later).
        let revoked = st.tokens.filter { $0.value.revoked != nil }.keys.sorted(by: >)
        for t in revoked.prefix(8) {
            var alt = st
            let tok = alt.tokens[t]!
            guard let rule = tok.revoked, rule != .L4 else { continue }
            alt.tokens[t]!.revoked = nil
            if alt.devices[tok.device] == nil { alt.devices[tok.device] = t }
            if model.step(alt, op, window).contains(where: { $0.code == observed }) { return rule }
        }
        return nil
    }
}
