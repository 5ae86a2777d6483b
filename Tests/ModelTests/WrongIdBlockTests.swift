import Model
import Protocol
import Testing

/// T15: with `transferAccount.wrongIds: perDevice`, unknown transfer ids count against the device.
@Suite("Unknown transfer ids counted per device (T15)")
struct WrongIdBlockTests {
    typealias S = Sim
    static let unknown = TransferCredentials(id: .wrong, password: .wrong)

    static func perDevice(threshold: Int = 3, blockSeconds: Int64? = 300) -> Semantics {
        var sem = Semantics()
        sem.transferAccount.wrongIds = .perDevice
        sem.transferAccount.failThreshold = threshold
        sem.transferAccount.blockSeconds = blockSeconds
        return sem
    }

    @Test("The N-th consecutive unknown id from a device blocks it; even right credentials get 3042 until the end")
    func blocksTheDevice() {
        var sim = Sim(Self.perDevice())
        let (_, i) = TransferRuleTests.guestWithAccount(&sim)
        for _ in 0..<2 {
            sim.expect(.transferAccountInvalidID, .transferLogin(device: S.d1, credentials: Self.unknown), rule: .T15)
        }
        let o = sim.run(.transferLogin(device: S.d1, credentials: Self.unknown))
        #expect(o.code == .transferAccountBlock && o.expectations == [.deviceFailInfo(device: S.d1, failCount: 3)])
        sim.expect(
            .transferAccountBlock,
            .transferLogin(device: S.d1, credentials: TransferRuleTests.creds(i)),
            rule: .T15
        )
        // Another device is not blocked, and the account itself counts nothing.
        sim.expect(.transferAccountInvalidID, .transferLogin(device: S.d2, credentials: Self.unknown), rule: .T15)
        sim.advance(seconds: 299)
        sim.expect(.transferAccountBlock, .transferLogin(device: S.d1, credentials: Self.unknown))
        sim.advance(seconds: 1)
        // The block ended with its count: two unknown ids do not block again.
        for _ in 0..<2 {
            sim.expect(.transferAccountInvalidID, .transferLogin(device: S.d1, credentials: Self.unknown))
        }
        sim.expect(.success, .transferLogin(device: S.d1, credentials: TransferRuleTests.creds(i)))
    }

    @Test("A password that matches resets the device's count; wrong passwords do not add to it")
    func rightPasswordResets() {
        var sim = Sim(Self.perDevice())
        let (_, i) = TransferRuleTests.guestWithAccount(&sim)
        for _ in 0..<2 {
            sim.expect(.transferAccountInvalidID, .transferLogin(device: S.d1, credentials: Self.unknown))
        }
        sim.expect(
            .transferAccountInvalidPassword,
            .transferLogin(device: S.d1, credentials: TransferRuleTests.creds(i, wrongPassword: true)),
            rule: .T8
        )
        // Still two: one more unknown id blocks.
        sim.expect(.transferAccountBlock, .transferLogin(device: S.d1, credentials: Self.unknown), rule: .T15)
        var reset = Sim(Self.perDevice())
        let (_, j) = TransferRuleTests.guestWithAccount(&reset)
        for _ in 0..<2 {
            reset.expect(.transferAccountInvalidID, .transferLogin(device: S.d1, credentials: Self.unknown))
        }
        // The holder's own device: the password matches (count reset), then 8.
        reset.expect(.sameRequestor, .transferLogin(device: S.d0, credentials: TransferRuleTests.creds(j)))
        reset.expect(.success, .transferLogin(device: S.d1, credentials: TransferRuleTests.creds(j)))
        #expect(reset.state.wrongIdDevices[S.d1] == nil)
    }

    @Test("With wrongIds ignored (the default) unknown ids never block")
    func ignoredNeverBlocks() {
        var sem = Semantics()
        sem.transferAccount.failThreshold = 2
        var sim = Sim(sem)
        for _ in 0..<5 {
            sim.expect(.transferAccountInvalidID, .transferLogin(device: S.d1, credentials: Self.unknown), rule: .T8)
        }
        #expect(sim.state.wrongIdDevices.isEmpty)
    }

    @Test("With blockSeconds null a device's block never ends")
    func permanent() {
        var sim = Sim(Self.perDevice(threshold: 1, blockSeconds: nil))
        sim.expect(.transferAccountBlock, .transferLogin(device: S.d1, credentials: Self.unknown))
        sim.advance(seconds: 86_400 * 365)
        sim.expect(.transferAccountBlock, .transferLogin(device: S.d1, credentials: Self.unknown))
    }
}
