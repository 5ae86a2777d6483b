import Basics
import NIOCore
import NIOHTTP1
import NIOPosix
import Transport

/// The nemesis: an HTTP/1.1 proxy on loopback (or any address) in front of a target that forwards
/// every request with the project's curl transport and injects faults into a share of them
/// (``FaultSpec``): added latency, an answer dropped after the target committed, a reset
/// connection, a request sent twice, a slow body. `gbfuzz proxy` runs one on its own; a profile's
/// `faults:` puts one in front of the run's target.
///
/// Built on SwiftNIO rather than the reference server's Hummingbird: a reset (`SO_LINGER` 0) and
/// an answer withheld after forwarding need the connection itself, which a request router hides.
/// An upstream failure (refused, timeout) closes the client's connection without an answer, as the
/// network would; the proxy never makes up an HTTP error the target did not send.
package final class FaultProxy: Sendable {
    package let plan: FaultPlan
    package let upstream: String
    private let transport: CurlTransport
    private let channel: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
    private let serving: Task<Void, Never>
    /// The address it listens on, `http://host:port`.
    package let baseURL: String

    /// Listens on `host:port` (0: a free port) and forwards to `upstream` (`http(s)://host:port`);
    /// requests whose path starts with one of `exempt` are forwarded without faults (test control:
    /// a clock advance sent twice would move every player's clock). A request's `correlationHeader`
    /// (its transaction id) names it in ``FaultPlan/fault(for:)``.
    package static func start(
        host: String = "127.0.0.1",
        port: Int = 0,
        upstream: String,
        plan: FaultPlan,
        exempt: [String] = [],
        correlationHeader: String? = nil,
        timeout: Duration = .seconds(30),
        network: NetworkOptions = NetworkOptions()
    ) async throws -> FaultProxy {
        let transport = try CurlTransport(
            configuration: .init(maxConnections: 256, defaultTimeout: timeout, responseHeaders: .all, network: network)
        )
        let channel: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
        do {
            channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
                .bind(host: host, port: port) { child in
                    child.eventLoop.makeCompletedFuture {
                        try child.pipeline.syncOperations.configureHTTPServerPipeline()
                        return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                            wrappingChannelSynchronously: child
                        )
                    }
                }
        } catch {
            await transport.shutdown()
            throw error
        }
        return FaultProxy(
            plan: plan,
            upstream: upstream,
            forwarding: (exempt, correlationHeader),
            transport: transport,
            channel: channel
        )
    }

    private init(
        plan: FaultPlan,
        upstream: String,
        forwarding: (exempt: [String], correlationHeader: String?),
        transport: CurlTransport,
        channel: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
    ) {
        self.plan = plan
        self.upstream = upstream.hasSuffix("/") ? String(upstream.dropLast()) : upstream
        self.transport = transport
        self.channel = channel
        let address = channel.channel.localAddress
        let host = address?.ipAddress.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "127.0.0.1"
        baseURL = "http://\(host):\(address?.port ?? 0)"
        let forwarder = Forwarder(
            plan: plan,
            upstream: self.upstream,
            exempt: forwarding.exempt,
            correlationHeader: forwarding.correlationHeader,
            transport: transport
        )
        // Awaited by `stop()`: the accept loop and every connection's task end there.
        serving = Task {
            try? await channel.executeThenClose { inbound in
                await withDiscardingTaskGroup { group in
                    do {
                        for try await connection in inbound {
                            group.addTask { await forwarder.serve(connection) }
                        }
                    } catch {}
                    group.cancelAll()
                }
            }
        }
    }

    /// Stops listening, ends every connection and frees the transport.
    package func stop() async {
        try? await channel.channel.close()
        serving.cancel()
        await serving.value
        await transport.shutdown()
    }
}
