import Protocol

extension Observation {
    /// The answer with its transaction id blanked: what the model can read of it. Two answers equal
    /// here say the same thing (the transaction id only pairs a response with its request).
    package var withoutTransactionId: Observation {
        switch self {
        case .client(let b): Self.blanked(b, \.header, Observation.client)
        case .tokenAuthentication(let b): Self.blanked(b, \.header, Observation.tokenAuthentication)
        case .member(let b): Self.blanked(b, \.header, Observation.member)
        case .members(let b): Self.blanked(b, \.header, Observation.members)
        case .idPMembers(let b): Self.blanked(b, \.header, Observation.idPMembers)
        case .ban(let b): Self.blanked(b, \.header, Observation.ban)
        case .validate(let b): Self.blanked(b, \.header, Observation.validate)
        case .empty(let b): Self.blanked(b, \.header, Observation.empty)
        case .clock(let b): Self.blanked(b, \.header, Observation.clock)
        case .graceBan(let b): Self.blanked(b, \.header, Observation.graceBan)
        case .idPProfile(let b): Self.blanked(b, \.header, Observation.idPProfile)
        case .withdrawHistories(let b): Self.blanked(b, \.header, Observation.withdrawHistories)
        }
    }

    private static func blanked<Body>(
        _ body: Body,
        _ header: WritableKeyPath<Body, ResponseHeader>,
        _ wrap: (Body) -> Observation
    ) -> Observation {
        var b = body
        b[keyPath: header].transactionId = ""
        return wrap(b)
    }
}
