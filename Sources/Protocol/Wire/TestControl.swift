// Test control (`/tcgb-test/v1/apps/{appId}/…`): an optional capability of a target. The
// harness probes for it and enables time-dependent checks only when it is present.

/// The server clock: wall clock plus an offset, optionally frozen.
public struct ServerClock: Codable, Hashable, Sendable {
    /// The server's current time, epoch milliseconds.
    public var now: Int64
    /// What test control has added to the wall clock so far.
    public var offsetMs: Int64
    /// When frozen, time moves only by explicit advances.
    public var frozen: Bool
    public init(now: Int64, offsetMs: Int64, frozen: Bool) {
        self.now = now
        self.offsetMs = offsetMs
        self.frozen = frozen
    }
}

public struct ClockResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var clock: ServerClock?
}

/// Body of `POST …/clock/advance`.
public struct ClockAdvanceRequest: Codable, Hashable, Sendable {
    public var seconds: Int64
    public init(seconds: Int64) { self.seconds = seconds }
}

/// Body of `POST …/clock/freeze`.
public struct ClockFreezeRequest: Codable, Hashable, Sendable {
    public var frozen: Bool
    public init(frozen: Bool) { self.frozen = frozen }
}

/// Body of `POST …/members/{userId}/grace-ban`.
public struct GraceBanRequest: Codable, Hashable, Sendable {
    /// Length of the grace period from now; default 7 days.
    public var gracePeriodSeconds: Int64?
    public var message: String?
    public var releaseRuleCondition: ReleaseRuleCondition?
    public init(
        gracePeriodSeconds: Int64? = nil,
        message: String? = nil,
        releaseRuleCondition: ReleaseRuleCondition? = nil
    ) {
        self.gracePeriodSeconds = gracePeriodSeconds
        self.message = message
        self.releaseRuleCondition = releaseRuleCondition
    }
}

public struct GraceBanResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var graceBanInfo: GraceBanInfo?
}

public struct SemanticsResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var semantics: Semantics?
}

/// The bug switches that are on (so a report can say what the target was).
public struct BugsResponse: Codable, Hashable, Sendable {
    public var header: ResponseHeader
    public var bugs: [String]?
}
