import Fuzz
import Model
import Protocol
import Testing

@Suite("Look-up lists within the Server API's limits")
struct LookupListLimitTests {
    /// The E7 look-ups a player of a pool of `devices` devices and `accounts` accounts per IdP plans.
    static func lookups(devices: Int, accounts: Int, adversarial: Double) -> [[AccountRef]] {
        var config = FuzzConfiguration(seed: 11, runSalt: "limits")
        // As a run plan builds it: every player draws from the whole pool.
        config.sharedPool = SharedPool(devices: devices, accounts: accounts)
        config.devicesPerPlayer = devices
        config.accountsPerIdP = accounts
        config.weights = [.serverIdP: 1]
        config.adversarialShare = adversarial
        var player = Player(configuration: config, index: 0)
        var asked: [[AccountRef]] = []
        for _ in 0..<20_000 where asked.count < 60 {
            if case .serverIdP(_, let a) = player.next(now: 0).op.action { asked.append(a) }
        }
        return asked
    }

    @Test("a pool larger than one E7 call is looked up 300 ids at a time, a different sample each time")
    func sampledWithinLimit() {
        let asked = Self.lookups(devices: 512, accounts: 400, adversarial: 0)
        #expect(asked.count == 60)
        #expect(asked.allSatisfy { $0.count == ListLimits.lookup })
        #expect(asked.allSatisfy { Set($0).count == $0.count })
        #expect(Set(asked.filter { $0.first?.isGuest == true }.map { Set($0) }).count > 1)
    }

    @Test("a pool that fits one call is asked for whole, and an adversarial player may send the whole pool")
    func wholeWhenItFits() {
        let small = Self.lookups(devices: 8, accounts: 3, adversarial: 0)
        #expect(!small.isEmpty && small.allSatisfy { $0.count == 8 || $0.count == 3 })
        let adversarial = Self.lookups(devices: 512, accounts: 3, adversarial: 1)
        #expect(adversarial.contains { $0.count == 512 })
    }
}
