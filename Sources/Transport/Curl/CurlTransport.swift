import CCurl
import Synchronization

/// HTTP over libcurl's multi interface: one or more event-loop threads ("lanes"), each with its own
/// multi handle, connection cache and pool of easy handles.
///
/// A request is configured on the calling task (off the loop), handed to a lane, run by curl on the
/// lane's thread and finished back on the calling task. Keep-alive connections are reused; at most
/// ``Configuration/maxConnections`` transfers run at once and the rest wait in the transport (see
/// ``HTTPTiming/queued``). Cancelling the calling task removes its transfer and throws
/// `CancellationError`; ``shutdown()`` fails every pending request with `.shutdown`.
package final class CurlTransport: HTTPTransport {
    package let configuration: Configuration
    private let lanes: [CurlLane]
    /// What request loops prefer when there are several lanes.
    private let packer: LanePacker
    private let counters = TransportCounters()
    private let defaults: TransferDefaults
    private let nextLane = Atomic<Int>(0)

    /// Creates a transport and starts its lane threads.
    /// - Throws: ``TransportError`` `.invalidRequest` for a bad configuration, `.other` if curl or a
    ///   thread cannot be set up.
    package init(configuration: Configuration = Configuration()) throws(TransportError) {
        let configuration = try configuration.validated()
        try CurlGlobal.ensureInitialized()
        self.configuration = configuration
        let defaults = TransferDefaults(configuration)
        self.defaults = defaults
        let counters = self.counters
        var lanes: [CurlLane] = []
        for index in 0..<configuration.lanes {
            lanes.append(
                try CurlLane(index: index, cap: configuration.admissionCap, defaults: defaults, counters: counters)
            )
        }
        self.lanes = lanes
        self.packer = LanePacker(lanes: lanes)
        for (index, lane) in lanes.enumerated() {
            do {
                try lane.start()
            } catch {
                for started in lanes[..<index] { started.requestStop() }
                throw error
            }
        }
    }

    deinit {
        // No request can be running: each `send` holds a reference. The loops free their own handles.
        for lane in lanes { lane.requestStop() }
    }

    /// Sends `request` and returns the complete response.
    /// - Throws: ``TransportError`` for network failures and after ``shutdown()``, `CancellationError`
    ///   when the calling task is cancelled.
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let lane = currentLane()
        let transfer = try lane.pool.acquire(for: request)
        do {
            try transfer.configure(request, defaults)
        } catch {
            lane.pool.recycle(transfer)
            throw error
        }
        let generation = transfer.generation
        let code: CURLcode
        do {
            code = try await withTaskCancellationHandler {
                // Unsafe rather than checked: the lane resumes a transfer exactly once (it leaves the
                // loop's queues before its continuation is resumed), and this path runs per request.
                try await withUnsafeThrowingContinuation { continuation in
                    lane.submit(transfer, continuation)
                }
            } onCancel: {
                lane.cancel(transfer, generation: generation)
            }
        } catch {
            lane.pool.recycle(transfer)
            throw error
        }
        defer { lane.pool.recycle(transfer) }
        return try transfer.takeResponse(code, headers: defaults.responseHeaders)
    }

    /// Fails every pending and in-flight request with `.shutdown`, frees every curl handle and stops the
    /// lane threads. Later requests fail with `.shutdown`. Idempotent.
    package func shutdown() async {
        for lane in lanes { lane.requestStop() }
        for lane in lanes { await lane.awaitTermination() }
    }

    /// The number of lanes (event-loop threads).
    package var laneCount: Int { lanes.count }

    /// The task executor of lane `index`: a task that prefers it runs on that lane's loop thread, and
    /// its requests go to that lane without a thread hop. Meant for request loops that do little work
    /// per response (load generation); blocking in such a task stalls the lane.
    package func executor(lane index: Int) -> any TaskExecutor {
        lanes[index % lanes.count]
    }

    /// The executor request loops should prefer: the lane itself when there is one, else a
    /// ``LanePacker``, which runs every loop on a lane's thread and packs the loops onto as few
    /// lanes as keep up (spreading them when a lane is saturated). `key` is not used: where a loop
    /// runs follows the lanes' load, not its number.
    package func preferredTaskExecutor(for key: Int) -> (any TaskExecutor)? {
        lanes.count == 1 ? lanes[0] : packer
    }

    /// The lane whose thread runs the caller, else the next one round-robin.
    private func currentLane() -> CurlLane {
        if lanes.count == 1 { return lanes[0] }
        for lane in lanes where lane.isLoopThread { return lane }
        return lanes[nextLane.add(1, ordering: .relaxed).oldValue % lanes.count]
    }

    // MARK: Diagnostics (tests assert these return to zero)

    /// Easy handles alive in this transport (idle in a pool or in use).
    package var liveEasyHandleCount: Int { counters.liveEasyHandles.load(ordering: .acquiring) }

    /// Requests handed to a lane and not yet resumed.
    package var inFlightCount: Int { counters.inFlight.load(ordering: .acquiring) }
}
