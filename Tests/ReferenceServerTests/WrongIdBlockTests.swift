import Protocol
import Testing

/// T15 on the reference server: with `transferAccount.wrongIds: perDevice`, unknown transfer ids
/// count against the device that sends them.
@Suite("Unknown transfer ids counted per device (T15)", .timeLimit(.minutes(2)))
struct WrongIdBlockTests {
    func transfer(_ server: TestServer, _ device: String, _ id: String, _ password: String) async throws -> ClientReply
    {
        try await server.client.transferAccountLogin(
            device: device,
            TransferAccountLoginRequest(accountId: id, accountPassword: password)
        )
    }

    @Test("The N-th consecutive unknown id blocks the device, right credentials included, until blockEndDate")
    func blocksTheDevice() async throws {
        var semantics = Semantics()
        semantics.transferAccount.wrongIds = .perDevice
        semantics.transferAccount.failThreshold = 3
        try await withServer(semantics) { server in
            let s = try await server.guest()
            let (id, password) = try await server.issueTransferAccount(s)
            let d = newDevice()
            for n in 1...2 {
                #expect(try await transfer(server, d, "00000000000\(n)", "x").resultCode == .transferAccountInvalidID)
            }
            let blocked = try await transfer(server, d, "000000000003", "x")
            #expect(blocked.resultCode == .transferAccountBlock)
            let info = try #require(blocked.body.failTransferAccount)
            #expect(info.id == "000000000003" && info.status == "B" && info.failCount == 3 && info.appId == "gbfuzz")
            let clock = try #require(try await server.client.testClock().body.clock)
            #expect(abs(info.blockEndDate - (clock.now + 300_000)) < 5_000)
            #expect(try await transfer(server, d, id, password).resultCode == .transferAccountBlock)
            // Another device is free; the account counted nothing.
            #expect(
                try await transfer(server, newDevice(), "000000000004", "x").resultCode == .transferAccountInvalidID
            )
            try await server.advance(seconds: 300)
            for n in 5...6 {
                #expect(try await transfer(server, d, "00000000000\(n)", "x").resultCode == .transferAccountInvalidID)
            }
            // A matching password resets the device's count: two more unknown ids do not block.
            #expect(try await transfer(server, d, id, password).resultCode == .success)
            for n in 7...8 {
                #expect(try await transfer(server, d, "00000000000\(n)", "x").resultCode == .transferAccountInvalidID)
            }
        }
    }

    @Test("With wrongIds ignored (the default) unknown ids never block a device")
    func ignoredNeverBlocks() async throws {
        var semantics = Semantics()
        semantics.transferAccount.failThreshold = 2
        try await withServer(semantics) { (server: TestServer) async throws in
            let d = newDevice()
            for n in 1...5 {
                #expect(try await transfer(server, d, "00000000000\(n)", "x").resultCode == .transferAccountInvalidID)
            }
        }
    }
}
