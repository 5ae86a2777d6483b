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

    package init(
        connect: Duration = .zero,
        timeToFirstByte: Duration = .zero,
        total: Duration = .zero,
        queued: Duration = .zero
    ) {
        self.connect = connect
        self.timeToFirstByte = timeToFirstByte
        self.total = total
        self.queued = queued
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

    package init(
        status: Int,
        headers: HTTPHeaders = [],
        body: [UInt8] = [],
        timing: HTTPTiming = HTTPTiming(),
        connectionReused: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.timing = timing
        self.connectionReused = connectionReused
    }
}
