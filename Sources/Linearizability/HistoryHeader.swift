import Protocol

/// Line 1 of a `history.jsonl` (schema `gbfuzz.history/1`): what every entry of the history shares.
///
/// All players of a shared-pool run share one identity salt, so a `DeviceRef` or `AccountRef` names
/// the same device or IdP account for everyone, and every `Op.id` is unique across players, so a
/// symbol such as `T1042` names one value run-wide.
package struct HistoryHeader: Codable, Hashable, Sendable {
    /// How the server clock behaved during the run.
    package enum Clock: String, Codable, Hashable, Sendable, CaseIterable {
        /// Test control froze it: it moves only by `test.advance` entries, and windows are exact
        /// unless an operation straddled an advance.
        case frozen
        /// It ran freely: each window is the local clock widened by a skew tolerance.
        case free
    }

    /// The one schema this reader understands.
    package static let currentSchema = "gbfuzz.history/1"

    package var schema: String
    /// The knobs the target was judged under.
    package var semantics: Semantics
    /// The identity salt every player shares (``Model/Identities``).
    package var identities: String
    package var clock: Clock
    /// Wall-clock start of the run, ISO 8601.
    package var startedAt: String

    package init(
        semantics: Semantics,
        identities: String,
        clock: Clock,
        startedAt: String,
        schema: String = HistoryHeader.currentSchema
    ) {
        self.schema = schema
        self.semantics = semantics
        self.identities = identities
        self.clock = clock
        self.startedAt = startedAt
    }

    private enum CodingKeys: String, CodingKey {
        case schema, semantics, identities, clock
        case startedAt = "started_at"
    }
}
