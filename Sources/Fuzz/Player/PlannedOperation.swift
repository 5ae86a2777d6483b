import Model
import Protocol

/// An operation ready to send: the symbolic step (with the concrete values it refers to), and the
/// identities that concretise the player's devices and accounts.
package struct PlannedOperation: Sendable {
    package var op: Op
    package var player: Int
    package var identities: Identities
    package var kind: OperationKind { op.kind }

    package init(op: Op, player: Int, identities: Identities) {
        self.op = op
        self.player = player
        self.identities = identities
    }

    /// Key under which a manual renew's "current" id / password is carried in `op.values`.
    package static let currentIdKey = Sym(.chosenId, 0)
    package static let currentPasswordKey = Sym(.chosenPassword, 0)
}
