/// Where a Gamebase-compatible backend lives and how to authenticate Server API calls.
public struct GamebaseTarget: Sendable, Hashable {
    /// `http://127.0.0.1:8080` (no trailing slash).
    public var baseURL: String
    public var appId: String
    /// `X-Secret-Key` for Server API and test-control calls. Never written to reports.
    public var secretKey: String

    public init(baseURL: String, appId: String = "gbfuzz", secretKey: String = GamebaseTarget.defaultSecretKey) {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.baseURL = url
        self.appId = appId
        self.secretKey = secretKey
    }

    /// The reference server's default secret key.
    public static let defaultSecretKey = "gbfuzz-secret-key"
}
