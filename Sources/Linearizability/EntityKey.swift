/// Something an operation reads or writes in the server's state, named by a concrete value: the
/// unit of partitioning. Two entries that share a key land in the same partition.
package struct EntityKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package enum Kind: String, Hashable, Comparable, Sendable {
        /// A device id (its session).
        case device
        /// An IdP account, `code:idPId` (guest: the device holding the key).
        case account
        case user
        /// A Gamebase access token.
        case token
        /// A forcing-mapping key.
        case ticket
        /// A TransferAccount id.
        case transferId = "transfer-id"
        /// A legacy TransferKey.
        case transferKey = "transfer-key"
        /// The values operation N produced (its symbols `U<N>`, `T<N>`, …), named before they are seen.
        case op
        /// The server clock.
        case clock

        package static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    package var kind: Kind
    package var value: String

    package init(_ kind: Kind, _ value: String) {
        self.kind = kind
        self.value = value
    }

    package static let clock = EntityKey(.clock, "")

    package static func < (a: EntityKey, b: EntityKey) -> Bool { (a.kind, a.value) < (b.kind, b.value) }

    /// `device:r1.d3`, `account:google:r1.google.1`, `user:ABCD…`, `op:1042`, `clock`.
    package var description: String { kind == .clock ? "clock" : "\(kind.rawValue):\(value)" }
}
