import Protocol

/// A decoded answer as the oracle judges it.
package enum Observation: Hashable, Sendable {
    case client(ClientReplyBody)
    case tokenAuthentication(TokenAuthenticationResponse)
    case member(GetMemberResponse)
    case members(GetMembersResponse)
    case idPMembers(IdPMembersResponse)
    case ban(BanResponse)
    case validate(ValidateTransferAccountResponse)
    case empty(EmptyResponse)
    case clock(ClockResponse)
    case graceBan(GraceBanResponse)
    case idPProfile(IdPTokenAndProfileResponse)
    case withdrawHistories(WithdrawHistoriesResponse)

    package var header: ResponseHeader {
        switch self {
        case .client(let b): b.header
        case .tokenAuthentication(let b): b.header
        case .member(let b): b.header
        case .members(let b): b.header
        case .idPMembers(let b): b.header
        case .ban(let b): b.header
        case .validate(let b): b.header
        case .empty(let b): b.header
        case .clock(let b): b.header
        case .graceBan(let b): b.header
        case .idPProfile(let b): b.header
        case .withdrawHistories(let b): b.header
        }
    }
    package var code: ResultCode { header.resultCode }
    package var client: ClientReplyBody? { if case .client(let b) = self { b } else { nil } }
}

/// Why an answer does not fit an expected outcome.
package struct Mismatch: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    package var rule: RuleID
    /// The field that differs: `resultCode`, `member.authList`, …
    package var field: String
    package var expected: String
    package var observed: String
    package init(_ rule: RuleID, _ field: String, expected: String, observed: String) {
        self.rule = rule
        self.field = field
        self.expected = expected
        self.observed = observed
    }
    package var description: String { "\(rule): \(field): expected \(expected), observed \(observed)" }
}
