import Basics
import Config
import FaultProxy
import Foundation
import Fuzz
import Plan
import Protocol
import ReferenceServer
import Transport

/// The target of a run: the embedded reference server (started for the run) or a URL, the
/// transport and client in front of it, and what the target turned out to offer.
package final class TargetConnection: Sendable {
    package let client: GamebaseClient
    package let transport: CurlTransport
    /// Set when the run started the embedded server.
    package let server: RunningServer?
    /// The knobs the model uses: the target's (test control) or the profile's.
    package let semantics: Semantics
    /// The knobs the target reported when the run started (test control), which a run watches for
    /// change (`KnobWatch`); `nil` without test control.
    package let reportedSemantics: Semantics?
    /// The maintenance schedule E17 (the Server API's, ours) reported when the run started, for a
    /// target without test control; the run watches it. `nil` otherwise.
    package let reportedMaintenance: MaintenanceSemantics?
    package let capabilities: TargetCapabilities
    /// Human-readable notes about the probe (shown at start and in the summary).
    package let notes: [String]
    /// The fault-injecting proxy in front of the target when the profile has `faults:`.
    package let proxy: FaultProxy?
    /// The client the load goes through: through ``proxy`` when there is one, else ``client``.
    /// The probe, the audit, shrinking and replays talk to the target directly (``client``):
    /// faults are the load's, and a reproducer must not depend on them.
    package let loadClient: GamebaseClient

    init(
        client: GamebaseClient,
        transport: CurlTransport,
        server: RunningServer?,
        semantics: Semantics,
        reportedSemantics: Semantics? = nil,
        reportedMaintenance: MaintenanceSemantics? = nil,
        capabilities: TargetCapabilities,
        notes: [String],
        proxy: FaultProxy? = nil
    ) {
        self.proxy = proxy
        self.loadClient =
            proxy.map {
                GamebaseClient(
                    transport: client.transport,
                    target: GamebaseTarget(
                        baseURL: $0.baseURL,
                        appId: client.target.appId,
                        secretKey: client.target.secretKey
                    ),
                    timeout: client.timeout
                )
            } ?? client
        self.client = client
        self.transport = transport
        self.server = server
        self.semantics = semantics
        self.reportedSemantics = reportedSemantics
        self.reportedMaintenance = reportedMaintenance
        self.capabilities = capabilities
        self.notes = notes
    }

    package var baseURL: String { client.target.baseURL }
    /// How reports name the target (never with credentials).
    package var description: String {
        server != nil ? "embedded reference server (\(baseURL))" : baseURL
    }

    /// The least time the start-up probe gives each of its requests, whatever `target.timeout` is.
    package static let probeTimeoutFloor: Duration = .seconds(2)

    /// Starts or connects to the target of `profile` and probes what it offers.
    /// - Throws: ``CommandError`` (64 for bad bug names, 69 when unreachable).
    package static func open(
        _ profile: Profile,
        connections: Int,
        faultSeed: UInt64 = 1,
        say: @Sendable (String) -> Void = { _ in }
    ) async throws(CommandError) -> TargetConnection {
        var server: RunningServer?
        var baseURL = profile.target.url ?? ""
        if profile.target.isEmbedded {
            let bugs: BugSet
            do {
                bugs = try BugSet(names: profile.target.bugs, source: profile.source + ": target.bugs")
            } catch {
                throw CommandError(.usage, error.description)
            }
            do {
                let s = try await ReferenceServer.start(
                    ServerConfiguration(
                        semantics: profile.semantics ?? .default,
                        secretKey: profile.target.secretKey,
                        idpSecret: profile.target.idpSecret,
                        bugs: bugs
                    )
                )
                server = s
                baseURL = s.baseURL
            } catch {
                throw CommandError(.software, "cannot start the embedded reference server: \(error)")
            }
        }
        let transport: CurlTransport
        do {
            transport = try CurlTransport(
                configuration: CurlTransport.Configuration(
                    lanes: min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)),
                    maxConnections: max(4, connections),
                    defaultTimeout: profile.target.timeout,
                    httpVersion: Self.httpVersion(http2: profile.target.http2, url: baseURL),
                    responseHeaders: .named(GamebaseHeader.read),
                    network: profile.target.network
                )
            )
        } catch {
            await server?.shutdown()
            throw CommandError(.software, "cannot start the transport: \(error)")
        }
        let client = GamebaseClient(
            transport: transport,
            target: GamebaseTarget(baseURL: baseURL, appId: profile.target.appId, secretKey: profile.target.secretKey),
            timeout: profile.target.timeout
        )
        // The probe waits at least `probeTimeoutFloor` per request: a timeout chosen short enough
        // to leave operations maybe applied must not fail the run on a cold first connection.
        let probeTimeout = max(profile.target.timeout, Self.probeTimeoutFloor)
        var probing = client
        probing.timeout = probeTimeout
        say("probing \(baseURL) (each request at most \(DurationText.format(probeTimeout)))…")
        let probe: Probe.Result
        do {
            probe = try await Probe.run(client: probing, profile: profile)
        } catch {
            await transport.shutdown()
            await server?.shutdown()
            throw error
        }
        var proxy: FaultProxy?
        if !profile.faults.isEmpty {
            do {
                proxy = try await FaultProxy.start(
                    upstream: baseURL,
                    plan: try FaultPlan(profile.faults, seed: faultSeed),
                    exempt: [Endpoint.testControlPrefix],
                    correlationHeader: GamebaseHeader.transactionId,
                    timeout: profile.target.timeout,
                    network: profile.target.network
                )
            } catch {
                await transport.shutdown()
                await server?.shutdown()
                throw CommandError(.software, "cannot start the fault-injecting proxy: \(error)")
            }
            say(
                "faults: the load goes through \(proxy?.baseURL ?? ""), injecting "
                    + profile.faults.map(\.description).joined(separator: ", ")
            )
        }
        return TargetConnection(
            client: client,
            transport: transport,
            server: server,
            semantics: probe.semantics,
            reportedSemantics: probe.reported,
            reportedMaintenance: probe.reportedMaintenance,
            capabilities: probe.capabilities,
            notes: probe.notes,
            proxy: proxy
        )
    }

    /// HTTP/2 with prior knowledge for cleartext, through ALPN over TLS; else HTTP/1.1.
    static func httpVersion(http2: Bool, url: String) -> CurlTransport.HTTPVersion {
        guard http2 else { return .http1_1 }
        return url.lowercased().hasPrefix("https:") ? .http2TLS : .http2PriorKnowledge
    }

    /// Stops the transport and, if the run started it, the embedded server.
    package func close() async {
        await proxy?.stop()
        await transport.shutdown()
        await server?.shutdown()
    }
}
