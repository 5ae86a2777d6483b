import Model
import Protocol

/// An operation ready to send: the symbolic step (with the concrete values it refers to), and the
/// identities that concretise the player's devices and accounts.
public struct PlannedOperation: Sendable {
    public var op: Op
    public var player: Int
    public var identities: Identities
    public var kind: OperationKind { op.kind }

    public init(op: Op, player: Int, identities: Identities) {
        self.op = op
        self.player = player
        self.identities = identities
    }

    /// Key under which a manual renew's "current" id / password is carried in `op.values`.
    public static let currentIdKey = Sym(.chosenId, 0)
    public static let currentPasswordKey = Sym(.chosenPassword, 0)
}
