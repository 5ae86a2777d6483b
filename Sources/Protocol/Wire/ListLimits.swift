/// The longest lists the Server API takes (docs/PROTOCOL.md §3): a longer one is -4000008
/// PARAMETER_TOO_LONG (§1.3, row 11). The reference server enforces them, the model predicts them
/// and the generators keep their look-ups within them.
package enum ListLimits {
    /// E4 (`userId`s) and E7 (`idPId`s) per call.
    package static let lookup = 300
    /// E8 and E11 `userIdList`.
    package static let userIdList = 10_000
}
