// Test control (`/tcgb-test/v1/apps/{appId}/…`): an optional capability of a target. The
// harness probes for it and enables time-dependent checks only when it is present.

/// The server clock: wall clock plus an offset, optionally frozen.
package struct ServerClock: Codable, Hashable, Sendable {
    /// The server's current time, epoch milliseconds.
    package var now: Int64
    /// What test control has added to the wall clock so far.
    package var offsetMs: Int64
    /// When frozen, time moves only by explicit advances.
    package var frozen: Bool
    package init(now: Int64, offsetMs: Int64, frozen: Bool) {
        self.now = now
        self.offsetMs = offsetMs
        self.frozen = frozen
    }
}

package struct ClockResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var clock: ServerClock?
}

/// Body of `POST …/clock/advance`.
package struct ClockAdvanceRequest: Codable, Hashable, Sendable {
    package var seconds: Int64
    package init(seconds: Int64) { self.seconds = seconds }
}

/// Body of `POST …/clock/freeze`.
package struct ClockFreezeRequest: Codable, Hashable, Sendable {
    package var frozen: Bool
    package init(frozen: Bool) { self.frozen = frozen }
}

/// The grace-ban body with its integers (`gracePeriodSeconds`, `releaseRuleCondition.count`) written
/// as JSON number texts: plain digits, or an edge value's number form (docs/PROTOCOL.md §1.3).
/// Only ``JSONWritable`` can write it.
package struct GraceBanNumberText: Encodable, Hashable, Sendable {
    package var request: GraceBanRequest
    package var gracePeriodSeconds: String?
    package var count: String?

    package init(_ request: GraceBanRequest, integerText: (Int64) -> String = { String($0) }) {
        self.request = request
        gracePeriodSeconds = request.gracePeriodSeconds.map(integerText)
        count = request.releaseRuleCondition.map { integerText(Int64($0.count)) }
    }

    package func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            request,
            .init(codingPath: [], debugDescription: "JSON number text is written by JSONWritable only")
        )
    }
}

/// Body of `POST …/members/{userId}/grace-ban`.
package struct GraceBanRequest: Codable, Hashable, Sendable {
    /// Length of the grace period from now; default 7 days.
    package var gracePeriodSeconds: Int64?
    package var message: String?
    package var releaseRuleCondition: ReleaseRuleCondition?
    package init(
        gracePeriodSeconds: Int64? = nil,
        message: String? = nil,
        releaseRuleCondition: ReleaseRuleCondition? = nil
    ) {
        self.gracePeriodSeconds = gracePeriodSeconds
        self.message = message
        self.releaseRuleCondition = releaseRuleCondition
    }
}

/// Body of `POST …/members/{userId}/payment`: a purchase by the user, counted towards the release
/// conditions of a grace ban (`paymentStatus`).
package struct PaymentRequest: Codable, Hashable, Sendable {
    package var amount: Double
    package var currency: String
    package init(amount: Double, currency: String) {
        self.amount = amount
        self.currency = currency
    }
}

/// The answer of the grace-ban and payment calls: the user's `graceBanInfo`, absent when no grace
/// ban is pending (a payment that met the release conditions ended it).
package struct GraceBanResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var graceBanInfo: GraceBanInfo?
}

package struct SemanticsResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var semantics: Semantics?
}

/// The answer of the maintenance calls (docs/PROTOCOL.md §4 "Maintenance"): the schedule in force
/// and whether the server's clock is inside one of its windows now.
package struct MaintenanceResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var maintenance: MaintenanceSemantics?
    package var underMaintenance: Bool?
}

/// Body of `POST …/maintenance/start`: maintenance from the current second for `durationSeconds`.
package struct MaintenanceStartRequest: Codable, Hashable, Sendable {
    package var durationSeconds: Int64
    package init(durationSeconds: Int64) { self.durationSeconds = durationSeconds }
}

/// The bug switches that are on (so a report can say what the target was).
package struct BugsResponse: Codable, Hashable, Sendable {
    package var header: ResponseHeader
    package var bugs: [String]?
}
