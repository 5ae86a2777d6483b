import Synchronization

/// Requests per second the server is receiving, over the last second in ten slices of 100 ms: what
/// the load-dependent bug switch (`logout-lost-under-load`) reads. Real time, not the server's
/// clock, which test control may have frozen.
final class ArrivalRate: Sendable {
    private struct Slices {
        /// The slice each count belongs to (100 ms since `origin`), and its count.
        var numbers = [Int64](repeating: -1, count: 10)
        var counts = [Int](repeating: 0, count: 10)
    }

    private let origin = ContinuousClock.now
    private let slices = Mutex(Slices())

    private func slice(_ instant: ContinuousClock.Instant) -> Int64 {
        let (s, atto) = (instant - origin).components
        return s * 10 + atto / 100_000_000_000_000_000
    }

    /// Counts one request now.
    func note() {
        let n = slice(.now)
        slices.withLock { s in
            let i = Int(n % 10)
            if s.numbers[i] != n { (s.numbers[i], s.counts[i]) = (n, 0) }
            s.counts[i] += 1
        }
    }

    /// Requests received in the last second.
    var perSecond: Int {
        let n = slice(.now)
        return slices.withLock { s in
            (0..<10).reduce(0) { sum, i in s.numbers[i] > n - 10 ? sum + s.counts[i] : sum }
        }
    }
}
