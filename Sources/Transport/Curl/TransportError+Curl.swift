import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TransportError {
    /// Maps a failed transfer's `CURLcode` to a code. Every value maps: an unknown one becomes `.other`.
    /// - Parameters:
    ///   - detail: curl's error-buffer text (or `curl_easy_strerror`), kept as the message.
    ///   - osErrno: `CURLINFO_OS_ERRNO`, to tell a refused connection from other connect failures.
    ///   - connected: whether a connection was established, to tell a non-HTTP reply (HTTP/0.9 refused,
    ///     reported as CURLE_UNSUPPORTED_PROTOCOL) from an unsupported URL scheme.
    init(curl code: CURLcode, detail: String, osErrno: Int, connected: Bool) {
        let message = "curl \(code.rawValue): \(detail)"
        self.init(Self.code(for: code, osErrno: osErrno, connected: connected), message)
    }

    static func code(for code: CURLcode, osErrno: Int, connected: Bool) -> Code {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout
        case CURLE_COULDNT_CONNECT:
            return osErrno == Int(ECONNREFUSED) || osErrno == 0 ? .connectionRefused : .other
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .dnsFailure
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2_STREAM:
            return .connectionReset
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2:
            return .malformedResponse
        case CURLE_UNSUPPORTED_PROTOCOL:
            return connected ? .malformedResponse : .invalidRequest
        case CURLE_URL_MALFORMAT, CURLE_NOT_BUILT_IN, CURLE_BAD_FUNCTION_ARGUMENT, CURLE_UNKNOWN_OPTION,
            CURLE_SETOPT_OPTION_SYNTAX:
            return .invalidRequest
        default:
            return .other
        }
    }
}
