import Basics
import Model

/// What a burst can aim at in a shared world, and which operations meet there: a pooled IdP
/// account (first logins, mappings, forced mappings), a pooled device (logins and logouts on one
/// device), or a TransferAccount some player was issued (logins with wrong passwords: the
/// brute-force counter). Kinds are drawn by the profile's weights; a kind the target lacks the
/// capability for has weight zero.
package struct BurstTargets: Sendable {
    package let configuration: FuzzConfiguration

    package init(configuration: FuzzConfiguration) { self.configuration = configuration }

    static let accountKinds: [OperationKind] = [.loginIdP, .mappingAdd, .mappingForcibly, .loginChange, .serverIdP]
    static let deviceKinds: [OperationKind] = [
        .loginGuest, .loginIdP, .loginToken, .logout, .transferLogin, .transferKeyLogin, .mappingAdd,
    ]
    static let transferKinds: [OperationKind] = [.transferLogin, .serverValidate]

    /// A target and the kind of operation the burst's members should prefer.
    func draw(_ rng: inout SplitMix64, transferAccounts: [Focus]) -> (Focus, OperationKind) {
        let pool = configuration.sharedPool ?? SharedPool(devices: 1, accounts: 1)
        let roll = rng.nextUnit()
        if roll < 0.25, !transferAccounts.isEmpty {
            let focus = transferAccounts[Int(rng.next() % UInt64(transferAccounts.count))]
            return (focus, kind(Self.transferKinds, &rng) ?? .transferLogin)
        }
        if roll < 0.5 || configuration.idPCodes.isEmpty {
            let device = DeviceRef(Int(rng.next() % UInt64(max(1, pool.devices))))
            return (.device(device), kind(Self.deviceKinds, &rng) ?? .loginGuest)
        }
        let code = configuration.idPCodes[Int(rng.next() % UInt64(configuration.idPCodes.count))]
        let account = AccountRef(code, 1 + Int(rng.next() % UInt64(max(1, pool.accounts))))
        return (.account(account), kind(Self.accountKinds, &rng) ?? .loginIdP)
    }

    private func kind(_ kinds: [OperationKind], _ rng: inout SplitMix64) -> OperationKind? {
        let weights = kinds.map { configuration.weight($0) }
        let total = weights.reduce(0, +)
        guard total > 0 else { return nil }
        var x = rng.nextUnit() * total
        for (k, w) in zip(kinds, weights) {
            if x < w { return k }
            x -= w
        }
        return kinds.last
    }
}
