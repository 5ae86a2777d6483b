import Protocol

extension Identities {
    /// A value of `sym`'s kind that no server issued and no other symbol of this salt has: well
    /// formed, so a target answers it as unknown (what the model predicts for a value it never
    /// bound), not as malformed. Replays send it for a value they did not learn.
    package func unissued(_ sym: Sym, semantics: Semantics) -> String {
        let purpose = "unissued-\(sym)"
        switch sym.kind {
        case .user: return unknownUser(op: sym.op, index: -1)
        case .token: return garbageToken(op: -sym.op - 1)
        case .ticket: return garbageForcingKey(op: -sym.op - 1)
        case .transferKey: return garbageTransferKey(op: -sym.op - 1)
        case .transferId, .chosenId:
            let f = semantics.transferAccount.idFormat
            return chosen(f == .disabled ? .digitsLowerUpper : f, purpose, op: sym.op)
        case .transferPassword, .chosenPassword, .transferAccount:
            let f = semantics.transferAccount.passwordFormat
            return chosen(f == .disabled ? .digitsLowerUpper : f, purpose, op: sym.op)
        }
    }
}
