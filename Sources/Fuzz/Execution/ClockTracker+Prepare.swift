import Protocol

extension ClockTracker {
    /// Freezes the server clock when the target has test control and returns the tracker;
    /// otherwise a tracker for a free-running clock within the configuration's tolerance.
    package static func prepare(
        client: GamebaseClient,
        configuration: FuzzConfiguration,
        advanceWaitLimit: Duration = ClockTracker.defaultAdvanceWaitLimit
    ) async -> ClockTracker {
        if configuration.capabilities.testControl, let r = try? await client.testFreezeClock(true), let c = r.body.clock
        {
            return ClockTracker(frozenAt: c.now, advanceWaitLimit: advanceWaitLimit)
        }
        return ClockTracker(toleranceMs: configuration.clockToleranceMs)
    }
}
