import Basics
import Foundation
import GBFuzzTestKit
import Plan
import ReferenceServer
import Results
import Runner
import Testing
import Transport

/// The paths to a real backend (docs/PROFILES.md, `target:`): HTTPS with a private CA, test
/// certificates, mutual TLS, HTTP/2 over TLS, an HTTP proxy and headers on every request, each
/// against `gbfuzz serve`'s own TLS with certificates the test makes.
@Suite("Real network paths", .serialized, .timeLimit(.minutes(5)))
struct NetworkPathTests {
    static let profile = E2E.writeProfile(
        """
        duration: 3s
        load: {players: 4}
        fuzz: {shrink: false, audit: false}
        thresholds: ["violations == 0", "requests > 0"]
        """,
        name: "network"
    )

    /// A reference server with TLS (client certificates required with `mutual`).
    static func withTLSServer<T>(
        mutual: Bool = false,
        _ body: (RunningServer, TestCertificates) async throws -> T
    ) async throws -> T {
        let pki = try TestCertificates.make()
        defer { pki.remove() }
        let server = try await ReferenceServer.start(
            ServerConfiguration(
                tls: ServerTLS(
                    certificateFile: pki.serverCertificate,
                    keyFile: pki.serverKey,
                    clientCAFile: mutual ? pki.caCertificate : nil
                )
            )
        )
        do {
            let result = try await body(server, pki)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }

    static func run(_ url: String, _ configure: (inout RunRequest) -> Void) async throws -> (
        CampaignRunner.Outcome, String
    ) {
        let plan = try E2E.plan(profile) {
            $0.target = url
            configure(&$0)
        }
        return await E2E.run(plan)
    }

    @Test("HTTPS with a private CA: refused without its bundle (69, saying why), clean with it, and with --insecure")
    func privateCA() async throws {
        try await Self.withTLSServer { server, pki in
            #expect(server.baseURL.hasPrefix("https://"))
            let (refused, log) = try await Self.run(server.baseURL) { _ in }
            #expect(refused.exit == .unreachable, "\(log)")
            #expect(log.lowercased().contains("certificate") || log.contains("SSL"), "\(log)")
            let (trusted, log2) = try await Self.run(server.baseURL) { $0.network.caBundle = pki.caCertificate }
            #expect(trusted.exit == .clean, "\(log2)")
            let (insecure, log3) = try await Self.run(server.baseURL) { $0.network.insecure = true }
            #expect(insecure.exit == .clean, "\(log3)")
        }
    }

    @Test("Mutual TLS: refused without a client certificate (69), clean with it")
    func mutualTLS() async throws {
        try await Self.withTLSServer(mutual: true) { server, pki in
            let (refused, log) = try await Self.run(server.baseURL) { $0.network.caBundle = pki.caCertificate }
            #expect(refused.exit == .unreachable, "\(log)")
            let (accepted, log2) = try await Self.run(server.baseURL) {
                $0.network.caBundle = pki.caCertificate
                $0.network.clientCertificate = pki.clientCertificate
                $0.network.clientKey = pki.clientKey
            }
            #expect(accepted.exit == .clean, "\(log2)")
        }
    }

    @Test("HTTP/2 over TLS: ALPN picks h2 (HTTP/1.1 when not asked), and a campaign over it runs clean")
    func http2OverTLS() async throws {
        try await Self.withTLSServer { server, pki in
            for (version, expected) in [(CurlTransport.HTTPVersion.http2TLS, 2), (.http1_1, 1)] {
                let transport = try CurlTransport(
                    configuration: .init(httpVersion: version, network: NetworkOptions(caBundle: pki.caCertificate))
                )
                let r = try await transport.send(HTTPRequest(method: .get, url: server.baseURL + "/openapi.yaml"))
                await transport.shutdown()
                #expect(r.status == 200 && r.httpVersion == expected, "\(version): HTTP/\(r.httpVersion)")
            }
            let http2 = E2E.writeProfile(
                "target: {http2: true}\nduration: 3s\nload: {players: 4}\nfuzz: {shrink: false, audit: false}\n",
                name: "h2"
            )
            let plan = try E2E.plan(http2) {
                $0.target = server.baseURL
                $0.network.caBundle = pki.caCertificate
            }
            let (outcome, log) = await E2E.run(plan)
            #expect(
                outcome.exit == .clean,
                "\(log)\n\(outcome.summary?.violations.list.prefix(3).map { "\($0.rule) \($0.message)" } ?? [])"
            )
            #expect((outcome.summary?.totals.requests ?? 0) > 0)
        }
    }

    @Test("An HTTP proxy carries every request, and headers given once reach the target on every request")
    func proxyAndHeaders() async throws {
        let server = try await ReferenceServer.start(ServerConfiguration())
        let proxy = try ForwardProxy()
        do {
            let (outcome, log) = try await Self.run(server.baseURL) {
                $0.network.proxy = proxy.url
                $0.network.headers.set("X-Tenant", "gbfuzz-t1")
            }
            #expect(outcome.exit == .clean, "\(log)")
            let seen = proxy.requests
            #expect(UInt64(seen.count) >= (outcome.summary?.totals.requests ?? .max))
            #expect(seen.allSatisfy { $0["X-Tenant"] == "gbfuzz-t1" })
        } catch {
            proxy.stop()
            await server.shutdown()
            throw error
        }
        proxy.stop()
        await server.shutdown()
    }

    @Test("Unreadable certificate files are refused before any request (64, naming the file)")
    func unreadableFiles() throws {
        #expect(throws: (any Error).self) {
            _ = try E2E.plan(Self.profile) { $0.network.caBundle = "/nonexistent/ca.pem" }
        }
        do {
            _ = try E2E.plan(Self.profile) { $0.network.clientCertificate = "/nonexistent/client.pem" }
            Issue.record("an unreadable client certificate was accepted")
        } catch let error as CommandError {
            #expect(error.exit == .usage && error.message.contains("/nonexistent/client.pem"))
        }
    }
}
