import Model
import Protocol

/// A response that breaks a rule: the rule, expected vs observed, and how to get there again.
package struct Violation: Sendable, Codable, Hashable, CustomStringConvertible {
    package var rule: RuleID
    package var message: String
    package var field: String
    package var expected: String
    package var observed: String
    package var kind: OperationKind
    package var player: Int
    package var seed: UInt64
    /// The salt of the player's identities when it happened.
    package var salt: String
    /// The player's symbolic sequence up to and including the violating operation.
    package var sequence: [Op]
    /// The raw answer (truncated), when there was one.
    package var response: String?

    package var description: String {
        "\(rule) [\(kind.rawValue)] \(field): expected \(expected), observed \(observed) (player \(player), step \(sequence.count))"
    }
}
