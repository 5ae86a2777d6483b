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

    package init(
        rule: RuleID,
        message: String,
        field: String,
        expected: String,
        observed: String,
        kind: OperationKind,
        player: Int,
        seed: UInt64,
        salt: String,
        sequence: [Op],
        response: String? = nil
    ) {
        self.rule = rule
        self.message = message
        self.field = field
        self.expected = expected
        self.observed = observed
        self.kind = kind
        self.player = player
        self.seed = seed
        self.salt = salt
        self.sequence = sequence
        self.response = response
    }

    package var description: String {
        "\(rule) [\(kind.rawValue)] \(field): expected \(expected), observed \(observed) (player \(player), step \(sequence.count))"
    }
}
