import Protocol

/// The kinds of operation the harness issues, with their stable report names.
package enum OperationKind: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case loginGuest = "login.guest"
    case loginIdP = "login.idp"
    case loginToken = "login.token"
    case loginChange = "login.change"
    case logout = "logout"
    case memberGet = "member.get"
    case mappingList = "mapping.list"
    case mappingAdd = "mapping.add"
    case mappingForcibly = "mapping.forcibly"
    case mappingRemove = "mapping.remove"
    case withdraw = "withdraw"
    case withdrawTemporary = "withdraw.temporary"
    case withdrawCancel = "withdraw.cancel"
    case transferIssue = "transfer.issue"
    case transferQuery = "transfer.query"
    case transferRenew = "transfer.renew"
    case transferLogin = "transfer.login"
    case transferKeyIssue = "transferkey.issue"
    case transferKeyLogin = "transferkey.login"
    case serverToken = "server.token"
    case serverMember = "server.member"
    case serverMembers = "server.members"
    case serverIdP = "server.idp"
    case serverBan = "server.ban"
    case serverRelease = "server.release"
    case serverValidate = "server.validate"
    case serverWithdraw = "server.withdraw"
    case testAdvance = "test.advance"
    case testGraceBan = "test.graceban"

    package static func < (a: OperationKind, b: OperationKind) -> Bool { a.rawValue < b.rawValue }

    /// Needs the Server API (`X-Secret-Key`).
    package var needsServerAPI: Bool { rawValue.hasPrefix("server.") }
    /// Needs test control.
    package var needsTestControl: Bool { rawValue.hasPrefix("test.") }
}
