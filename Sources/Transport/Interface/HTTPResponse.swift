/// Where the time of one transfer went, measured by the transport.
package struct HTTPTiming: Hashable, Sendable {
    /// Time until the TCP connection was established (zero when a connection was reused).
    package var connect: Duration
    /// Time until the first response byte arrived.
    package var timeToFirstByte: Duration
    /// Time until the transfer completed.
    package var total: Duration
    /// Time the request waited inside the transport before curl started it (admission limit and loop
    /// hand-off); not part of the three figures above, which curl measures from the start.
    package var queued: Duration
    /// When the exchange was on the wire, on the monotonic clock: from just before curl was given
    /// the request (no byte of it can have left earlier) to when the transport saw the whole
    /// response (every byte of it had arrived). `nil` from a transport that does not measure it.
    /// A shared-pool history takes it as each operation's interval (docs/RESULTS.md).
    package var wire: ClosedRange<ContinuousClock.Instant>?

    package init(
        connect: Duration = .zero,
        timeToFirstByte: Duration = .zero,
        total: Duration = .zero,
        queued: Duration = .zero,
        wire: ClosedRange<ContinuousClock.Instant>? = nil
    ) {
        self.connect = connect
        self.timeToFirstByte = timeToFirstByte
        self.total = total
        self.queued = queued
        self.wire = wire
    }
}

/// A complete response: status, headers, body and how it was obtained.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: [UInt8]
    package var timing: HTTPTiming
    /// True when the request went over a kept-alive connection instead of a new one.
    package var connectionReused: Bool
    /// The HTTP major version the exchange used: 1 (1.0 or 1.1), 2 or 3.
    package var httpVersion: Int

    package init(
        status: Int,
        headers: HTTPHeaders = [],
        body: [UInt8] = [],
        timing: HTTPTiming = HTTPTiming(),
        connectionReused: Bool = false,
        httpVersion: Int = 1
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.timing = timing
        self.connectionReused = connectionReused
        self.httpVersion = httpVersion
    }
}
