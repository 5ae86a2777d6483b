import Fuzz
import Testing
import Transport

/// A history records each operation over its time on the wire when the transport measured it,
/// never over more than the call and never over less than the wire.
@Suite("an operation's interval in a history")
struct HistoryIntervalTests {
    static let origin = ContinuousClock.now

    static func at(_ ms: Int) -> ContinuousClock.Instant { origin + .milliseconds(ms) }

    static func result(wire: ClosedRange<ContinuousClock.Instant>?) -> ExecutionResult {
        ExecutionResult(
            outcome: .transportError(TransportError(.timeout, "test")),
            transactionId: "t",
            response: HTTPResponse(status: 200, timing: HTTPTiming(wire: wire))
        )
    }

    @Test("the call's interval narrows to the wire's: planning, queueing and decoding are left out")
    func narrowsToTheWire() {
        let r = Self.result(wire: Self.at(3)...Self.at(7))
        #expect(r.interval(invoked: Self.at(0), returned: Self.at(10)) == Self.at(3)...Self.at(7))
    }

    @Test("without a measured wire, or with one that does not meet the call, the call's interval stays")
    func fallsBackToTheCall() {
        let call = Self.at(0)...Self.at(10)
        #expect(Self.result(wire: nil).interval(invoked: Self.at(0), returned: Self.at(10)) == call)
        let noResponse = ExecutionResult(outcome: .transportError(TransportError(.timeout, "t")), transactionId: "t")
        #expect(noResponse.interval(invoked: Self.at(0), returned: Self.at(10)) == call)
        #expect(
            Self.result(wire: Self.at(20)...Self.at(30)).interval(invoked: Self.at(0), returned: Self.at(10)) == call
        )
    }

    @Test("a wire reaching past the call is cut to the call")
    func neverWiderThanTheCall() {
        let r = Self.result(wire: Self.at(-5)...Self.at(15))
        #expect(r.interval(invoked: Self.at(0), returned: Self.at(10)) == Self.at(0)...Self.at(10))
    }
}
