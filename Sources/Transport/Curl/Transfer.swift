import CCurl
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pooled exchange slot: a curl easy handle and everything curl reads from or writes to while a
/// transfer runs (error buffer, request body bytes, header list, response body).
///
/// `@unchecked Sendable` because ownership moves between threads, and one owner at a time touches it:
/// pool (under the pool's lock) → the sending task (configures it) → the lane's loop thread (from
/// submission, under the inbox lock, until it resumes the continuation) → the sending task (reads the
/// result) → the pool. Every hand-off goes through a `Mutex` or a continuation resume, which order
/// memory. The loop-only fields below are never touched by anyone but the loop thread.
final class Transfer: @unchecked Sendable {
    /// Where a transfer is, from the loop's point of view.
    enum Placement {
        case outside
        case waiting
        case active(index: Int)
    }

    let easy: UnsafeMutableRawPointer
    /// CURLOPT_ERRORBUFFER: curl requires `CURL_ERROR_SIZE` bytes that stay alive while the handle is used.
    let errorBuffer: UnsafeMutablePointer<CChar>
    private let counters: TransportCounters

    // MARK: Owner fields (whoever owns the transfer, see the type's comment)

    /// The response body received so far.
    var body: [UInt8] = []
    var bodyLimit = Int.max
    /// Set when the body passed `bodyLimit` and the write callback aborted the transfer.
    var bodyOverflowed = false
    /// CURLOPT_POSTFIELDS does not copy: the request body is staged here and kept until completion.
    var requestBody: UnsafeMutableRawPointer?
    var requestBodyCapacity = 0
    /// The CURLOPT_HTTPHEADER list and the request headers it was built from, reused while they match.
    var headerLines = HeaderLines()
    var headerListKey: HTTPHeaders?
    var headerListHasBody = false
    /// The request the handle's options were last set for; `nil` forces a full reconfiguration.
    var configuredFor: HTTPRequest?
    var continuation: UnsafeContinuation<CURLcode, any Error>?
    /// `scheme://authority` of the URL, kept only for ``HTTP2ReuseWorkaround``.
    var origin = ""
    var submittedAt = ContinuousClock.now
    /// Set by the loop just before it gives the handle to curl, and when it finishes the use.
    var admittedAt = ContinuousClock.now
    var finishedAt = ContinuousClock.now

    // MARK: Loop-only fields

    /// Bumped by the loop each time it finishes the transfer, so a late cancel for an earlier use is ignored.
    var generation: UInt64 = 0
    var placement = Placement.outside
    /// A cancel arrived before the submission did: fail the submission when it comes.
    var cancelRequested = false

    init(counters: TransportCounters) throws(TransportError) {
        guard let easy = curl_easy_init() else { throw TransportError(.other, "curl_easy_init failed") }
        self.easy = easy
        self.errorBuffer = .allocate(capacity: Int(ccurl_error_size))
        self.errorBuffer.initialize(repeating: 0, count: Int(ccurl_error_size))
        self.counters = counters
        counters.liveEasyHandles.add(1, ordering: .relaxed)
    }

    deinit {
        // The handle is never in a multi handle here: the loop holds a reference while it is.
        curl_easy_cleanup(easy)
        headerLines.release()
        free(requestBody)
        errorBuffer.deallocate()
        counters.liveEasyHandles.subtract(1, ordering: .releasing)
    }

    /// Appends a chunk of response body; false aborts the transfer (curl then reports CURLE_WRITE_ERROR).
    func receive(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if chunk.count > bodyLimit - body.count {
            bodyOverflowed = true
            return false
        }
        if body.capacity == 0 {
            // Size the buffer once from Content-Length rather than growing it chunk by chunk.
            var length: curl_off_t = -1
            _ = ccurl_easy_getinfo_off(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
            if length > chunk.count { body.reserveCapacity(Int(min(Int64(length), Int64(bodyLimit)))) }
        }
        body.append(contentsOf: chunk)
        return true
    }

    /// Releases per-use state before the transfer goes back to the pool.
    func scrub() {
        body = []
        continuation = nil
        // Keep a reasonable staging buffer for the next body; give a huge one back.
        if requestBodyCapacity > 1 << 20 {
            configuredFor = nil  // POSTFIELDS points into the buffer freed here
            free(requestBody)
            requestBody = nil
            requestBodyCapacity = 0
        }
    }
}

/// CURLOPT_WRITEFUNCTION of every transfer; WRITEDATA is the unretained `Transfer`.
///
/// A global `let` in a library file on purpose: a closure in top-level code is inferred `@MainActor`
/// and traps when curl calls it on the loop thread.
let transferWriteCallback: ccurl_data_cb = { data, size, count, userdata in
    let bytes = size * count
    guard let data, let userdata else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
    return transfer.receive(UnsafeRawBufferPointer(start: data, count: bytes)) ? bytes : 0
}
