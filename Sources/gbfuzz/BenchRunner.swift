import Histogram
import Transport

#if canImport(Glibc)
import Glibc
#endif

/// Runs the closed-loop HTTP benchmark: one task per connection, each sending its next request as soon
/// as the last one completes, until the deadline.
struct BenchRunner: Sendable {
    /// What one worker (or all of them, merged) measured.
    struct Result: Sendable {
        /// Exchanges that returned an HTTP response (any status).
        var requests = 0
        var errors: [String: Int] = [:]
        /// The first message seen for each error code, to show what went wrong.
        var errorSamples: [String: String] = [:]
        var statuses: [Int: Int] = [:]
        /// Latency of responses in microseconds.
        var latency = Histogram<UInt64>(highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
        var elapsed: Duration = .zero

        var errorCount: Int { errors.values.reduce(0, +) }

        mutating func merge(_ other: Result) {
            requests += other.requests
            errors.merge(other.errors, uniquingKeysWith: +)
            errorSamples.merge(other.errorSamples) { first, _ in first }
            statuses.merge(other.statuses, uniquingKeysWith: +)
            latency.add(other.latency)
        }
    }

    /// One lane per online CPU, at most 4. On the 2-core reference box two lanes beat one by about 40%
    /// (one lane saturates its thread: see docs/BENCHMARKS.md).
    static let defaultLanes: Int = {
        let cpus = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return max(1, min(4, cpus))
    }()

    let transport: CurlTransport
    let request: HTTPRequest
    /// Run the workers on the transport's lane executors (no thread hop per request).
    let pinned: Bool

    /// One request before the run: a failure to connect at all is reported instead of benchmarked.
    func probe() async -> TransportError? {
        do {
            _ = try await transport.send(request)
            return nil
        } catch let error as TransportError {
            switch error.code {
            case .connectionRefused, .dnsFailure, .timeout, .invalidRequest: return error
            default: return nil  // it connected; the run will count this kind of error
            }
        } catch {
            return TransportError(.other, "\(error)")
        }
    }

    func run(connections: Int, duration: Duration) async -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + duration
        var total = await withTaskGroup(of: Result.self) { group in
            for worker in 0..<connections {
                let executor = pinned ? transport.executor(lane: worker % transport.laneCount) : nil
                group.addTask(executorPreference: executor) {
                    await work(until: deadline, clock: clock)
                }
            }
            var total = Result()
            for await partial in group { total.merge(partial) }
            return total
        }
        total.elapsed = clock.now - start
        return total
    }

    private func work(until deadline: ContinuousClock.Instant, clock: ContinuousClock) async -> Result {
        var result = Result()
        // Per-status counts in a flat array: a dictionary update per response costs more than the rest
        // of this loop.
        var statusCounts = [Int](repeating: 0, count: 600)
        var now = clock.now
        while now < deadline {
            let sent = now
            do {
                let response = try await transport.send(request)
                now = clock.now
                result.requests += 1
                if response.status >= 0 && response.status < statusCounts.count {
                    statusCounts[response.status] += 1
                } else {
                    result.statuses[response.status, default: 0] += 1
                }
                let (seconds, attoseconds) = (now - sent).components
                result.latency.record(UInt64(seconds) * 1_000_000 + UInt64(attoseconds / 1_000_000_000_000))
            } catch let error as TransportError {
                result.errors[error.code.name, default: 0] += 1
                if result.errorSamples[error.code.name] == nil { result.errorSamples[error.code.name] = error.message }
                if error.code == .shutdown { break }
                now = clock.now
            } catch {
                break  // cancelled
            }
        }
        for (status, count) in statusCounts.enumerated() where count > 0 {
            result.statuses[status, default: 0] += count
        }
        return result
    }
}
