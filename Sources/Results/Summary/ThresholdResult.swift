/// The outcome of one threshold, as written in `summary.json`'s `thresholds`.
package struct ThresholdResult: Codable, Sendable, Equatable {
    package var expression: String
    /// The measured value in the metric's unit; `null` when it could not be measured (see `note`).
    package var actual: Double?
    package var ok: Bool
    /// Why the threshold could not be measured (an operation that never ran, no requests at all).
    package var note: String?

    package init(expression: String, actual: Double?, ok: Bool, note: String? = nil) {
        self.expression = expression
        self.actual = actual
        self.ok = ok
        self.note = note
    }

    enum CodingKeys: String, CodingKey { case expression, actual, ok, note }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(expression, forKey: .expression)
        try container.encode(actual, forKey: .actual)  // always present, null if unmeasured
        try container.encode(ok, forKey: .ok)
        try container.encodeIfPresent(note, forKey: .note)
    }
}
