import NIOSSL

/// HTTPS for the reference server (`gbfuzz serve --tls-cert FILE --tls-key FILE`): HTTP/1.1 and
/// HTTP/2 offered through ALPN, and client certificates required when `clientCAFile` is set (mTLS).
package struct ServerTLS: Sendable, Hashable {
    /// The certificate chain, PEM (the server's certificate first).
    package var certificateFile: String
    /// The private key, PEM.
    package var keyFile: String
    /// CA certificates (PEM) that client certificates must chain to; `nil`: no client certificate.
    package var clientCAFile: String?

    package init(certificateFile: String, keyFile: String, clientCAFile: String? = nil) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.clientCAFile = clientCAFile
    }

    /// swift-nio-ssl's server configuration; throws ``ServerStartError`` naming the file that
    /// could not be read.
    func configuration() throws(ServerStartError) -> TLSConfiguration {
        do {
            return try read()
        } catch {
            var e = error
            e.badConfiguration = true
            throw e
        }
    }

    private func read() throws(ServerStartError) -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
        } catch {
            throw ServerStartError("cannot read the TLS certificate \(certificateFile): \(error)")
        }
        guard !chain.isEmpty else { throw ServerStartError("no certificate in \(certificateFile)") }
        do {
            key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
        } catch {
            throw ServerStartError("cannot read the TLS key \(keyFile): \(error)")
        }
        var c = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) },
            privateKey: .privateKey(key)
        )
        if let clientCAFile {
            do {
                c.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(clientCAFile))
            } catch {
                throw ServerStartError("cannot read the client CA \(clientCAFile): \(error)")
            }
            c.certificateVerification = .noHostnameVerification
        }
        return c
    }
}
