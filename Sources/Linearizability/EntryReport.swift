import Model

/// One history entry as a report shows it.
package struct EntryReport: Codable, Hashable, Sendable {
    /// Its position in the history (line `index + 2` of the file).
    package var index: Int
    package var process: Int
    package var opId: Int
    /// The operation, symbolic: `mapping.add d0 T12 google(google#1)`.
    package var op: String
    package var invokeNs: Int64
    package var returnNs: Int64?
    /// `@1800000000000` or `[lo…hi]`.
    package var window: String
    /// The answer in short (`0 SUCCESS user=AB12… token=xY9…`), or `maybe applied`.
    package var answer: String

    package init(_ e: HistoryEntry) {
        index = e.index
        process = e.process
        opId = e.op.id
        op = e.op.action.description
        invokeNs = e.invokeNs
        returnNs = e.returnNs
        window = e.window.description
        answer = e.answer.map(AnswerText.describe) ?? "maybe applied (no answer)"
    }

    private enum CodingKeys: String, CodingKey {
        case index, process, op, window, answer
        case opId = "op_id"
        case invokeNs = "invoke_ns"
        case returnNs = "return_ns"
    }
}

/// One outcome the model allowed where an entry could not be placed, and why the answer did not fit.
package struct AllowedOutcome: Codable, Hashable, Sendable {
    /// The result code, e.g. `3302 AUTH_ADD_MAPPING_ALREADY_MAPPED_TO_OTHER_MEMBER`.
    package var code: String
    package var rule: String
    package var because: String
    /// How the answer differs from it (`nil`: it matched, but led to no linearization).
    package var mismatch: String?

    package init(code: String, rule: String, because: String, mismatch: String?) {
        self.code = code
        self.rule = rule
        self.because = because
        self.mismatch = mismatch
    }
}

/// The entry the deepest partial linearization could not place, with what the model allowed there.
package struct StuckEntry: Codable, Hashable, Sendable {
    package var entry: EntryReport
    /// Why it could not be placed, in a sentence.
    package var reason: String
    /// The outcomes the model allowed for it at that point (empty when it was never stepped).
    package var allowed: [AllowedOutcome]
}

/// The deepest linearization the search found: which entries, in which order, and the entry that
/// could not be placed after them.
package struct LongestPrefix: Codable, Hashable, Sendable {
    /// Entries in linearization order.
    package var linearized: [EntryReport]
    package var stuck: StuckEntry?
}
