import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes cleartext HTTP/2 with prior knowledge reuse connections on libcurl before 8.0.
///
/// libcurl 7.88 (this project's Debian 12 baseline) fails every transfer that reuses a
/// prior-knowledge connection with "Error in the HTTP2 framing layer" (CURLE_HTTP2): it layers a
/// second HTTP/2 handler onto the connection (curl issue #10634, fixed in 8.0.0). A transfer asking
/// for plain HTTP/2 (`CURL_HTTP_VERSION_2_0`) reuses such a connection correctly, but on a new
/// connection it would try an HTTP/1.1 `Upgrade: h2c`. So, per origin, the lane opens the connection
/// with one prior-knowledge transfer, holds the others until it is up, then sends them as
/// `CURL_HTTP_VERSION_2_0` multiplexed on it. Any connection close returns every origin to "closed",
/// so the next transfer opens again with prior knowledge. Loop-thread only.
struct HTTP2ReuseWorkaround {
    /// True when the linked libcurl has the bug.
    static let neededByLibcurl: Bool = {
        guard let info = curl_version_info(ccurl_version_now) else { return true }
        return info.pointee.version_num < 0x08_00_00
    }()

    private enum State {
        case opening(Transfer)
        case open
    }

    private var origins: [String: State] = [:]

    /// Sets the HTTP version of `transfer` before it is added; false holds it back for now.
    mutating func prepare(_ transfer: Transfer, lane: CurlLane) -> Bool {
        let version: Int
        switch origins[transfer.origin] {
        case .open:
            version = Int(CURL_HTTP_VERSION_2_0)
        case .opening:
            return false
        case nil:
            origins[transfer.origin] = .opening(transfer)
            version = Int(CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE)
        }
        let h = transfer.easy
        _ = ccurl_easy_setopt_long(h, CURLOPT_HTTP_VERSION, version)
        _ = ccurl_easy_setopt_closesocketcb(h, laneCloseSocketCallback)
        _ = ccurl_easy_setopt_ptr(h, CURLOPT_CLOSESOCKETDATA, Unmanaged.passUnretained(lane).toOpaque())
        return true
    }

    /// Records how a transfer ended; the opener's success marks its origin open.
    mutating func finished(_ transfer: Transfer, code: CURLcode) {
        guard case .opening(let opener) = origins[transfer.origin], opener === transfer else {
            if code == CURLE_HTTP2 { origins[transfer.origin] = nil }
            return
        }
        origins[transfer.origin] = code == CURLE_OK ? .open : nil
    }

    mutating func connectionClosed() {
        origins = origins.filter {
            if case .opening = $0.value { return true }
            return false
        }
    }

    /// `scheme://authority` of a URL, the key connections are shared under.
    static func origin(of url: String) -> String {
        let bytes = Array(url.utf8)
        var start = 0
        for i in 0..<max(0, bytes.count - 2) where bytes[i] == UInt8(ascii: ":") {
            if bytes[i + 1] == UInt8(ascii: "/") && bytes[i + 2] == UInt8(ascii: "/") { start = i + 3 }
            break
        }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"),
            bytes[end] != UInt8(ascii: "#")
        {
            end += 1
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}

/// CURLOPT_CLOSESOCKETFUNCTION in HTTP/2 workaround mode: closes the socket and tells the lane
/// (CLOSESOCKETDATA, unretained: connections are closed at the latest by `curl_multi_cleanup`, which
/// the lane itself calls). A global `let`, never inferred `@MainActor`.
let laneCloseSocketCallback: curl_closesocket_callback = { clientp, socket in
    if let clientp { Unmanaged<CurlLane>.fromOpaque(clientp).takeUnretainedValue().connectionClosed() }
    return close(socket)
}
