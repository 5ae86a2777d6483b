import Synchronization

/// Live-resource counters of one transport: leak checks in tests and diagnostics.
final class TransportCounters: Sendable {
    /// Easy handles that exist (pooled, configured or in a multi handle).
    let liveEasyHandles = Atomic<Int>(0)
    /// Requests accepted by a lane whose continuation has not been resumed yet.
    let inFlight = Atomic<Int>(0)
    /// Transfers in a multi handle, over all lanes: at most ``CurlTransport/Configuration/maxConnections``.
    let admitted = Atomic<Int>(0)

    /// Takes one of `limit` admission slots shared by the lanes; false when all are taken.
    func admit(limit: Int) -> Bool {
        var current = admitted.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = admitted.compareExchange(
                expected: current,
                desired: current + 1,
                ordering: .relaxed
            )
            if exchanged { return true }
            current = original
        }
        return false
    }
}

/// What every transfer of a transport needs from the configuration, precomputed in curl's units.
struct TransferDefaults: Sendable {
    var timeoutMilliseconds: Int
    var connectTimeoutMilliseconds: Int?
    var http2: Bool
    /// HTTP/2 prior knowledge on a libcurl that cannot reuse such connections (see ``HTTP2ReuseWorkaround``).
    var http2ReuseWorkaround: Bool
    var maxResponseBodyBytes: Int
    var responseHeaders: CurlTransport.ResponseHeaders
    /// HTTP/2 through ALPN over TLS (`http2` is then also set; the lane does not multiplex it).
    var http2TLS: Bool
    var network: NetworkOptions

    init(_ configuration: CurlTransport.Configuration) {
        timeoutMilliseconds = configuration.defaultTimeout.curlMilliseconds
        connectTimeoutMilliseconds = configuration.connectTimeout?.curlMilliseconds
        http2 = configuration.httpVersion != .http1_1
        http2TLS = configuration.httpVersion == .http2TLS
        http2ReuseWorkaround = configuration.httpVersion == .http2PriorKnowledge && HTTP2ReuseWorkaround.neededByLibcurl
        network = configuration.network
        maxResponseBodyBytes = configuration.maxResponseBodyBytes
        responseHeaders = configuration.responseHeaders
    }
}
