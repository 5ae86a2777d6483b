import Protocol
import Testing

/// The two 64-way concurrent scenarios shared by the concurrency and race-bug tests.
enum Scenarios {
    /// 64 different users add-map the same IdP account at once. Returns the result codes, the
    /// users that succeeded and E7's owner afterwards.
    static func contendedMapping(_ server: TestServer, account: String, users: Int = 64) async throws
        -> (codes: [ResultCode], winners: [String], owner: String?)
    {
        var sessions: [Session] = []
        for _ in 0..<users { sessions.append(try await server.guest()) }
        let results = try await withThrowingTaskGroup(of: (ResultCode, String).self) { group in
            for s in sessions {
                group.addTask { (try await server.addMapping(s, .google, account).resultCode, s.userId) }
            }
            var out: [(ResultCode, String)] = []
            for try await r in group { out.append(r) }
            return out
        }
        let owner = try await server.owner(.google, account)
        return (results.map(\.0), results.filter { $0.0 == .success }.map(\.1), owner)
    }

    /// `attempts` simultaneous wrong-password transfer logins against one TransferAccount.
    /// Returns the result codes and every failCount the 3042 answers reported.
    static func contendedTransfer(_ server: TestServer, attempts: Int = 64) async throws
        -> (codes: [ResultCode], failCounts: [Int])
    {
        let issuer = try await server.guest()
        let (id, _) = try await server.issueTransferAccount(issuer)
        let replies = try await withThrowingTaskGroup(of: ClientReply.self) { group in
            for _ in 0..<attempts {
                group.addTask {
                    try await server.client.transferAccountLogin(
                        device: newDevice("t"),
                        TransferAccountLoginRequest(accountId: id, accountPassword: "wrong-password")
                    )
                }
            }
            var out: [ClientReply] = []
            for try await r in group { out.append(r) }
            return out
        }
        return (replies.map(\.resultCode), replies.compactMap { $0.body.failTransferAccount?.failCount })
    }
}
