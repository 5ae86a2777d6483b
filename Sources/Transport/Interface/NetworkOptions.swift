#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a transport reaches a target beyond plain HTTP on loopback: TLS (a private CA, test
/// certificates, client certificates), an HTTP proxy, and headers every request carries (API
/// gateways, tenant keys). Each maps to one libcurl option.
package struct NetworkOptions: Sendable, Hashable {
    /// CA certificates (PEM) to verify the target's certificate with, instead of the system's.
    package var caBundle: String?
    /// Accept any server certificate and host name (test certificates only).
    package var insecure: Bool
    /// The client certificate (PEM) for mutual TLS.
    package var clientCertificate: String?
    /// Its private key (PEM); `nil` when the certificate file holds it.
    package var clientKey: String?
    /// An HTTP proxy URL (`http://HOST:PORT`); `nil` uses libcurl's environment variables.
    package var proxy: String?
    /// Sent on every request, unless the request sets a header of the same name.
    package var headers: HTTPHeaders

    package init(
        caBundle: String? = nil,
        insecure: Bool = false,
        clientCertificate: String? = nil,
        clientKey: String? = nil,
        proxy: String? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) {
        self.caBundle = caBundle
        self.insecure = insecure
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
        self.proxy = proxy
        self.headers = headers
    }

    /// The files these options name that cannot be read, with what each is for.
    package var unreadableFiles: [String] {
        [("CA bundle", caBundle), ("client certificate", clientCertificate), ("client key", clientKey)].compactMap {
            what,
            path in
            guard let path, access(path, R_OK) != 0 else { return nil }
            return "\(what) \(path)"
        }
    }
}

extension NetworkOptions {
    /// Whether `name` is an HTTP field name (RFC 9110 `token`).
    package static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                    || "!#$%&'*+-.^_`|~".utf8.contains(c)
            }
    }

    /// Whether `value` can be sent as a field value (no CR, LF or NUL: no header injection).
    package static func isHeaderValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }

    /// Headers the protocol itself sends or leaves out on purpose: an extra header of one of these
    /// names would change what the steps send (a step without `Authorization` expects 2).
    package static func isProtocolHeader(_ name: String) -> Bool {
        let n = name.lowercased()
        return ["authorization", "x-secret-key", "content-type", "content-length", "host"].contains(n)
            || n.hasPrefix("x-tcgb-")
    }

    /// `Name: value` as a header, or `nil` when it is not one.
    package static func header(_ line: String) -> HTTPHeader? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = String(line[..<colon]).trimmingSpaces
        let value = String(line[line.index(after: colon)...]).trimmingSpaces
        guard isHeaderName(name), isHeaderValue(value) else { return nil }
        return HTTPHeader(name, value)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
