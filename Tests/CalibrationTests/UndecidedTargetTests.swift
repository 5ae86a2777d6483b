import Calibration
import Config
import Foundation
import GBFuzzTestKit
import Protocol
import Testing
import Transport

/// A target that never shows the behaviour a probe looks for leaves that knob undecided, says
/// why, and keeps the evidence; the file it writes reads back with no knob set.
@Suite("Calibration: targets that never show a behaviour")
struct UndecidedTargetTests {
    func calibrate(_ transport: CannedTransport) async -> [KnobDecision] {
        let client = GamebaseClient(transport: transport, target: GamebaseTarget(baseURL: "http://127.0.0.1:9"))
        return await Calibrator(client: client, settings: .init(salt: "u1")).run()
    }

    @Test(
        "Every answer a generic failure (3999): every knob undecided but the message form any envelope shows, each with its requests and answers"
    )
    func genericFailure() async throws {
        let body =
            #"{"header":{"transactionId":"x","isSuccessful":false,"resultCode":3999,"resultMessage":"AUTH_UNKNOWN_ERROR"}}"#
        let decisions = await calibrate(CannedTransport(body: body))
        #expect(!decisions.isEmpty)
        for d in decisions {
            #expect(
                d.isDecided == (d.knob == "shapes.resultMessage"),
                "\(d.knob) decided \(d.value ?? "") from generic failures"
            )
            #expect(!d.because.isEmpty)
        }
        #expect(decisions.contains { $0.evidence.contains { $0.answer.hasPrefix("3999") } })
        let file = CalibrationFile(target: "http://127.0.0.1:9", appId: "gbfuzz", date: Date(), decisions: decisions)
        let root = try #require(try YAMLWalker.root(yaml: file.text, file: "u.yaml", environment: [:]))
        var expected = Semantics()
        expected.appId = "gbfuzz"
        #expect(try KnobFile.semantics(root) == expected)
    }

    @Test("Answers that are not Gamebase envelopes (HTML, transport errors): undecided, never a crash")
    func notGamebase() async {
        for transport in [
            CannedTransport(status: 502, body: "<html>bad gateway</html>"),
            CannedTransport(error: TransportError(.timeout, "timed out")),
        ] {
            let decisions = await calibrate(transport)
            #expect(decisions.allSatisfy { !$0.isDecided })
            #expect(decisions.flatMap(\.evidence).allSatisfy { $0.answer.hasPrefix("no Gamebase answer") })
        }
    }

    @Test("The file quotes whatever a target answered: the evidence reads back as written")
    func quoting() throws {
        let odd = "a \"quoted\" answer: with # and\nnewline \\ and é, \u{1}"
        let d = KnobDecision(
            knob: "tokens.perDevice",
            value: "many",
            because: odd,
            evidence: [Exchange(request: "GET /x: y", answer: odd)]
        )
        let file = CalibrationFile(target: "http://t/", appId: "gbfuzz", date: Date(), decisions: [d])
        let root = try #require(try YAMLWalker.root(yaml: file.text, file: "q.yaml", environment: [:]))
        #expect(try KnobFile.semantics(root).tokens.perDevice == .many)
        let evidence = try root.freeMapping().first { $0.key == "calibration" }?.value.freeMapping()
            .first { $0.key == "knobs" }?.value.sequence().first?.freeMapping().first { $0.key == "because" }?.value
            .string()
        #expect(evidence == odd)
    }
}
