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
        /// Also answered as `maintenance` (E17's field) when set.
        var maintenance: MaintenanceSemantics? = nil

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let tid = request.headers.first { HTTPHeaders.sameName($0.name, GamebaseHeader.transactionId) }?.value ?? ""
            let code = codes.first { request.url.contains($0.key) }?.value ?? 0
            let header =
                #"{"transactionId":"\#(tid)","isSuccessful":\#(code == 0),"resultCode":\#(code),"resultMessage":"m"}"#
            let knobs = String(decoding: try JSONEncoder().encode(semantics), as: UTF8.self)
            let schedule = try maintenance.map {
                #","maintenance":"# + String(decoding: try JSONEncoder().encode($0), as: UTF8.self)
            }
            return HTTPResponse(
                status: 200,
                headers: [HTTPHeader(GamebaseHeader.transactionId, tid)],
                body: Array(#"{"header":\#(header),"semantics":\#(knobs)\#(schedule ?? "")}"#.utf8)
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
        #expect(r.reported == s && r.reportedMaintenance == nil)
    }

    @Test("Without test control, the maintenance schedule comes from E17 when it is within the bounds")
    func maintenanceThroughServerAPI() async throws {
        let profile = Profile(name: "p", target: TargetSpec(url: "http://knobs.invalid"))
        let schedule = MaintenanceSemantics(periodSeconds: 3600, durationSeconds: 600, offsetSeconds: 1800)
        func probe(_ maintenance: MaintenanceSemantics?, e17: Int = 0) async throws -> Probe.Result {
            let target = KnobTarget(
                semantics: Semantics(),
                codes: ["/tcgb-test/": -4060003, "/maintenance": e17],
                maintenance: maintenance
            )
            let c = GamebaseClient(transport: target, target: GamebaseTarget(baseURL: "http://knobs.invalid"))
            return try await Probe.run(client: c, profile: profile)
        }
        let told = try await probe(schedule)
        #expect(!told.capabilities.testControl && told.reported == nil)
        #expect(told.reportedMaintenance == schedule && told.semantics.maintenance == schedule)
        #expect(told.notes.contains { $0.contains("E17") }, "\(told.notes)")
        let wrong = try await probe(Self.outOfBounds.maintenance)
        #expect(wrong.reportedMaintenance == nil && wrong.semantics.maintenance == MaintenanceSemantics())
        #expect(wrong.notes.contains { $0.contains("out of bounds") }, "\(wrong.notes)")
        let absent = try await probe(schedule, e17: -4060003)
        #expect(absent.reportedMaintenance == nil && absent.semantics.maintenance == MaintenanceSemantics())
        #expect(absent.notes.contains { $0.contains("no E17") }, "\(absent.notes)")
        // A --semantics file that names a schedule wins over E17's, as over test control's knobs;
        // the watch still compares E17 with what E17 said at the start.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gbfuzz-e17-\(UInt32.random(in: 0...UInt32.max)).yaml"
        )
        try Data("maintenance:\n  periodSeconds: 7200\n  durationSeconds: 60\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var filed = profile
        filed.semanticsFile = file.path
        let c = GamebaseClient(
            transport: KnobTarget(semantics: Semantics(), codes: ["/tcgb-test/": -4060003], maintenance: schedule),
            target: GamebaseTarget(baseURL: "http://knobs.invalid")
        )
        let overridden = try await Probe.run(client: c, profile: filed)
        #expect(overridden.reportedMaintenance == schedule)
        // Field by field, as a knob file is read over any knobs: the offset it does not name is E17's.
        #expect(
            overridden.semantics.maintenance
                == MaintenanceSemantics(periodSeconds: 7200, durationSeconds: 60, offsetSeconds: 1800)
        )
        #expect(overridden.notes.contains { $0.contains("(--semantics)") }, "\(overridden.notes)")
    }
}
