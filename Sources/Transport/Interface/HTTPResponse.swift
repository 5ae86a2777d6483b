/// Where the time of one transfer went, measured by the transport.
public struct HTTPTiming: Hashable, Sendable {
    /// Time until the TCP connection was established (zero when a connection was reused).
    public var connect: Duration
    /// Time until the first response byte arrived.
    public var timeToFirstByte: Duration
    /// Time until the transfer completed.
    public var total: Duration
    /// Time the request waited inside the transport before curl started it (admission limit and loop
    /// hand-off); not part of the three figures above, which curl measures from the start.
    public var queued: Duration

    public init(
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
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var timing: HTTPTiming
    /// True when the request went over a kept-alive connection instead of a new one.
    public var connectionReused: Bool

    public init(
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
