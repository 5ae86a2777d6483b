import NIOCore
import NIOHTTP1
import NIOPosix

/// `GET /metrics` on HOST:PORT for the run's ``LiveMetrics``: each scrape first refreshes the
/// gauges (``LiveMetrics/refresh()``), then answers the exposition. Anything else is a 404. On SwiftNIO, as the
/// fault-injecting proxy is: a few lines, where the reference server's Hummingbird stack would
/// bring its router and services for one route.
package final class MetricsEndpoint: Sendable {
    private typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    private let channel: NIOAsyncChannel<Connection, Never>
    private let serving: Task<Void, Never>
    /// `http://host:port/metrics`.
    package let url: String

    package static func start(
        host: String = "127.0.0.1",
        port: Int,
        metrics: LiveMetrics
    ) async throws -> MetricsEndpoint {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port) { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try Connection(wrappingChannelSynchronously: child)
                }
            }
        return MetricsEndpoint(channel: channel, metrics: metrics)
    }

    private init(channel: NIOAsyncChannel<Connection, Never>, metrics: LiveMetrics) {
        self.channel = channel
        let address = channel.channel.localAddress
        url = "http://\(address?.ipAddress ?? "127.0.0.1"):\(address?.port ?? 0)/metrics"
        // Awaited by `stop()`.
        serving = Task {
            try? await channel.executeThenClose { inbound in
                await withDiscardingTaskGroup { group in
                    do {
                        for try await connection in inbound {
                            group.addTask { await Self.serve(connection, metrics) }
                        }
                    } catch {}
                    group.cancelAll()
                }
            }
        }
    }

    private static func serve(_ connection: Connection, _ metrics: LiveMetrics) async {
        try? await connection.executeThenClose { inbound, outbound in
            for try await part in inbound {
                guard case .head(let head) = part else { continue }
                let found = head.method == .GET && (head.uri == "/metrics" || head.uri.hasPrefix("/metrics?"))
                if found { metrics.refresh() }
                let body = found ? metrics.exposition() : Array("not found: GET /metrics\n".utf8)
                let headers: HTTPHeaders = [
                    "Content-Type": found ? "text/plain; version=0.0.4; charset=utf-8" : "text/plain",
                    "Content-Length": String(body.count),
                    "Connection": "close",
                ]
                try await outbound.write(
                    .head(HTTPResponseHead(version: head.version, status: found ? .ok : .notFound, headers: headers))
                )
                try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
                try await outbound.write(.end(nil))
                break
            }
        }
    }

    package func stop() async {
        try? await channel.channel.close()
        serving.cancel()
        await serving.value
    }
}
