import Foundation
import GRDB
import Hummingbird
import Protocol

/// Test control under `/tcgb-test/v1/apps/{appId}` (docs/PROTOCOL.md §4), `X-Secret-Key` protected.
enum TestControlRoutes {
    static let prefix = "/tcgb-test/v1/apps/:appId"
    /// Largest clock advance or grace period accepted: 100 years.
    static let maxSeconds: Int64 = 3_153_600_000

    static func register(_ router: Router<ServerRequestContext>, _ g: Gateway) {
        let backend = g.backend
        router.get("\(prefix)/semantics") { req, ctx in
            _ = try await g.admit(req, ctx, .testControl, body: .none)
            return Envelope.response(
                SemanticsResponse(Envelope.header(ctx), semantics: backend.liveSemantics),
                context: ctx
            )
        }
        router.get("\(prefix)/clock") { req, ctx in
            _ = try await g.admit(req, ctx, .testControl, body: .none)
            return Envelope.response(ClockResponse(Envelope.header(ctx), clock: backend.clock.snapshot()), context: ctx)
        }
        router.post("\(prefix)/clock/advance") { req, ctx in
            let json = try await g.admit(req, ctx, .testControl, body: .object)
            let v = g.validator(ctx)
            let seconds = object(json, v)?.int("seconds", required: true) ?? 0
            if seconds < 0 || seconds > maxSeconds { v.report(.inappropriateValue, "seconds must be 0…\(maxSeconds)") }
            try v.check()
            guard let clock = backend.clock.advance(milliseconds: seconds * 1000) else {
                let max = GamebaseDate.iso8601(milliseconds: GamebaseDate.maxMilliseconds)
                throw GamebaseFailure(.inappropriateValue, "the clock cannot pass \(max)")
            }
            return Envelope.response(ClockResponse(Envelope.header(ctx), clock: clock), context: ctx)
        }
        router.post("\(prefix)/clock/freeze") { req, ctx in
            let json = try await g.admit(req, ctx, .testControl, body: .object)
            let v = g.validator(ctx)
            let frozen = object(json, v)?.bool("frozen", required: true) ?? false
            try v.check()
            let clock = backend.clock.freeze(frozen)
            return Envelope.response(ClockResponse(Envelope.header(ctx), clock: clock), context: ctx)
        }
        router.post("\(prefix)/members/:userId/grace-ban") { req, ctx in
            let json = try await g.admit(req, ctx, .testControl, body: .object)
            let input = try GraceBanInput.parse(object(json, g.validator(ctx)), userId: g.path(ctx, "userId"))
            return try await g.runServer(ctx) { s in try GraceBanInput.apply(s, input) }
        }
        router.post("\(prefix)/members/:userId/payment") { req, ctx in
            let json = try await g.admit(req, ctx, .testControl, body: .object)
            let input = try PaymentInput.parse(object(json, g.validator(ctx)), userId: g.path(ctx, "userId"))
            return try await g.runServer(ctx) { s in try PaymentInput.apply(s, input) }
        }
        router.post("\(prefix)/reset") { req, ctx in
            _ = try await g.admit(req, ctx, .testControl, body: .none)
            try await backend.eraseAll()
            backend.clock.reset()
            backend.switchMaintenance(to: nil)
            return Envelope.response(EmptyResponse(header: Envelope.header(ctx)), context: ctx)
        }
        MaintenanceControl.register(router, g)
        router.get("\(prefix)/bugs") { req, ctx in
            _ = try await g.admit(req, ctx, .testControl, body: .none)
            return Envelope.response(BugsResponse(Envelope.header(ctx), bugs: backend.bugs.names), context: ctx)
        }
    }

    static func object(_ json: JSONValue?, _ v: Validator) -> ObjectReader? {
        if case .object(let o)? = json { ObjectReader(o, v) } else { nil }
    }
}

/// Body of `POST …/members/{userId}/grace-ban` (B5).
struct GraceBanInput: Sendable {
    var userId: String
    var seconds: Int64
    var message: String
    var rule: ReleaseRuleCondition?

    static func parse(_ r: ObjectReader?, userId: String) throws -> GraceBanInput {
        guard let r else { throw GamebaseFailure(.malformedJSON) }
        let v = r.validator
        let seconds = r.int("gracePeriodSeconds") ?? 7 * 86_400
        if seconds < 1 || seconds > TestControlRoutes.maxSeconds { v.report(.inappropriateValue, "gracePeriodSeconds") }
        let message = r.string("message") ?? ""
        var rule: ReleaseRuleCondition?
        if let c = r.object("releaseRuleCondition") {
            let amount = c.number("amount", required: true)
            let count = c.int("count", required: true)
            let currency = c.string("currency", required: true)
            let type = c.oneOf("conditionType", ["AND", "OR"], required: true)
            if let amount, let count, let currency, let type {
                rule = ReleaseRuleCondition(
                    amount: amount,
                    count: Int(clamping: count),
                    currency: currency,
                    conditionType: type
                )
            }
        }
        try v.check()
        return GraceBanInput(userId: userId, seconds: seconds, message: message, rule: rule)
    }

    static func apply(_ s: OperationScope, _ input: GraceBanInput) throws -> GraceBanResponse {
        guard var user = try UserRow.fetch(s.db, input.userId) else { throw Rejection(.memberNotExist) }
        guard user.valid != .withdrawn, user.valid != .lost else { throw Rejection(.memberAlreadyWithdrawn) }
        // A new grace ban replaces the pending one, its conditions and what was paid towards them.
        user.clearGraceBan()
        user.graceBanUntil = s.now + input.seconds * 1000
        user.graceBanMessage = input.message
        user.graceBanRule = input.rule.flatMap { try? String(decoding: JSONEncoder().encode($0), as: UTF8.self) }
        try user.update(s.db)
        s.backend.noteDeadline(user.graceBanUntil!)
        return GraceBanResponse(s.caller.header(), graceBanInfo: MemberView.graceBanInfo(user))
    }
}
