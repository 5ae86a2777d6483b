/// Where a Gamebase-compatible backend lives and how to authenticate Server API calls.
package struct GamebaseTarget: Sendable, Hashable {
    /// `http://127.0.0.1:8080` (no trailing slash).
    package var baseURL: String
    package var appId: String
    /// `X-Secret-Key` for Server API and test-control calls. Never written to reports.
    package var secretKey: String

    package init(baseURL: String, appId: String = "gbfuzz", secretKey: String = GamebaseTarget.defaultSecretKey) {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.baseURL = url
        self.appId = appId
        self.secretKey = secretKey
    }

    /// The reference server's default secret key.
    package static let defaultSecretKey = "gbfuzz-secret-key"
}
