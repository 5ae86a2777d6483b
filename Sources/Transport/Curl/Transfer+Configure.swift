import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transfer {
    /// Resets the easy handle and sets every option for `request`. Runs on the sending task before
    /// submission: off the loop thread, unless the task is pinned to the lane's executor.
    ///
    /// When the handle's previous request was the same exchange (same URL, method, headers, body and
    /// timeout), every option already holds the right value and curl resets its per-transfer state
    /// itself, so the reset and the ~15 setopt calls are skipped: a load loop repeating one request
    /// pays for configuration once per pooled handle, not once per request. When only the URL, the
    /// headers or the body's bytes differ (a campaign's requests: each has a new transaction id),
    /// only those options are set again; every other option already holds what a reset and a full
    /// configuration would give it, because the method, the presence of a body and the timeout are
    /// the same.
    /// - Throws: ``TransportError`` `.invalidRequest` for a request curl cannot express.
    func configure(_ request: HTTPRequest, _ defaults: TransferDefaults) throws(TransportError) {
        errorBuffer[0] = 0
        body = []
        bodyOverflowed = false
        if let previous = configuredFor, previous.isSameExchange(as: request) { return }
        let sameShape = configuredFor?.hasSameShape(as: request) ?? false
        let sameURL = configuredFor?.url == request.url
        configuredFor = nil
        if !sameShape { try setBaseOptions(request, defaults) }
        if !(sameShape && sameURL) { try setURL(request, defaults) }
        try setMethodAndBody(request)
        try setHeaders(Self.withExtraHeaders(request.headers, defaults.network.headers), hasBody: request.body != nil)
        configuredFor = request
    }

    /// Resets the handle and sets the options every request of one shape shares.
    private func setBaseOptions(_ request: HTTPRequest, _ defaults: TransferDefaults) throws(TransportError) {
        let h = easy
        curl_easy_reset(h)
        bodyLimit = defaults.maxResponseBodyBytes

        let me = Unmanaged.passUnretained(self).toOpaque()
        var rc = ccurl_easy_setopt_ptr(h, CURLOPT_PRIVATE, me)
        rc = rc.or(ccurl_easy_setopt_ptr(h, CURLOPT_WRITEDATA, me))
        rc = rc.or(ccurl_easy_setopt_datacb(h, CURLOPT_WRITEFUNCTION, transferWriteCallback))
        rc = rc.or(ccurl_easy_setopt_ptr(h, CURLOPT_ERRORBUFFER, errorBuffer))
        rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_NOSIGNAL, 1))
        rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_TCP_NODELAY, 1))
        let timeout = request.timeout.map { $0.curlMilliseconds } ?? defaults.timeoutMilliseconds
        rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_TIMEOUT_MS, timeout))
        if let connect = defaults.connectTimeoutMilliseconds {
            rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_CONNECTTIMEOUT_MS, connect))
        }
        if defaults.http2TLS {
            rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)))
        } else if defaults.http2 {
            rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE)))
            // Wait for a multiplexable connection instead of opening one per concurrent stream.
            rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_PIPEWAIT, 1))
        } else {
            rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)))
        }
        rc = rc.or(setNetworkOptions(defaults.network))
        guard rc == CURLE_OK else { throw TransportError(.other, "curl_easy_setopt failed: \(rc.message)") }
    }

    /// TLS verification and client certificates, and the proxy (``NetworkOptions``).
    private func setNetworkOptions(_ n: NetworkOptions) -> CURLcode {
        let h = easy
        var rc = CURLE_OK
        func string(_ option: CURLoption, _ value: String?) {
            guard let value else { return }
            rc = rc.or(value.withCString { ccurl_easy_setopt_str(h, option, $0) })
        }
        string(CURLOPT_CAINFO, n.caBundle)
        string(CURLOPT_SSLCERT, n.clientCertificate)
        string(CURLOPT_SSLKEY, n.clientKey)
        string(CURLOPT_PROXY, n.proxy)
        // An https:// proxy is verified the same way as the target.
        string(CURLOPT_PROXY_CAINFO, n.proxy == nil ? nil : n.caBundle)
        if n.insecure {
            rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_SSL_VERIFYPEER, 0))
            rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_SSL_VERIFYHOST, 0))
            if n.proxy != nil {
                rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_PROXY_SSL_VERIFYPEER, 0))
                rc = rc.or(ccurl_easy_setopt_long(h, CURLOPT_PROXY_SSL_VERIFYHOST, 0))
            }
        }
        return rc
    }

    private func setURL(_ request: HTTPRequest, _ defaults: TransferDefaults) throws(TransportError) {
        let url = request.url
        let rc = url.withCString { text in
            // A NUL inside the URL would silently cut it short in C.
            strlen(text) == url.utf8.count ? ccurl_easy_setopt_str(easy, CURLOPT_URL, text) : CURLE_URL_MALFORMAT
        }
        guard rc == CURLE_OK else { throw TransportError(.invalidRequest, "bad URL: \(rc.message)") }
        if defaults.http2ReuseWorkaround { origin = HTTP2ReuseWorkaround.origin(of: request.url) }
    }

    /// Bodies go through POSTFIELDS (never CURLOPT_POST/UPLOAD, which would pull from a read callback),
    /// and any method other than GET/HEAD/POST through CUSTOMREQUEST, so DELETE with a body sends it.
    private func setMethodAndBody(_ request: HTTPRequest) throws(TransportError) {
        let h = easy
        let method = request.method.rawValue
        guard !method.isEmpty, method.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw TransportError(.invalidRequest, "bad method '\(method)'")
        }
        var rc = CURLE_OK
        var body = request.body
        if body == nil, method == "POST" || method == "PUT" || method == "PATCH" {
            body = []  // send Content-Length: 0 rather than no length at all
        }
        if let body {
            stage(body)
            rc = rc.or(ccurl_easy_setopt_off(h, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            rc = rc.or(ccurl_easy_setopt_ptr(h, CURLOPT_POSTFIELDS, UnsafeRawPointer(requestBody!)))
            if method != "POST" {
                rc = rc.or(method.withCString { ccurl_easy_setopt_str(h, CURLOPT_CUSTOMREQUEST, $0) })
            }
        } else if method == "HEAD" {
            rc = ccurl_easy_setopt_long(h, CURLOPT_NOBODY, 1)
        } else if method != "GET" {
            rc = method.withCString { ccurl_easy_setopt_str(h, CURLOPT_CUSTOMREQUEST, $0) }
        }
        guard rc == CURLE_OK else { throw TransportError(.invalidRequest, "method/body: \(rc.message)") }
    }

    /// Copies the body into the transfer's staging buffer, growing it only when too small.
    private func stage(_ body: [UInt8]) {
        if requestBody == nil || requestBodyCapacity < body.count {
            free(requestBody)
            requestBodyCapacity = max(64, body.count)
            requestBody = malloc(requestBodyCapacity)
        }
        body.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { requestBody!.copyMemory(from: base, byteCount: bytes.count) }
        }
    }

    /// Sets CURLOPT_HTTPHEADER, rebuilding the list only when the headers differ from the last use.
    /// `Expect:` is always suppressed (curl would otherwise stall large bodies on 100-continue), and so is
    /// curl's default form Content-Type when the caller sent a body without one: the wire carries
    /// exactly the caller's headers.
    private func setHeaders(_ headers: HTTPHeaders, hasBody: Bool) throws(TransportError) {
        if headerListKey != headers || headerListHasBody != hasBody {
            headerListKey = nil
            try headerLines.build(headers, hasBody: hasBody)
            headerListKey = headers
            headerListHasBody = hasBody
        }
        // Set even when empty: a handle reconfigured without a reset still holds the last list.
        let rc = ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerLines.list)
        guard rc == CURLE_OK else { throw TransportError(.invalidRequest, "headers: \(rc.message)") }
    }
}

extension Transfer {
    /// `headers` plus each extra header whose name `headers` does not have.
    static func withExtraHeaders(_ headers: HTTPHeaders, _ extra: HTTPHeaders) -> HTTPHeaders {
        guard !extra.fields.isEmpty else { return headers }
        var all = headers
        for f in extra.fields where headers[f.name] == nil { all.add(f.name, f.value) }
        return all
    }
}

extension HTTPRequest {
    /// Whether `other` would configure an easy handle exactly as this request does. Cheap when the
    /// values share storage (a request sent again), a few comparisons otherwise.
    func isSameExchange(as other: HTTPRequest) -> Bool {
        url == other.url && method == other.method && timeout == other.timeout && body == other.body
            && headers == other.headers
    }

    /// Whether `other` sets the same options apart from the URL, the headers and the body's bytes:
    /// the same method and timeout, and a body on both or on neither.
    func hasSameShape(as other: HTTPRequest) -> Bool {
        method == other.method && timeout == other.timeout && (body == nil) == (other.body == nil)
    }
}

extension CURLcode {
    /// The first failure of a chain of setopt calls.
    func or(_ next: CURLcode) -> CURLcode { self == CURLE_OK ? next : self }

    var message: String { String(cString: curl_easy_strerror(self)) }
}
