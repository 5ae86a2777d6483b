import Model
import Protocol

/// A response that breaks a rule: the rule, expected vs observed, and how to get there again.
public struct Violation: Sendable, Codable, Hashable, CustomStringConvertible {
    public var rule: RuleID
    public var message: String
    public var field: String
    public var expected: String
    public var observed: String
    public var kind: OperationKind
    public var player: Int
    public var seed: UInt64
    /// The salt of the player's identities when it happened.
    public var salt: String
    /// The player's symbolic sequence up to and including the violating operation.
    public var sequence: [Op]
    /// The raw answer (truncated), when there was one.
    public var response: String?

    public var description: String {
        "\(rule) [\(kind.rawValue)] \(field): expected \(expected), observed \(observed) (player \(player), step \(sequence.count))"
    }
}
