import Model

/// One operation of a history (a line after the header): what was sent, when, and what came back.
///
/// `returnNs == nil` and `answer == nil` mean **maybe applied** (timeout, reset, transport error,
/// cancelled): the server may have applied the operation at any point after its invocation, or
/// never. An entry with an answer has a return time.
package struct HistoryEntry: Codable, Sendable {
    /// 0-based position in the history, in invoke order.
    package var index: Int
    /// The player (client process) that sent it, one operation at a time; `-1` for the audit probes.
    package var process: Int
    /// The operation, with the concrete values sent for the symbols it refers to.
    package var op: Op
    /// Monotonic nanoseconds when it was sent.
    package var invokeNs: Int64
    /// Monotonic nanoseconds when its answer arrived; `nil` when none did.
    package var returnNs: Int64?
    /// The server-time window during which it was handled (exact with a frozen clock).
    package var window: ClockWindow
    /// The decoded answer; `nil` when there was none.
    package var answer: Observation?
    /// The synchronized burst it belonged to, if any.
    package var burst: Int?
    /// The fault a fault-injecting proxy gave the operation (`drop-response`, `duplicate`…); the
    /// checker does not read it (a faulted operation is maybe applied like any lost one).
    package var fault: String?

    package init(
        index: Int,
        process: Int,
        op: Op,
        invokeNs: Int64,
        returnNs: Int64?,
        window: ClockWindow,
        answer: Observation?,
        burst: Int? = nil,
        fault: String? = nil
    ) {
        self.fault = fault
        self.index = index
        self.process = process
        self.op = op
        self.invokeNs = invokeNs
        self.returnNs = returnNs
        self.window = window
        self.answer = answer
        self.burst = burst
    }

    /// No answer: the operation may or may not have been applied.
    package var isMaybeApplied: Bool { answer == nil }

    private enum CodingKeys: String, CodingKey {
        case index, process, op, window, answer, burst, fault
        case invokeNs = "invoke_ns"
        case returnNs = "return_ns"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index)
        process = try c.decode(Int.self, forKey: .process)
        op = try c.decode(Op.self, forKey: .op)
        invokeNs = try c.decode(Int64.self, forKey: .invokeNs)
        returnNs = try c.decodeIfPresent(Int64.self, forKey: .returnNs)
        window = try c.decode(ClockWindow.self, forKey: .window)
        answer = try c.decodeIfPresent(Observation.self, forKey: .answer)
        burst = try c.decodeIfPresent(Int.self, forKey: .burst)
        fault = try c.decodeIfPresent(String.self, forKey: .fault)
    }

    /// Every key is written, `null` included, so a line always has the same shape.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(index, forKey: .index)
        try c.encode(process, forKey: .process)
        try c.encode(op, forKey: .op)
        try c.encode(invokeNs, forKey: .invokeNs)
        try c.encode(returnNs, forKey: .returnNs)
        try c.encode(window, forKey: .window)
        try c.encode(answer, forKey: .answer)
        try c.encode(burst, forKey: .burst)
        try c.encodeIfPresent(fault, forKey: .fault)
    }
}
