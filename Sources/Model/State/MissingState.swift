import Protocol

/// An entry the model state should hold and does not: a symbol bound in one place (a session's
/// user, a user's TransferAccount, a ticket the answer names) whose entity, or one of its fields,
/// is missing where the model looks it up. It means the model is inconsistent — a harness bug,
/// never a finding about the target. The look-ups of ``ModelState`` throw it; the step and the
/// matcher wrap it in a ``HarnessError`` naming the operation.
package struct MissingState: Error, Hashable, Sendable, CustomStringConvertible {
    /// The symbol whose entity (or field) is missing.
    package var symbol: Sym
    /// The missing field of that entity (`temporaryWithdrawal`, `graceBan`…); `nil`: the entity.
    package var field: String?

    package init(_ symbol: Sym, field: String? = nil) {
        self.symbol = symbol
        self.field = field
    }

    /// `no user U7 in the model state`, `no graceBan of user U7 in the model state`.
    package var description: String {
        let entity = "\(Self.noun(symbol.kind)) \(symbol)"
        return "no \(field.map { "\($0) of \(entity)" } ?? entity) in the model state"
    }

    static func noun(_ kind: Sym.Kind) -> String {
        switch kind {
        case .user: "user"
        case .token: "token"
        case .ticket: "forcing ticket"
        case .transferAccount: "TransferAccount"
        case .transferId, .chosenId: "TransferAccount id"
        case .transferPassword, .chosenPassword: "TransferAccount password"
        case .transferKey: "TransferKey"
        }
    }
}
