import Protocol

/// Everything a reference server instance needs: where to listen, where to store, its semantic
/// knobs, its secrets and its bug switches.
package struct ServerConfiguration: Sendable {
    /// Address to bind; loopback by default.
    package var host: String
    /// Port to bind; 0 picks a free one (see ``RunningServer/port``).
    package var port: Int
    /// SQLite file; `nil` uses a fresh temporary file that is deleted at shutdown.
    package var databasePath: String?
    package var semantics: Semantics
    /// `X-Secret-Key` for the Server API and test control. Never reported.
    package var secretKey: String
    /// HMAC secret of the test IdP (docs/PROTOCOL.md §1.6). Never reported.
    package var idpSecret: String
    package var bugs: BugSet
    /// Largest accepted request body (docs/PROTOCOL.md §1.3 row 4).
    package var maxBodyBytes: Int
    /// HTTPS (HTTP/1.1 and HTTP/2 through ALPN, optionally mTLS); `nil`: cleartext HTTP/1.1.
    package var tls: ServerTLS?

    package init(
        host: String = "127.0.0.1",
        port: Int = 0,
        databasePath: String? = nil,
        semantics: Semantics = .default,
        secretKey: String = GamebaseTarget.defaultSecretKey,
        idpSecret: String = IdPTokenSigner.defaultSecret,
        bugs: BugSet = BugSet(),
        maxBodyBytes: Int = 1 << 20,
        tls: ServerTLS? = nil
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.semantics = semantics
        self.secretKey = secretKey
        self.idpSecret = idpSecret
        self.bugs = bugs
        self.maxBodyBytes = maxBodyBytes
        self.tls = tls
    }

    /// `http` or `https`.
    package var scheme: String { tls == nil ? "http" : "https" }
}
