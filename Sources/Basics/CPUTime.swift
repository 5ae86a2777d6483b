#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time, for benchmarks that report what a piece of work cost rather than how long it took.
package enum CPUTime {
    /// CPU time the calling thread has used, in nanoseconds. Differences are meaningful only while
    /// the caller stays on one thread (no suspension point in between).
    package static func threadNanos() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// User and system CPU time this process has used, in all its threads.
    package static func process() -> (user: Duration, system: Duration) {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func duration(_ t: timeval) -> Duration { .seconds(Int64(t.tv_sec)) + .microseconds(Int64(t.tv_usec)) }
        return (duration(usage.ru_utime), duration(usage.ru_stime))
    }
}
