/// When the game is under maintenance (docs/PROTOCOL.md §2 "Maintenance", rule L14): every login then answers
/// 3701 AUTH_NOT_PLAYABLE ("not playable … due to maintenance or service closed", every edition's
/// error table). Maintenance recurs every `periodSeconds` of server time and lasts
/// `durationSeconds`, beginning `offsetSeconds` after each multiple of the period since the epoch;
/// `periodSeconds: null` (the default) is never. A schedule rather than a switch: every player's
/// model knows it in advance, so the players' worlds stay independent while the server is shared.
package struct MaintenanceSemantics: Codable, Hashable, Sendable {
    package var periodSeconds: Int64?
    package var durationSeconds: Int64
    package var offsetSeconds: Int64

    package init(periodSeconds: Int64? = nil, durationSeconds: Int64 = 600, offsetSeconds: Int64 = 0) {
        self.periodSeconds = periodSeconds
        self.durationSeconds = durationSeconds
        self.offsetSeconds = offsetSeconds
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = MaintenanceSemantics()
        periodSeconds = try c.decodeIfPresent(Int64.self, forKey: .periodSeconds)
        durationSeconds = try c.decodeIfPresent(Int64.self, forKey: .durationSeconds) ?? d.durationSeconds
        offsetSeconds = try c.decodeIfPresent(Int64.self, forKey: .offsetSeconds) ?? d.offsetSeconds
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(periodSeconds, forKey: .periodSeconds)  // null = never
        try c.encode(durationSeconds, forKey: .durationSeconds)
        try c.encode(offsetSeconds, forKey: .offsetSeconds)
    }

    private enum CodingKeys: String, CodingKey {
        case periodSeconds, durationSeconds, offsetSeconds
    }

    /// The first maintenance `[start, end)` (epoch ms) that ends after `ms`; `nil` without one.
    package func window(endingAfter ms: Int64) -> Range<Int64>? {
        // Validated semantics stay far from overflow (`Semantics.maxSeconds`); any other schedule
        // (a hostile file or target) has no maintenance rather than trapping.
        guard let p = periodSeconds, p >= 1, p <= Semantics.maxSeconds, durationSeconds >= 1,
            ms.magnitude < UInt64(Int64.max / 4), offsetSeconds.magnitude <= UInt64(Semantics.maxSeconds)
        else { return nil }
        let period = p * 1000
        let duration = min(durationSeconds, p) * 1000
        let offset = ((offsetSeconds * 1000) % period + period) % period
        // The start of the window at or before `ms`: offset + k·period, k = ⌊(ms − offset) / period⌋.
        let shifted = ms - offset
        let k = shifted >= 0 ? shifted / period : -((-shifted + period - 1) / period)
        var start = offset + k * period
        if start + duration <= ms { start += period }
        return start..<(start + duration)
    }

    /// Whether server time `ms` is under maintenance.
    package func contains(_ ms: Int64) -> Bool { window(endingAfter: ms)?.contains(ms) ?? false }
}
