import Basics
import Model

/// What a burst can aim at in a shared world, and which operations meet there: a pooled IdP
/// account (first logins, mappings, forced mappings), a pooled device (logins and logouts on one
/// device), a TransferAccount some player was issued (logins with wrong passwords: the brute-force
/// counter), or a user some player holds a session of (members log in with its IdP accounts
/// first, then remove, add, withdraw or log out at once in its sessions). Target kinds are drawn
/// by the profile's shares (``Shares``; one with nothing to aim at yet gives its draw to a device);
/// the operation kind among those that meet there by the profile's weights.
package struct BurstTargets: Sendable {
    /// How often each kind of target is drawn (relative weights). The default keeps users out:
    /// with `race.yaml`'s brute-force bursts, a fifth of the bursts at users left the clean
    /// server's histories undecided within 60 s (docs/PROFILES.md, "race").
    package struct Shares: Hashable, Sendable {
        package var account: Double
        package var device: Double
        package var transferAccount: Double
        package var user: Double

        package init(account: Double = 2, device: Double = 1, transferAccount: Double = 1, user: Double = 0) {
            self.account = account
            self.device = device
            self.transferAccount = transferAccount
            self.user = user
        }

        package var total: Double { account + device + transferAccount + user }
    }

    package let configuration: FuzzConfiguration

    package init(configuration: FuzzConfiguration) { self.configuration = configuration }

    static let accountKinds: [OperationKind] = [.loginIdP, .mappingAdd, .mappingForcibly, .loginChange, .serverIdP]
    static let deviceKinds: [OperationKind] = [
        .loginGuest, .loginIdP, .loginToken, .logout, .transferLogin, .transferKeyLogin, .mappingAdd,
    ]
    static let transferKinds: [OperationKind] = [.transferLogin, .serverValidate]
    static let userKinds: [OperationKind] = [
        .mappingRemove, .mappingAdd, .withdraw, .withdrawTemporary, .logout,
    ]

    /// A target and the kind of operation the burst's members should prefer.
    func draw(
        _ rng: inout SplitMix64,
        shares: Shares,
        transferAccounts: [Focus],
        users: [Focus]
    ) -> (Focus, OperationKind) {
        let pool = configuration.sharedPool ?? SharedPool(devices: 1, accounts: 1)
        // Drawn in this order: TransferAccount, user, device, account.
        let roll = rng.nextUnit() * shares.total
        let toUsers = shares.transferAccount + shares.user
        if roll < shares.transferAccount, !transferAccounts.isEmpty {
            let focus = transferAccounts[Int(rng.next() % UInt64(transferAccounts.count))]
            return (focus, kind(Self.transferKinds, &rng) ?? .transferLogin)
        }
        if roll >= shares.transferAccount, roll < toUsers, !users.isEmpty {
            // Half the time a user with several IdPs, if any: the one whose sessions can race
            // removals and logins with different IdPs.
            let several = users.filter { $0.userAccounts.count > 1 }
            let from = several.isEmpty || rng.nextUnit() < 0.5 ? users : several
            let focus = from[Int(rng.next() % UInt64(from.count))]
            return (focus, kind(Self.userKinds, &rng) ?? .mappingAdd)
        }
        if roll < toUsers + shares.device || configuration.idPCodes.isEmpty {
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
