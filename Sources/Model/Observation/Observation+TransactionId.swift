import Protocol

extension Observation {
    /// The answer with its transaction id blanked: what the model can read of it. Two answers equal
    /// here say the same thing (the transaction id only pairs a response with its request).
    package var withoutTransactionId: Observation {
        switch self {
        case .client(var b):
            b.header.transactionId = ""
            return .client(b)
        case .tokenAuthentication(var b):
            b.header.transactionId = ""
            return .tokenAuthentication(b)
        case .member(var b):
            b.header.transactionId = ""
            return .member(b)
        case .members(var b):
            b.header.transactionId = ""
            return .members(b)
        case .idPMembers(var b):
            b.header.transactionId = ""
            return .idPMembers(b)
        case .ban(var b):
            b.header.transactionId = ""
            return .ban(b)
        case .validate(var b):
            b.header.transactionId = ""
            return .validate(b)
        case .empty(var b):
            b.header.transactionId = ""
            return .empty(b)
        case .clock(var b):
            b.header.transactionId = ""
            return .clock(b)
        case .graceBan(var b):
            b.header.transactionId = ""
            return .graceBan(b)
        }
    }
}
