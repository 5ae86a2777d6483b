import Config

/// A deliberate defect the reference server can be started with (`gbfuzz serve --bug NAME`), so
/// the harness can show that it finds it. Each breaks exactly one rule of docs/PROTOCOL.md §6, the
/// way real backends break it. All are off by default.
package enum ServerBug: String, CaseIterable, Sendable, Hashable, Codable {
    case guestKeptAfterMapping = "guest-kept-after-mapping"
    case sameIdPTwice = "same-idp-twice"
    case removeLastIdP = "remove-last-idp"
    case ticketReusable = "ticket-reusable"
    case tokenSurvivesLogout = "token-survives-logout"
    case withdrawKeepsMappings = "withdraw-keeps-mappings"
    case tempWithdrawTwice = "temp-withdraw-twice"
    case transferNoBlock = "transfer-no-block"
    case transferSameDevice = "transfer-same-device"
    case bannedTokenLogin = "banned-token-login"
    case forgedIdPToken = "forged-idp-token"
    case graceNeverReleased = "grace-never-released"
    case idPCredentialLostOnMapping = "idp-credential-lost-on-mapping"
    case graceWithdrawalDatedLate = "grace-withdrawal-dated-late"
    case raceMapping = "race-mapping"
    case raceTransferFailCount = "race-transfer-failcount"
    case raceFirstLogin = "race-first-login"
    case raceRemoveMapping = "race-remove-mapping"
    case logoutLostUnderLoad = "logout-lost-under-load"

    /// The rule id (docs/PROTOCOL.md §6) the bug breaks.
    package var rule: String {
        switch self {
        case .guestKeptAfterMapping: "M4"
        case .sameIdPTwice: "M1"
        case .removeLastIdP: "M6"
        case .ticketReusable: "M8"
        case .tokenSurvivesLogout: "L5"
        case .withdrawKeepsMappings: "W1"
        case .tempWithdrawTwice: "W4"
        case .transferNoBlock: "T8"
        case .transferSameDevice: "T5"
        case .bannedTokenLogin: "B1"
        case .forgedIdPToken: "F1"
        case .graceNeverReleased: "B6"
        case .idPCredentialLostOnMapping: "L15"
        case .graceWithdrawalDatedLate: "W2"
        case .raceMapping: "M2"
        case .raceTransferFailCount: "T8"
        case .raceFirstLogin: "M3"
        case .raceRemoveMapping: "M6"
        case .logoutLostUnderLoad: "L5"
        }
    }

    /// One line saying what goes wrong.
    package var summary: String {
        switch self {
        case .guestKeptAfterMapping: "mapping from a guest account keeps the guest entry"
        case .sameIdPTwice:
            "the 3303 check (and its UNIQUE index) is missing: a second account of one IdP type is added"
        case .removeLastIdP: "a lone mapping is never protected (3402 and 3403 skipped): the last IdP can be removed"
        case .ticketReusable: "a used forcing ticket is not marked used"
        case .tokenSurvivesLogout: "logout answers success but the token stays live"
        case .withdrawKeepsMappings: "withdraw leaves the IdP mappings in place"
        case .tempWithdrawTwice: "a second temporary-withdrawal request succeeds and restarts the grace period"
        case .transferNoBlock: "wrong TransferAccount passwords never block"
        case .transferSameDevice: "a transfer to the device that holds the account succeeds"
        case .bannedTokenLogin: "token login ignores bans"
        case .forgedIdPToken: "IdP token signatures are not checked"
        case .graceNeverReleased: "payments are counted but meeting a grace ban's release conditions never ends it"
        case .idPCredentialLostOnMapping:
            "a guest session that a mapping moves to the IdP keeps no IdP token: E16 answers -4040204"
        case .graceWithdrawalDatedLate:
            "a withdrawal at the grace period's end (WAGE) is dated when the server next notices it, not at the gracePeriodDate"
        case .raceMapping: "add mapping checks ownership and writes in separate transactions, without the UNIQUE index"
        case .raceTransferFailCount:
            "the transfer fail counter is read, then written back as read+1 later (lost update)"
        case .raceFirstLogin:
            "IdP login looks up the owner and creates the user in separate transactions, without the UNIQUE index"
        case .raceRemoveMapping:
            "remove mapping checks 3401/3402/3403 and deletes in separate transactions (authList can empty)"
        case .logoutLostUnderLoad:
            "above \(Self.overloadRate) requests a second, logout answers success but the token stays live (a revocation queue that sheds under load)"
        }
    }

    /// Whether only a load above ``overloadRate`` requests a second reveals the bug (`gbfuzz
    /// sweep` finds the rate where it starts).
    package var isLoadDependent: Bool { self == .logoutLostUnderLoad }

    /// The request rate above which a load-dependent bug shows.
    package static let overloadRate = 300

    /// Whether one player alone, at any load, reveals the bug (neither a race nor load-dependent).
    package var isSequential: Bool { !isRace && !isLoadDependent }

    /// Whether only concurrent requests reveal the bug.
    package var isRace: Bool {
        switch self {
        case .raceMapping, .raceTransferFailCount, .raceFirstLogin, .raceRemoveMapping: true
        default: false
        }
    }
}

/// The set of bugs a server runs with.
package struct BugSet: Sendable, Hashable {
    package var enabled: Set<ServerBug>
    package init(_ enabled: Set<ServerBug> = []) { self.enabled = enabled }
    package func has(_ bug: ServerBug) -> Bool { enabled.contains(bug) }
    /// Names in declaration order (stable for `GET …/bugs`).
    package var names: [String] { ServerBug.allCases.filter(enabled.contains).map(\.rawValue) }
}

extension BugSet {
    /// The one parser of bug-switch names (`--bug`, `--serve-bug`, `target.bugs`, a reproducer's
    /// `bugs`): an unknown name is an error naming it, where it came from and the known names.
    package init(names: [String], source: String) throws(ConfigError) {
        var bugs: Set<ServerBug> = []
        for name in names {
            guard let bug = ServerBug(rawValue: name) else {
                let hint =
                    YAMLWalker.suggestion(for: name, in: Set(ServerBug.allCases.map(\.rawValue)))
                    .map { " (did you mean \"\($0)\"?)" } ?? ""
                throw ConfigError(
                    .unknownBug,
                    file: source,
                    "unknown bug switch \"\(name)\"\(hint); known: "
                        + ServerBug.allCases.map(\.rawValue).joined(separator: ", ")
                )
            }
            bugs.insert(bug)
        }
        self.init(bugs)
    }
}
