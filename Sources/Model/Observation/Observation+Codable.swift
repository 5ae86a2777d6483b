import Protocol

/// A tagged representation, so a recorded answer (a history's `answer`) says which shape it has:
/// `{"kind":"client","body":{…}}`. The body is the answer as the wire decodes it.
extension Observation: Codable {
    /// The tag of each case, as written.
    package enum Kind: String, Codable, CaseIterable, Sendable {
        case client, tokenAuthentication, member, members, idPMembers, ban, validate, empty, clock, graceBan,
            idPProfile,
            withdrawHistories
    }

    private enum CodingKeys: String, CodingKey {
        case kind, body
    }

    package var kind: Kind {
        switch self {
        case .client: .client
        case .tokenAuthentication: .tokenAuthentication
        case .member: .member
        case .members: .members
        case .idPMembers: .idPMembers
        case .ban: .ban
        case .validate: .validate
        case .empty: .empty
        case .clock: .clock
        case .graceBan: .graceBan
        case .idPProfile: .idPProfile
        case .withdrawHistories: .withdrawHistories
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let tag = try c.decode(String.self, forKey: .kind)
        guard let kind = Kind(rawValue: tag) else {
            let known = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .kind,
                in: c,
                debugDescription: "unknown answer kind \"\(tag)\" (one of \(known))"
            )
        }
        switch kind {
        case .client: self = .client(try c.decode(ClientReplyBody.self, forKey: .body))
        case .tokenAuthentication:
            self = .tokenAuthentication(try c.decode(TokenAuthenticationResponse.self, forKey: .body))
        case .member: self = .member(try c.decode(GetMemberResponse.self, forKey: .body))
        case .members: self = .members(try c.decode(GetMembersResponse.self, forKey: .body))
        case .idPMembers: self = .idPMembers(try c.decode(IdPMembersResponse.self, forKey: .body))
        case .ban: self = .ban(try c.decode(BanResponse.self, forKey: .body))
        case .validate: self = .validate(try c.decode(ValidateTransferAccountResponse.self, forKey: .body))
        case .empty: self = .empty(try c.decode(EmptyResponse.self, forKey: .body))
        case .clock: self = .clock(try c.decode(ClockResponse.self, forKey: .body))
        case .graceBan: self = .graceBan(try c.decode(GraceBanResponse.self, forKey: .body))
        case .idPProfile: self = .idPProfile(try c.decode(IdPTokenAndProfileResponse.self, forKey: .body))
        case .withdrawHistories:
            self = .withdrawHistories(try c.decode(WithdrawHistoriesResponse.self, forKey: .body))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        switch self {
        case .client(let b): try c.encode(b, forKey: .body)
        case .tokenAuthentication(let b): try c.encode(b, forKey: .body)
        case .member(let b): try c.encode(b, forKey: .body)
        case .members(let b): try c.encode(b, forKey: .body)
        case .idPMembers(let b): try c.encode(b, forKey: .body)
        case .ban(let b): try c.encode(b, forKey: .body)
        case .validate(let b): try c.encode(b, forKey: .body)
        case .empty(let b): try c.encode(b, forKey: .body)
        case .clock(let b): try c.encode(b, forKey: .body)
        case .graceBan(let b): try c.encode(b, forKey: .body)
        case .idPProfile(let b): try c.encode(b, forKey: .body)
        case .withdrawHistories(let b): try c.encode(b, forKey: .body)
        }
    }
}
