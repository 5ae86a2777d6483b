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
    /// In a witness: the answer was set aside (the entry counts as maybe applied, docs/MODEL.md).
    package var setAside: Bool

    package init(
        index: Int,
        process: Int,
        opId: Int,
        op: String,
        invokeNs: Int64,
        returnNs: Int64?,
        window: String,
        answer: String,
        setAside: Bool
    ) {
        self.index = index
        self.process = process
        self.opId = opId
        self.op = op
        self.invokeNs = invokeNs
        self.returnNs = returnNs
        self.window = window
        self.answer = answer
        self.setAside = setAside
    }

    package init(_ e: HistoryEntry, setAside: Bool = false) {
        self.setAside = setAside
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
        case setAside = "set_aside"
        case opId = "op_id"
        case invokeNs = "invoke_ns"
        case returnNs = "return_ns"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index)
        process = try c.decode(Int.self, forKey: .process)
        opId = try c.decode(Int.self, forKey: .opId)
        op = try c.decode(String.self, forKey: .op)
        invokeNs = try c.decode(Int64.self, forKey: .invokeNs)
        returnNs = try c.decodeIfPresent(Int64.self, forKey: .returnNs)
        window = try c.decode(String.self, forKey: .window)
        answer = try c.decode(String.self, forKey: .answer)
        setAside = try c.decodeIfPresent(Bool.self, forKey: .setAside) ?? false
    }

    /// Every key is written, `null` included.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(index, forKey: .index)
        try c.encode(process, forKey: .process)
        try c.encode(opId, forKey: .opId)
        try c.encode(op, forKey: .op)
        try c.encode(invokeNs, forKey: .invokeNs)
        try c.encode(returnNs, forKey: .returnNs)
        try c.encode(window, forKey: .window)
        try c.encode(answer, forKey: .answer)
        try c.encode(setAside, forKey: .setAside)
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

    package init(entry: EntryReport, reason: String, allowed: [AllowedOutcome]) {
        self.entry = entry
        self.reason = reason
        self.allowed = allowed
    }
}

/// The deepest linearization the search found: which entries, in which order, and the entry that
/// could not be placed after them.
package struct LongestPrefix: Codable, Hashable, Sendable {
    /// Entries in linearization order.
    package var linearized: [EntryReport]
    package var stuck: StuckEntry?
}
