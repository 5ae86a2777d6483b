import Basics
import Foundation
import Fuzz
import Plan
import Protocol
import Testing
import Transport

@testable import Runner

/// What a run does with the knobs a target reports through test control.
@Suite("Probe: the target's knobs")
struct ProbeKnobTests {
    /// Answers every request with an envelope (its transaction id echoed) carrying `semantics`: a
    /// success, or the code of the first `codes` entry whose key the URL contains.
    struct KnobTarget: HTTPTransport {
        let semantics: Semantics
        var codes: [String: Int] = [:]

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let tid = request.headers.first { HTTPHeaders.sameName($0.name, GamebaseHeader.transactionId) }?.value ?? ""
            let code = codes.first { request.url.contains($0.key) }?.value ?? 0
            let header =
                #"{"transactionId":"\#(tid)","isSuccessful":\#(code == 0),"resultCode":\#(code),"resultMessage":"m"}"#
            let knobs = String(decoding: try JSONEncoder().encode(semantics), as: UTF8.self)
            return HTTPResponse(
                status: 200,
                headers: [HTTPHeader(GamebaseHeader.transactionId, tid)],
                body: Array(#"{"header":\#(header),"semantics":\#(knobs)}"#.utf8)
            )
        }
    }

    static var outOfBounds: Semantics {
        var s = Semantics()
        s.maintenance = MaintenanceSemantics(periodSeconds: 3600, durationSeconds: 600, offsetSeconds: 7200)
        return s
    }

    func client(_ semantics: Semantics) -> GamebaseClient {
        GamebaseClient(
            transport: KnobTarget(semantics: semantics),
            target: GamebaseTarget(baseURL: "http://knobs.invalid")
        )
    }

    @Test("Knobs outside the documented bounds stop the run with a clear error unless the user gives the knobs")
    func outOfBoundsKnobs() async throws {
        let profile = Profile(name: "p", target: TargetSpec(url: "http://knobs.invalid"))
        do {
            _ = try await Probe.run(client: client(Self.outOfBounds), profile: profile)
            Issue.record("the probe accepted knobs outside the bounds")
        } catch {
            #expect(error.exit == .usage && error.message.contains("maintenance.offsetSeconds"), "\(error)")
        }
        var given = profile
        given.semantics = Semantics()
        let r = try await Probe.run(client: client(Self.outOfBounds), profile: given)
        #expect(r.semantics.maintenance == MaintenanceSemantics() && r.capabilities.testControl)
        #expect(r.notes.contains { $0.contains("cannot use") })
    }

    @Test("Knobs within the bounds are the target's")
    func reportedKnobs() async throws {
        var s = Semantics()
        s.maintenance = MaintenanceSemantics(periodSeconds: 3600, durationSeconds: 600, offsetSeconds: 1800)
        let r = try await Probe.run(
            client: client(s),
            profile: Profile(name: "p", target: TargetSpec(url: "http://knobs.invalid"))
        )
        #expect(r.semantics == s)
    }
}
