import Foundation
import GRDB
import Hummingbird
import Protocol
import RequestInput

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
        MaintenanceControl.register(router, g, prefix: prefix, family: .testControl)
        router.get("\(prefix)/bugs") { req, ctx in
            _ = try await g.admit(req, ctx, .testControl, body: .none)
            return Envelope.response(BugsResponse(Envelope.header(ctx), bugs: backend.bugs.names), context: ctx)
        }
    }

    static func object(_ json: JSONValue?, _ v: Validator) -> ObjectReader? {
        if case .object(let o)? = json { ObjectReader(o, v) } else { nil }
    }
}
