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
    case testPayment = "test.payment"
    case serverProfile = "server.profile"
    case serverWithdrawals = "server.withdrawals"

    package static func < (a: OperationKind, b: OperationKind) -> Bool { a.rawValue < b.rawValue }

    /// Compared and hashed by case: a raw-valued enum otherwise gets `RawRepresentable`'s
    /// comparison and hashing of its string, which every look-up keyed by a kind paid (the
    /// generator's weights, `perf`).
    package static func == (a: OperationKind, b: OperationKind) -> Bool { a.ordinal == b.ordinal }
    package func hash(into h: inout Hasher) { h.combine(ordinal) }

    /// The case's position in the declaration (`allCases` order).
    private var ordinal: UInt8 {
        switch self {
        case .loginGuest: 0
        case .loginIdP: 1
        case .loginToken: 2
        case .loginChange: 3
        case .logout: 4
        case .memberGet: 5
        case .mappingList: 6
        case .mappingAdd: 7
        case .mappingForcibly: 8
        case .mappingRemove: 9
        case .withdraw: 10
        case .withdrawTemporary: 11
        case .withdrawCancel: 12
        case .transferIssue: 13
        case .transferQuery: 14
        case .transferRenew: 15
        case .transferLogin: 16
        case .transferKeyIssue: 17
        case .transferKeyLogin: 18
        case .serverToken: 19
        case .serverMember: 20
        case .serverMembers: 21
        case .serverIdP: 22
        case .serverBan: 23
        case .serverRelease: 24
        case .serverValidate: 25
        case .serverWithdraw: 26
        case .testAdvance: 27
        case .testGraceBan: 28
        case .testPayment: 29
        case .serverProfile: 30
        case .serverWithdrawals: 31
        }
    }

    /// Needs the Server API (`X-Secret-Key`).
    package var needsServerAPI: Bool {
        switch self {
        case .serverToken, .serverMember, .serverMembers, .serverIdP, .serverBan, .serverRelease, .serverValidate,
            .serverWithdraw, .serverProfile, .serverWithdrawals:
            true
        default: false
        }
    }
    /// Needs test control.
    package var needsTestControl: Bool { self == .testAdvance || self == .testGraceBan || self == .testPayment }
}
