import Model
import Protocol

/// What every player of a workload shares, held once instead of inline in each ``Player``: the
/// configuration (~270 bytes inline, with its strings and weights) and the IdP token signer (a
/// heap copy of the secret each). With 100,000 live players that was ~30 MB of the run's memory
/// (`scripts/bench-scale.sh`, players part).
package final class PlayerShared: Sendable {
    package let configuration: FuzzConfiguration
    let signer: IdPTokenSigner
    /// ``FuzzConfiguration/weight(_:)`` of every kind, in `OperationKind.allCases` order, and their
    /// sum: the generator draws a kind per operation from them.
    let kindWeights: [Double]
    let kindWeightTotal: Double
    /// A player's devices and the pool's IdP accounts (without a focus), made once instead of per
    /// query: the generator asks for them several times per operation.
    let devices: [DeviceRef]
    let accounts: [AccountRef]

    package init(_ configuration: FuzzConfiguration) {
        self.configuration = configuration
        self.signer = IdPTokenSigner(secret: configuration.idPSecret)
        self.kindWeights = OperationKind.allCases.map { configuration.weight($0) }
        self.kindWeightTotal = kindWeights.reduce(0, +)
        self.devices = (0..<max(1, configuration.devicesPerPlayer)).map(DeviceRef.init)
        self.accounts = configuration.idPCodes.flatMap { c in
            (1...max(1, configuration.accountsPerIdP)).map { AccountRef(c, $0) }
        }
    }
}
