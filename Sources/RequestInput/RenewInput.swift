import Protocol

/// The body of a TransferAccount renew (docs/PROTOCOL.md §2.12).
package struct RenewInput: Sendable {
    package var mode: String
    package var target: String?
    package var accountId: String?
    package var accountPassword: String?

    package init(_ r: ObjectReader?) {
        mode = r?.oneOf("renewalModeType", ["AUTO", "MANUAL"], required: true) ?? ""
        target = r?.oneOf("renewalTargetType", ["PASSWORD", "ID_PASSWORD"], required: mode == "AUTO")
        accountId = r?.string("accountId", required: mode == "MANUAL")
        accountPassword = r?.string("accountPassword", required: mode == "MANUAL")
    }
}
