import CCurl
import GBFuzzTestKit
import Testing

@testable import Transport

#if canImport(Glibc)
import Glibc
#endif

/// The CURLcode → TransportError.Code table, pinned code by code.
@Suite("Curl error mapping")
struct ErrorMappingTests {
    @Test(
        "Each CURLcode maps to its transport code",
        arguments: [
            (CURLE_OPERATION_TIMEDOUT, TransportError.Code.timeout),
            (CURLE_COULDNT_RESOLVE_HOST, .dnsFailure),
            (CURLE_COULDNT_RESOLVE_PROXY, .dnsFailure),
            (CURLE_SEND_ERROR, .connectionReset),
            (CURLE_RECV_ERROR, .connectionReset),
            (CURLE_GOT_NOTHING, .connectionReset),
            (CURLE_PARTIAL_FILE, .connectionReset),
            (CURLE_HTTP2_STREAM, .connectionReset),
            (CURLE_WEIRD_SERVER_REPLY, .malformedResponse),
            (CURLE_BAD_CONTENT_ENCODING, .malformedResponse),
            (CURLE_HTTP2, .malformedResponse),
            (CURLE_URL_MALFORMAT, .invalidRequest),
            (CURLE_BAD_FUNCTION_ARGUMENT, .invalidRequest),
            (CURLE_OUT_OF_MEMORY, .other),
            (CURLE_SSL_CONNECT_ERROR, .other),
            (CURLE_WRITE_ERROR, .other),
        ]
    )
    func mapping(_ curl: CURLcode, _ expected: TransportError.Code) {
        #expect(TransportError.code(for: curl, osErrno: 0, connected: true) == expected)
    }

    @Test("A refused connect is .connectionRefused; other connect failures are .other")
    func connectFailures() {
        #expect(
            TransportError.code(for: CURLE_COULDNT_CONNECT, osErrno: Int(ECONNREFUSED), connected: false)
                == .connectionRefused
        )
        #expect(TransportError.code(for: CURLE_COULDNT_CONNECT, osErrno: Int(ENETUNREACH), connected: false) == .other)
    }

    @Test("An unsupported protocol is a bad request before connecting and a bad reply after")
    func unsupportedProtocol() {
        #expect(TransportError.code(for: CURLE_UNSUPPORTED_PROTOCOL, osErrno: 0, connected: false) == .invalidRequest)
        #expect(TransportError.code(for: CURLE_UNSUPPORTED_PROTOCOL, osErrno: 0, connected: true) == .malformedResponse)
    }

    @Test("Every CURLcode up to CURL_LAST maps without trapping, and the message names the code")
    func everyCodeMaps() {
        for raw in 1..<CURL_LAST.rawValue {
            let error = TransportError(curl: CURLcode(rawValue: raw), detail: "x", osErrno: 0, connected: false)
            #expect(error.message.hasPrefix("curl \(raw): "))
        }
    }
}

/// The origin key of the HTTP/2 reuse workaround.
@Suite("HTTP/2 reuse workaround")
struct HTTP2WorkaroundTests {
    @Test(
        "The origin is scheme and authority, without path, query or fragment",
        arguments: [
            ("http://127.0.0.1:8080/a/b?c#d", "http://127.0.0.1:8080"),
            ("http://h", "http://h"),
            ("http://h?x", "http://h"),
            ("http://[::1]:80#f", "http://[::1]:80"),
        ]
    )
    func origin(_ url: String, _ expected: String) {
        #expect(HTTP2ReuseWorkaround.origin(of: url) == expected)
    }
}
