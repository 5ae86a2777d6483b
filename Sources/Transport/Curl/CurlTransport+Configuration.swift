extension CurlTransport {
    /// The HTTP version a transport speaks.
    package enum HTTPVersion: String, Sendable, CaseIterable {
        /// HTTP/1.1 over keep-alive connections (the default).
        case http1_1
        /// Cleartext HTTP/2 with prior knowledge (no upgrade), streams multiplexed on one connection.
        case http2PriorKnowledge
        /// HTTP/2 over TLS, negotiated through ALPN (HTTP/1.1 if the server does not offer it, and
        /// for `http://` URLs), one stream per connection: multiplexed, libcurl 7.88 re-sent
        /// requests the server had processed after HTTP/2 framing errors (docs/PROFILES.md).
        case http2TLS
    }

    /// Which header fields of a response ``HTTPResponse/headers`` holds.
    package enum ResponseHeaders: Sendable, Equatable {
        /// Every field, in arrival order.
        case all
        /// None.
        case none
        /// The fields with these names (compared case-insensitively), in the order of the names, each
        /// name's fields in arrival order; a field carries its name as given here.
        case named([String])
    }

    /// How a ``CurlTransport`` runs.
    ///
    /// Concurrency is bounded by the transport itself, never inside curl: at most `maxConnections`
    /// transfers run at once over all lanes (any lane may use the whole budget, since request loops
    /// are packed onto as few lanes as keep up: ``LanePacker``), and a request over that cap waits in
    /// its lane's FIFO queue. The wait is reported as ``HTTPTiming/queued``. Because curl never has more
    /// transfers than connections, `CURLMOPT_MAX_HOST_CONNECTIONS` stays unlimited and curl never queues
    /// a transfer out of sight; `CURLMOPT_MAXCONNECTS` of each lane equals the cap, so every connection
    /// that was needed stays cached for reuse (a lane keeps its own cache: lanes that were both used
    /// may hold up to `maxConnections` idle connections each).
    package struct Configuration: Sendable {
        /// Event-loop threads, each with its own multi handle and connection cache. One is enough
        /// unless the loop thread saturates a core.
        package var lanes: Int
        /// The most transfers (and so, for HTTP/1.1, connections) running at once over all lanes.
        package var maxConnections: Int
        /// The whole-transfer timeout for requests that don't set ``HTTPRequest/timeout``.
        package var defaultTimeout: Duration
        /// The connect-phase timeout; `nil` leaves it to the transfer timeout.
        package var connectTimeout: Duration?
        /// HTTP/1.1 (default) or cleartext HTTP/2 with prior knowledge.
        package var httpVersion: HTTPVersion
        /// A response body larger than this fails the request with code `.other`, so a hostile target
        /// cannot exhaust memory.
        package var maxResponseBodyBytes: Int
        /// Which header fields responses carry. Reading them costs a little per request, so a client
        /// that reads one or two names them.
        package var responseHeaders: ResponseHeaders
        /// TLS, proxy and extra headers.
        package var network: NetworkOptions

        package init(
            lanes: Int = 1,
            maxConnections: Int = 256,
            defaultTimeout: Duration = .seconds(30),
            connectTimeout: Duration? = nil,
            httpVersion: HTTPVersion = .http1_1,
            maxResponseBodyBytes: Int = 64 << 20,
            responseHeaders: ResponseHeaders = .all,
            network: NetworkOptions = NetworkOptions()
        ) {
            self.lanes = lanes
            self.maxConnections = maxConnections
            self.defaultTimeout = defaultTimeout
            self.connectTimeout = connectTimeout
            self.httpVersion = httpVersion
            self.maxResponseBodyBytes = maxResponseBodyBytes
            self.responseHeaders = responseHeaders
            self.network = network
        }

        /// The admission cap, shared by the lanes.
        var admissionCap: Int { max(1, maxConnections) }

        func validated() throws(TransportError) -> Configuration {
            guard lanes >= 1, lanes <= 64 else { throw TransportError(.invalidRequest, "lanes must be 1...64") }
            guard maxConnections >= 1 else { throw TransportError(.invalidRequest, "maxConnections must be ≥ 1") }
            guard defaultTimeout > .zero else { throw TransportError(.invalidRequest, "defaultTimeout must be > 0") }
            guard maxResponseBodyBytes >= 0 else {
                throw TransportError(.invalidRequest, "maxResponseBodyBytes must be ≥ 0")
            }
            return self
        }
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so that a tiny positive timeout never becomes "no timeout" (0).
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return max(1, Int(clamping: ms))
    }
}
