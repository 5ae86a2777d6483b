/// The shared world of a race-hunting run: how many devices and IdP accounts (per IdP type) every
/// player draws from. Small pools mean more collisions; contention is this knob.
package struct SharedPool: Hashable, Sendable, Codable {
    package var devices: Int
    package var accounts: Int

    package init(devices: Int, accounts: Int) {
        self.devices = devices
        self.accounts = accounts
    }

    /// The salt of the identities every player shares.
    package static func salt(run: String) -> String { "\(run)-pool" }

    /// The first step id of player `index`: step ids are unique run-wide, so a symbol (`T1000005`)
    /// names one value across every player's steps.
    package static func firstOpId(player index: Int, shard: Int) -> Int {
        (shard * 1_000_000 + index + 1) * 1_000_000 + 1
    }
}
