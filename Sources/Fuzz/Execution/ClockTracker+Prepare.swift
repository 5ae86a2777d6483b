import Protocol

extension ClockTracker {
    /// Freezes the server clock when the target has test control and returns the tracker;
    /// otherwise a tracker for a free-running clock within the configuration's tolerance.
    package static func prepare(client: GamebaseClient, configuration: FuzzConfiguration) async -> ClockTracker {
        if configuration.capabilities.testControl, let r = try? await client.testFreezeClock(true), let c = r.body.clock
        {
            return ClockTracker(frozenAt: c.now)
        }
        return ClockTracker(toleranceMs: configuration.clockToleranceMs)
    }
}
