import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process-wide libcurl set-up, done exactly once before the first handle exists.
enum CurlGlobal {
    /// Swift initialises a global or static `let` lazily under `swift_once`, so this closure runs once,
    /// thread-safely, no matter how many transports start concurrently.
    private static let initResult: CURLcode = {
        // Every handle sets CURLOPT_NOSIGNAL, so curl no longer masks SIGPIPE itself: a peer that
        // closes mid-write must not kill the process.
        signal(SIGPIPE, SIG_IGN)
        return curl_global_init(ccurl_global_all)
    }()

    /// Initialises libcurl if needed.
    /// - Throws: ``TransportError`` with code `.other` if `curl_global_init` failed.
    static func ensureInitialized() throws(TransportError) {
        let code = initResult
        guard code == CURLE_OK else {
            throw TransportError(.other, "curl_global_init failed: \(String(cString: curl_easy_strerror(code)))")
        }
    }
}
