import Model

/// A shared identity a player's next operation must touch: what a synchronized burst aims k
/// players at, so their operations meet on one device, one IdP account, one TransferAccount or
/// one user's sessions.
package enum Focus: Hashable, Sendable, CustomStringConvertible {
    case device(DeviceRef)
    case account(AccountRef)
    /// A TransferAccount some player was issued: its id and password symbols and their values.
    case transferAccount(id: Sym, password: Sym, values: [Sym: String])
    /// A user some player holds a session of (its userId), by the pool IdP accounts it holds: a
    /// member first logs in with one of them, then acts in that session, so several sessions of
    /// one user act at once (removing each other's IdP, adding two of one type, withdrawing).
    case user(id: String, accounts: [AccountRef])

    package var description: String {
        switch self {
        case .device(let d): "device \(d)"
        case .account(let a): "account \(a)"
        case .transferAccount(let id, _, _): "TransferAccount \(id)"
        case .user(let id, _): "user \(id)"
        }
    }

    /// The focused user's userId; `nil` for other targets.
    package var userId: String? {
        if case .user(let id, _) = self { return id }
        return nil
    }

    /// The pool accounts a burst at a user logs in with; empty for other targets.
    package var userAccounts: [AccountRef] {
        if case .user(_, let accounts) = self { return accounts }
        return []
    }

    /// Values the focus knows that the player's own view may not (another player's credentials).
    var values: [Sym: String] {
        if case .transferAccount(_, _, let v) = self { return v }
        return [:]
    }
}
