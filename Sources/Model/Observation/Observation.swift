import Protocol

/// A decoded answer as the oracle judges it.
public enum Observation: Sendable {
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

    public var header: ResponseHeader {
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
        }
    }
    public var code: ResultCode { header.resultCode }
    public var client: ClientReplyBody? { if case .client(let b) = self { b } else { nil } }
}

/// Why an answer does not fit an expected outcome.
public struct Mismatch: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rule: RuleID
    /// The field that differs: `resultCode`, `member.authList`, …
    public var field: String
    public var expected: String
    public var observed: String
    public init(_ rule: RuleID, _ field: String, expected: String, observed: String) {
        self.rule = rule
        self.field = field
        self.expected = expected
        self.observed = observed
    }
    public var description: String { "\(rule): \(field): expected \(expected), observed \(observed)" }
}
