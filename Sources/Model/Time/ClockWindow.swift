import Protocol

/// The server-clock interval (epoch ms, inclusive) during which the server handled a request.
/// With a frozen server clock (test control) it is exact; otherwise it comes from the local clock
/// widened by a skew tolerance.
public struct ClockWindow: Hashable, Sendable, Codable, CustomStringConvertible {
    public var lo: Int64
    public var hi: Int64
    public init(lo: Int64, hi: Int64) {
        self.lo = lo
        self.hi = max(lo, hi)
    }
    public init(exactly t: Int64) { self.init(lo: t, hi: t) }
    public var description: String { lo == hi ? "@\(lo)" : "[\(lo)…\(hi)]" }

    /// The deadline `duration` ms after a moment of this window.
    public func deadline(after duration: Int64, boundaryAmbiguous: Bool = false) -> Deadline {
        Deadline(
            earliest: lo + duration,
            latest: hi + duration + (boundaryAmbiguous ? 1 : 0),
            boundaryAmbiguous: boundaryAmbiguous
        )
    }
}

/// A moment at which something stops (or starts) holding, known up to an interval: it has surely
/// passed at a server time `t ≥ latest` and surely not at `t < earliest`. An observed deadline is
/// exact; one where PROTOCOL.md leaves "now ≥ d or now > d" open is `boundaryAmbiguous` and adds 1 ms.
public struct Deadline: Hashable, Sendable, Codable, CustomStringConvertible {
    public var earliest: Int64
    public var latest: Int64
    public var boundaryAmbiguous: Bool
    public init(earliest: Int64, latest: Int64, boundaryAmbiguous: Bool = false) {
        self.earliest = earliest
        self.latest = max(earliest, latest)
        self.boundaryAmbiguous = boundaryAmbiguous
    }
    public init(exactly t: Int64, boundaryAmbiguous: Bool = false) {
        self.init(earliest: t, latest: t + (boundaryAmbiguous ? 1 : 0), boundaryAmbiguous: boundaryAmbiguous)
    }
    /// The value the server reports for this deadline, as an interval.
    public var valueRange: ClosedRange<Int64> { earliest...(latest - (boundaryAmbiguous ? 1 : 0)) }
    public var isObserved: Bool { valueRange.lowerBound == valueRange.upperBound }
    /// Whether an observed value is consistent with the deadline.
    public func admits(_ value: Int64) -> Bool { valueRange.contains(value) }
    /// The deadline after observing its value.
    public func resolved(_ value: Int64) -> Deadline { Deadline(exactly: value, boundaryAmbiguous: boundaryAmbiguous) }
    public var description: String {
        let r = valueRange
        return r.lowerBound == r.upperBound ? "\(r.lowerBound)" : "[\(r.lowerBound)…\(r.upperBound)]"
    }
}
