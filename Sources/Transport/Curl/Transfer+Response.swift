import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transfer {
    /// Turns a finished transfer into a response, or its failure into a ``TransportError``. Called by the
    /// owning task after the loop resumed it, so header and info reads stay off the loop thread.
    func takeResponse(_ code: CURLcode, headers: CurlTransport.ResponseHeaders) throws(TransportError) -> HTTPResponse {
        guard code == CURLE_OK else {
            body = []
            throw failure(code)
        }
        let h = easy
        var status = 0
        var connects = 0
        var connect: curl_off_t = 0
        var firstByte: curl_off_t = 0
        var total: curl_off_t = 0
        _ = ccurl_easy_getinfo_long(h, CURLINFO_RESPONSE_CODE, &status)
        _ = ccurl_easy_getinfo_long(h, CURLINFO_NUM_CONNECTS, &connects)
        _ = ccurl_easy_getinfo_off(h, CURLINFO_CONNECT_TIME_T, &connect)
        _ = ccurl_easy_getinfo_off(h, CURLINFO_STARTTRANSFER_TIME_T, &firstByte)
        _ = ccurl_easy_getinfo_off(h, CURLINFO_TOTAL_TIME_T, &total)
        var version = 0
        _ = ccurl_easy_getinfo_long(h, CURLINFO_HTTP_VERSION, &version)
        var received: [UInt8] = []
        swap(&received, &body)
        let timing = HTTPTiming(
            connect: .microseconds(connect),
            timeToFirstByte: .microseconds(firstByte),
            total: .microseconds(total),
            queued: admittedAt - submittedAt,
            wire: admittedAt...max(admittedAt, finishedAt)
        )
        return HTTPResponse(
            status: status,
            headers: responseHeaders(headers),
            body: received,
            timing: timing,
            connectionReused: connects == 0,
            httpVersion: version == Int(CURL_HTTP_VERSION_2_0) ? 2 : (version == Int(CURL_HTTP_VERSION_3) ? 3 : 1)
        )
    }

    /// The selected header fields of the final response, as curl stored them.
    private func responseHeaders(_ selection: CurlTransport.ResponseHeaders) -> HTTPHeaders {
        var fields: [HTTPHeader] = []
        switch selection {
        case .none:
            break
        case .all:
            fields.reserveCapacity(8)
            var previous: UnsafeMutablePointer<curl_header>?
            while let header = curl_easy_nextheader(easy, UInt32(CURLH_HEADER), -1, previous) {
                fields.append(HTTPHeader(Self.string(header.pointee.name), Self.string(header.pointee.value)))
                previous = header
            }
        case .named(let names):
            // curl finds each name among the fields it stored, case-insensitively; a field keeps the
            // name as asked, so only its value becomes a new string.
            fields.reserveCapacity(names.count)
            for name in names {
                var index = 0
                var amount = 1
                while index < amount {
                    var header: UnsafeMutablePointer<curl_header>?
                    let found = name.withCString {
                        curl_easy_header(easy, $0, index, UInt32(CURLH_HEADER), -1, &header) == CURLHE_OK
                    }
                    guard found, let field = header else { break }
                    fields.append(HTTPHeader(name, Self.string(field.pointee.value)))
                    amount = field.pointee.amount
                    index += 1
                }
            }
        }
        return HTTPHeaders(fields)
    }

    /// A header name or value without trailing whitespace: curl 7.88 leaves the CR in an empty value.
    private static func string(_ text: UnsafeMutablePointer<CChar>) -> String {
        var length = strlen(text)
        while length > 0,
            text[length - 1] == 13 || text[length - 1] == 10 || text[length - 1] == 32 || text[length - 1] == 9
        {
            length -= 1
        }
        return text.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The error for a failed transfer, with curl's own message when it left one.
    func failure(_ code: CURLcode) -> TransportError {
        if code == CURLE_WRITE_ERROR && bodyOverflowed {
            return TransportError(.other, "response body exceeds \(bodyLimit) bytes")
        }
        var osErrno = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osErrno)
        // A primary IP means a connection (new or reused) was in use when the transfer failed.
        var ip: UnsafeMutablePointer<CChar>?
        _ = ccurl_easy_getinfo_str(easy, CURLINFO_PRIMARY_IP, &ip)
        let connected = ip.map { $0[0] != 0 } ?? false
        let detail = errorBuffer[0] == 0 ? code.message : String(cString: errorBuffer)
        return TransportError(curl: code, detail: detail, osErrno: osErrno, connected: connected)
    }
}
