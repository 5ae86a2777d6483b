import Protocol

/// The server-clock interval (epoch ms, inclusive) during which the server handled a request.
/// With a frozen server clock (test control) it is exact; otherwise it comes from the local clock
/// widened by a skew tolerance.
package struct ClockWindow: Hashable, Sendable, Codable, CustomStringConvertible {
    package var lo: Int64
    package var hi: Int64
    package init(lo: Int64, hi: Int64) {
        self.lo = lo
        self.hi = max(lo, hi)
    }
    package init(exactly t: Int64) { self.init(lo: t, hi: t) }
    package var description: String { lo == hi ? "@\(lo)" : "[\(lo)…\(hi)]" }

    /// A moment of this window, as a deadline: when something the request did happened.
    package var during: Deadline { Deadline(earliest: lo, latest: hi) }

    /// The deadline `duration` ms after a moment of this window.
    package func deadline(after duration: Int64, boundaryAmbiguous: Bool = false) -> Deadline {
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
package struct Deadline: Hashable, Sendable, Codable, CustomStringConvertible {
    package var earliest: Int64
    package var latest: Int64
    package var boundaryAmbiguous: Bool
    package init(earliest: Int64, latest: Int64, boundaryAmbiguous: Bool = false) {
        self.earliest = earliest
        self.latest = max(earliest, latest)
        self.boundaryAmbiguous = boundaryAmbiguous
    }
    package init(exactly t: Int64, boundaryAmbiguous: Bool = false) {
        self.init(earliest: t, latest: t + (boundaryAmbiguous ? 1 : 0), boundaryAmbiguous: boundaryAmbiguous)
    }
    /// The value the server reports for this deadline, as an interval.
    package var valueRange: ClosedRange<Int64> { earliest...(latest - (boundaryAmbiguous ? 1 : 0)) }
    package var isObserved: Bool { valueRange.lowerBound == valueRange.upperBound }
    /// Whether an observed value is consistent with the deadline.
    package func admits(_ value: Int64) -> Bool { valueRange.contains(value) }
    /// The deadline after observing its value.
    package func resolved(_ value: Int64) -> Deadline { Deadline(exactly: value, boundaryAmbiguous: boundaryAmbiguous) }
    package var description: String {
        let r = valueRange
        return r.lowerBound == r.upperBound ? "\(r.lowerBound)" : "[\(r.lowerBound)…\(r.upperBound)]"
    }
}
