import Protocol

/// The body of a transfer login with a TransferAccount (docs/PROTOCOL.md §2.13).
package struct TransferLoginInput: Sendable {
    package var accountId: String
    package var accountPassword: String

    package init(_ r: ObjectReader?) {
        accountId = r?.string("accountId", required: true) ?? ""
        accountPassword = r?.string("accountPassword", required: true) ?? ""
    }
}
