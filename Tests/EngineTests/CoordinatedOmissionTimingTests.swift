import Basics
import Engine
import Foundation
import GBFuzzTestKit
import Histogram
import Synchronization
import Testing
import Transport

/// A plain HTTP GET workload over the project's curl transport (no Gamebase involved).
struct HTTPGetWorkload: Workload {
    let transport: any HTTPTransport
    let url: String

    struct Session: WorkloadSession {
        let transport: any HTTPTransport
        let url: String
        mutating func performNext() async -> PerformedOperation? {
            let sent = ContinuousClock.now
            do {
                let r = try await transport.send(HTTPRequest(method: .get, url: url, timeout: .seconds(10)))
                return PerformedOperation(
                    name: "http.get",
                    outcome: r.status == 200 ? .ok : .unexpected,
                    resultCode: r.status,
                    sent: sent,
                    completed: .now
                )
            } catch {
                return PerformedOperation(
                    name: "http.get",
                    outcome: .transportError,
                    resultCode: nil,
                    sent: sent,
                    completed: .now
                )
            }
        }
    }

    func makeSession(index: Int) -> Session { Session(transport: transport, url: url) }
    func sessionEnded(_ session: Session, index: Int) async {}
}

@Suite("Coordinated omission (the wrk2 demonstration)", .tags(.timing), .timeLimit(.minutes(2)))
struct CoordinatedOmissionTimingTests {
    @Test("a server that stalls 1 s every 2.5 s: p99 latency from the intended start ≥ 500 ms, service p90 < 50 ms")
    func stallsShowInLatencyNotService() async throws {
        let start = ContinuousClock.now
        let stalledSlot = Atomic<Int>(0)
        // The first request of every 2.5 s slot after the first stalls for a second.
        let server = try TestHTTPServer { _ in
            let slot = Int((ContinuousClock.now - start).seconds / 2.5)
            let ok = TestHTTPServer.Reply.respond(
                status: 200,
                headers: [],
                body: Array(#"{"ok":true}"#.utf8),
                close: false
            )
            if slot >= 1, stalledSlot.exchange(slot, ordering: .relaxed) < slot { return .delay(.seconds(1), ok) }
            return ok
        }
        defer { server.stop() }
        let transport = try CurlTransport(configuration: .init(lanes: 1, maxConnections: 4))
        let recorder = Recorder()
        let control = RunControl()
        let report = await LoadEngine(
            workload: HTTPGetWorkload(transport: transport, url: server.baseURL + "/"),
            spec: LoadSpec(model: .open, rate: 100, arrival: .operations, maxPlayers: 1, maxInFlight: 1),
            duration: .seconds(6),
            control: control,
            sink: RecorderSink(recorder: recorder, operations: ["http.get"]),
            seed: 7
        ).run()
        await transport.shutdown()
        let recording = await recorder.finish()

        #expect(recording.requests >= 550, "the rate is kept up after each stall (\(recording.requests))")
        #expect(recording.count(.ok) == recording.requests)
        let latency = recording.merged(.latency)
        let service = recording.merged(.service)
        // Histogram values are microseconds.
        let p99Latency = Double(latency.valueAtPercentile(99)) / 1000
        let p90Service = Double(service.valueAtPercentile(90)) / 1000
        print(
            "CO demo: requests \(recording.requests) p99 latency \(p99Latency) ms, p90 service \(p90Service) ms, late \(report.lateStarts)"
        )
        #expect(p99Latency >= 500, "p99 latency \(p99Latency) ms")
        #expect(p90Service < 50, "p90 service time \(p90Service) ms")
        #expect(
            report.lateStarts >= 100,
            "the requests that queued behind the stalls started late (\(report.lateStarts))"
        )
    }
}
