import Protocol

/// Everything a reference server instance needs: where to listen, where to store, its semantic
/// knobs, its secrets and its bug switches.
public struct ServerConfiguration: Sendable {
    /// Address to bind; loopback by default.
    public var host: String
    /// Port to bind; 0 picks a free one (see ``RunningServer/port``).
    public var port: Int
    /// SQLite file; `nil` uses a fresh temporary file that is deleted at shutdown.
    public var databasePath: String?
    public var semantics: Semantics
    /// `X-Secret-Key` for the Server API and test control. Never reported.
    public var secretKey: String
    /// HMAC secret of the test IdP (docs/PROTOCOL.md §1.6). Never reported.
    public var idpSecret: String
    public var bugs: BugSet
    /// Largest accepted request body (docs/PROTOCOL.md §1.3 row 4).
    public var maxBodyBytes: Int

    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        databasePath: String? = nil,
        semantics: Semantics = .default,
        secretKey: String = GamebaseTarget.defaultSecretKey,
        idpSecret: String = IdPTokenSigner.defaultSecret,
        bugs: BugSet = BugSet(),
        maxBodyBytes: Int = 1 << 20
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.semantics = semantics
        self.secretKey = secretKey
        self.idpSecret = idpSecret
        self.bugs = bugs
        self.maxBodyBytes = maxBodyBytes
    }
}
