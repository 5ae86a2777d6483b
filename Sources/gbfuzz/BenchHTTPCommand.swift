import ArgumentParser
import Basics
import Foundation
import Transport

extension GBFuzz.Bench {
    /// `gbfuzz bench http`: keeps N requests in flight against one URL for a while and reports
    /// throughput, latency percentiles and errors.
    struct HTTP: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "http",
            abstract: "Closed-loop HTTP load on one URL through the harness's curl transport.",
            discussion: """
                Keeps exactly --connections requests in flight for --duration (one task per connection,
                each sending its next request when the last one finishes) and prints requests/s, latency
                p50/p99/max and errors by code. Exit 69 when nothing could connect, 64 for bad options.
                """
        )

        @Option(help: "Target URL, e.g. http://127.0.0.1:8080/.")
        var url: String

        @Option(help: "Requests kept in flight (and connections opened).")
        var connections: Int = 64

        @Option(parsing: .unconditional, help: "How long to run: 500ms, 5s, 1m, ...", transform: DurationArgument.parse)
        var duration = DurationArgument(.seconds(10))

        @Option(help: "HTTP method.")
        var method: String = "GET"

        @Option(help: "File whose bytes are sent as the request body.")
        var body: String?

        @Option(name: .customLong("header"), help: "A request header 'Name: value' (repeatable).")
        var headers: [String] = []

        @Flag(help: "Cleartext HTTP/2 with prior knowledge instead of HTTP/1.1.")
        var http2 = false

        @Flag(help: "Print exactly one JSON object on stdout and nothing else.")
        var json = false

        @Option(help: "Event-loop threads of the transport (default: online CPUs, at most 4).")
        var lanes: Int = BenchRunner.defaultLanes

        @Option(parsing: .unconditional, help: "Per-request timeout.", transform: DurationArgument.parse)
        var timeout = DurationArgument(.seconds(10))

        @Flag(help: .hidden)
        var unpinned = false

        func validate() throws {
            guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.count > 8 else {
                throw ValidationError("--url must be an http:// or https:// URL")
            }
            guard (1...100_000).contains(connections) else {
                throw ValidationError("--connections must be between 1 and 100000")
            }
            guard duration.duration > .zero else { throw ValidationError("--duration must be positive, e.g. 5s") }
            guard timeout.duration > .zero else { throw ValidationError("--timeout must be positive, e.g. 10s") }
            guard (1...64).contains(lanes) else { throw ValidationError("--lanes must be between 1 and 64") }
            guard !method.isEmpty, method.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
                throw ValidationError("--method must be a token such as GET or POST")
            }
            for header in headers { _ = try Self.parseHeader(header) }
            if let body, !FileManager.default.isReadableFile(atPath: body) {
                throw ValidationError("--body: cannot read \(body)")
            }
        }

        func run() async throws {
            let request = try makeRequest()
            let transport: CurlTransport
            do {
                transport = try CurlTransport(
                    configuration: .init(
                        lanes: lanes,
                        maxConnections: connections,
                        defaultTimeout: timeout.duration,
                        httpVersion: http2 ? .http2PriorKnowledge : .http1_1,
                        responseHeaders: .none
                    )
                )
            } catch {
                throw ValidationError("transport: \(error)")
            }
            let runner = BenchRunner(transport: transport, request: request, pinned: !unpinned)
            if let failure = await runner.probe() {
                await transport.shutdown()
                throw ExitCode.failing(.unreachable, "gbfuzz bench http: cannot reach \(url): \(failure)")
            }
            let result = await runner.run(connections: connections, duration: duration.duration)
            await transport.shutdown()
            let report = BenchReport(result: result, connections: connections)
            if json {
                print(try report.json())
            } else {
                print(report.text(method: method, url: url, lanes: lanes, http2: http2))
            }
            if result.requests == 0 { throw ExitCode(.unreachable) }
        }

        private func makeRequest() throws -> HTTPRequest {
            var fields = HTTPHeaders()
            for header in headers {
                let (name, value) = try Self.parseHeader(header)
                fields.add(name, value)
            }
            var bytes: [UInt8]?
            if let body {
                guard let data = FileManager.default.contents(atPath: body) else {
                    throw ValidationError("--body: cannot read \(body)")
                }
                bytes = [UInt8](data)
            }
            return HTTPRequest(method: HTTPMethod(rawValue: method), url: url, headers: fields, body: bytes)
        }

        static func parseHeader(_ text: String) throws -> (String, String) {
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                throw ValidationError("--header must look like 'Name: value', got '\(text)'")
            }
            let name = String(text[..<colon])
            let value = String(text[text.index(after: colon)...].drop(while: { $0 == " " || $0 == "\t" }))
            guard !name.contains(" ") else { throw ValidationError("--header name must not contain spaces: '\(name)'") }
            return (name, value)
        }
    }
}
