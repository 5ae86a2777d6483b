import Hummingbird
import Protocol
import RequestInput

/// The maintenance switch (docs/PROTOCOL.md §4 "Maintenance"): read the schedule in force,
/// replace it, or start maintenance now for a while. The same three routes are served under test
/// control and under the Server API (E17, *ours*: a game's operators switch maintenance from their
/// own servers, where no test control exists). The knob `maintenance` is the schedule a server
/// starts with and `POST …/reset` goes back to.
enum MaintenanceControl {
    /// Registers the routes under `prefix` (`…/maintenance`, `…/maintenance/start`), admitted as
    /// `family` (both need the secret key).
    static func register(
        _ router: Router<ServerRequestContext>,
        _ g: Gateway,
        prefix: String,
        family: Gateway.Family
    ) {
        let backend = g.backend
        router.get("\(prefix)/maintenance") { req, ctx in
            _ = try await g.admit(req, ctx, family, body: .none)
            return answer(backend, ctx)
        }
        router.put("\(prefix)/maintenance") { req, ctx in
            let json = try await g.admit(req, ctx, family, body: .object)
            let v = g.validator(ctx)
            let r = TestControlRoutes.object(json, v)
            let defaults = MaintenanceSemantics()
            let schedule = MaintenanceSemantics(
                periodSeconds: r?.int("periodSeconds"),
                durationSeconds: r?.int("durationSeconds") ?? defaults.durationSeconds,
                offsetSeconds: r?.int("offsetSeconds") ?? defaults.offsetSeconds
            )
            try v.check()
            try validate(schedule, backend, v)
            backend.switchMaintenance(to: schedule)
            return answer(backend, ctx)
        }
        router.post("\(prefix)/maintenance/start") { req, ctx in
            let json = try await g.admit(req, ctx, family, body: .object)
            let v = g.validator(ctx)
            let duration = TestControlRoutes.object(json, v)?.int("durationSeconds", required: true) ?? 1
            try v.check()
            // One window from the current second: a period of 100 years whose offset is now.
            let period = Semantics.maxSeconds
            let now = backend.clock.now()
            let second = (now >= 0 ? now / 1000 : (now - 999) / 1000)
            let schedule = MaintenanceSemantics(
                periodSeconds: period,
                durationSeconds: duration,
                offsetSeconds: ((second % period) + period) % period
            )
            try validate(schedule, backend, v)
            backend.switchMaintenance(to: schedule)
            return answer(backend, ctx)
        }
    }

    /// The knob's own rules (§5): -4000005 and nothing switched when the schedule breaks one.
    static func validate(_ schedule: MaintenanceSemantics, _ backend: Backend, _ v: Validator) throws {
        var semantics = backend.semantics
        semantics.maintenance = schedule
        for problem in semantics.problems() where problem.key.hasPrefix("maintenance.") {
            v.report(.inappropriateValue, problem.description)
        }
        try v.check()
    }

    static func answer(_ backend: Backend, _ ctx: ServerRequestContext) -> Response {
        let schedule = backend.maintenance
        return Envelope.response(
            MaintenanceResponse(
                Envelope.header(ctx),
                maintenance: schedule,
                underMaintenance: schedule.contains(backend.clock.now())
            ),
            context: ctx
        )
    }
}
