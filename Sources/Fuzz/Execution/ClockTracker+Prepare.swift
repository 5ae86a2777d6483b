import Protocol

extension ClockTracker {
    /// Freezes the server clock when the target has test control and returns the tracker;
    /// otherwise a tracker for a free-running clock within the configuration's tolerance.
    ///
    /// A freeze whose answer was lost (a loaded target, a timeout) may still have frozen the clock:
    /// judging a frozen server with a free-running window then fails every deadline, so it is sent
    /// again (freezing keeps the time, so a second freeze answers with the first one's), up to
    /// three times.
    package static func prepare(
        client: GamebaseClient,
        configuration: FuzzConfiguration,
        advanceWaitLimit: Duration = ClockTracker.defaultAdvanceWaitLimit
    ) async -> ClockTracker {
        if configuration.capabilities.testControl {
            for _ in 0..<3 {
                guard let r = try? await client.testFreezeClock(true) else { continue }
                guard let c = r.body.clock else { break }
                return ClockTracker(frozenAt: c.now, advanceWaitLimit: advanceWaitLimit)
            }
        }
        return ClockTracker(toleranceMs: configuration.clockToleranceMs)
    }
}
