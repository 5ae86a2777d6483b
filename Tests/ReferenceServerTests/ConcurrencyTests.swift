import Protocol
import Testing

@Suite("Concurrency: linearizable per IdP account and per TransferAccount", .timeLimit(.minutes(3)))
struct ConcurrencyTests {
    @Test("M2 under contention: 64 users mapping one account at once yield exactly one owner; 63 get 3302")
    func contendedMapping() async throws {
        try await withServer { server in
            let r = try await Scenarios.contendedMapping(server, account: "contended")
            #expect(r.codes.count == 64)
            #expect(r.winners.count == 1)
            #expect(r.codes.filter { $0 == .addMappingAlreadyMappedToOtherMember }.count == 63)
            #expect(r.owner == r.winners.first)
        }
    }

    @Test("T8 under contention: 64 simultaneous wrong passwords block exactly at the threshold")
    func contendedTransfer() async throws {
        try await withServer { server in
            let threshold = server.semantics.transferAccount.failThreshold
            let r = try await Scenarios.contendedTransfer(server)
            #expect(r.codes.filter { $0 == .transferAccountInvalidPassword }.count == threshold - 1)
            #expect(r.codes.filter { $0 == .transferAccountBlock }.count == 64 - (threshold - 1))
            #expect(r.failCounts.allSatisfy { $0 == threshold })
        }
    }
}
