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

    package init(_ configuration: FuzzConfiguration) {
        self.configuration = configuration
        self.signer = IdPTokenSigner(secret: configuration.idPSecret)
        self.kindWeights = OperationKind.allCases.map { configuration.weight($0) }
        self.kindWeightTotal = kindWeights.reduce(0, +)
    }
}
