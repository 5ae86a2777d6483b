import Model

/// A shared identity a player's next operation must touch: what a synchronized burst aims k
/// players at, so their operations meet on one device, one IdP account or one TransferAccount.
package enum Focus: Hashable, Sendable, CustomStringConvertible {
    case device(DeviceRef)
    case account(AccountRef)
    /// A TransferAccount some player was issued: its id and password symbols and their values.
    case transferAccount(id: Sym, password: Sym, values: [Sym: String])

    package var description: String {
        switch self {
        case .device(let d): "device \(d)"
        case .account(let a): "account \(a)"
        case .transferAccount(let id, _, _): "TransferAccount \(id)"
        }
    }

    /// Values the focus knows that the player's own view may not (another player's credentials).
    var values: [Sym: String] {
        if case .transferAccount(_, _, let v) = self { return v }
        return [:]
    }
}
