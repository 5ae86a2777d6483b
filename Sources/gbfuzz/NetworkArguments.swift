import ArgumentParser
import Plan
import Transport

/// How to reach a target beyond plain HTTP: shared by `run` and `calibrate` (each maps to one
/// libcurl option; docs/PROFILES.md, `target:`).
struct NetworkArguments: ParsableArguments {
    @Option(name: .customLong("ca-bundle"), help: "CA certificates (PEM) to verify an https target with.")
    var caBundle: String?

    @Flag(help: "Accept any server certificate and host name (test certificates only).")
    var insecure = false

    @Option(name: .customLong("client-cert"), help: "Client certificate (PEM) for mutual TLS.")
    var clientCert: String?

    @Option(name: .customLong("client-key"), help: "The client certificate's private key (PEM).")
    var clientKey: String?

    @Option(help: "HTTP proxy URL, such as http://127.0.0.1:3128.")
    var proxy: String?

    @Option(
        name: .customLong("header"),
        help: "A header sent on every request, 'Name: value' (repeatable): API gateways, tenant keys."
    )
    var headers: [String] = []

    func validate() throws {
        for line in headers {
            guard let h = NetworkOptions.header(line) else {
                throw ValidationError("--header must be 'Name: value' without line breaks (got '\(line)')")
            }
            if NetworkOptions.isProtocolHeader(h.name) {
                throw ValidationError("--header \(h.name): the protocol sends that header itself")
            }
        }
        if clientKey != nil, clientCert == nil { throw ValidationError("--client-key needs --client-cert") }
        if let proxy, !(proxy.hasPrefix("http://") || proxy.hasPrefix("https://")) {
            throw ValidationError("--proxy must be an http(s) URL (got '\(proxy)')")
        }
    }

    var overrides: NetworkOverrides {
        var o = NetworkOverrides()
        o.caBundle = caBundle
        o.insecure = insecure
        o.clientCertificate = clientCert
        o.clientKey = clientKey
        o.proxy = proxy
        for line in headers {
            if let h = NetworkOptions.header(line) { o.headers.set(h.name, h.value) }
        }
        return o
    }
}
