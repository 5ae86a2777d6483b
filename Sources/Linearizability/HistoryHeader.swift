import Protocol

/// Line 1 of a `history.jsonl` (schema `gbfuzz.history/2`): what every entry of the history shares.
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
    package static let currentSchema = "gbfuzz.history/2"

    package var schema: String
    /// The knobs the target was judged under.
    package var semantics: Semantics
    /// The identity salt every player shares (``Model/Identities``).
    package var identities: String
    package var clock: Clock
    /// Wall-clock start of the run, ISO 8601.
    package var startedAt: String
    /// Operations the recorder did not keep (its history was full).
    package var dropped: Int
    /// When the history is incomplete (`dropped > 0`): the earliest invocation of an operation it
    /// lacks (monotonic ns, like `invoke_ns`). The checker judges only what came before (docs/MODEL.md).
    package var completeBeforeNs: Int64?

    package init(
        semantics: Semantics,
        identities: String,
        clock: Clock,
        startedAt: String,
        dropped: Int = 0,
        completeBeforeNs: Int64? = nil,
        schema: String = HistoryHeader.currentSchema
    ) {
        self.dropped = dropped
        self.completeBeforeNs = completeBeforeNs
        self.schema = schema
        self.semantics = semantics
        self.identities = identities
        self.clock = clock
        self.startedAt = startedAt
    }

    private enum CodingKeys: String, CodingKey {
        case schema, semantics, identities, clock, dropped
        case startedAt = "started_at"
        case completeBeforeNs = "complete_before_ns"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schema = try c.decode(String.self, forKey: .schema)
        semantics = try c.decode(Semantics.self, forKey: .semantics)
        identities = try c.decode(String.self, forKey: .identities)
        clock = try c.decode(Clock.self, forKey: .clock)
        startedAt = try c.decode(String.self, forKey: .startedAt)
        dropped = try c.decodeIfPresent(Int.self, forKey: .dropped) ?? 0
        completeBeforeNs = try c.decodeIfPresent(Int64.self, forKey: .completeBeforeNs)
    }

    /// Every key is written, `null` included.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(semantics, forKey: .semantics)
        try c.encode(identities, forKey: .identities)
        try c.encode(clock, forKey: .clock)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(dropped, forKey: .dropped)
        try c.encode(completeBeforeNs, forKey: .completeBeforeNs)
    }
}
