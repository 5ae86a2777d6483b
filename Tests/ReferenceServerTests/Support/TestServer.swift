import Foundation
import GBFuzzTestKit
import Protocol
import ReferenceServer
import Testing
import Transport

/// A reference server started in-process on an ephemeral loopback port, with a typed client.
struct TestServer: Sendable {
    let running: RunningServer
    let client: GamebaseClient
    let semantics: Semantics
    let signer = IdPTokenSigner(secret: IdPTokenSigner.defaultSecret)

    static func start(_ semantics: Semantics = .default, bugs: [ServerBug] = []) async throws -> TestServer {
        let configuration = ServerConfiguration(semantics: semantics, bugs: BugSet(Set(bugs)))
        let running = try await ReferenceServer.start(configuration)
        let target = GamebaseTarget(baseURL: running.baseURL, appId: semantics.appId)
        return TestServer(
            running: running,
            client: GamebaseClient(transport: SharedTransport.curl, target: target),
            semantics: semantics
        )
    }

    var baseURL: String { running.baseURL }
    var appId: String { semantics.appId }

    /// A valid IdP test token.
    func token(_ code: IdPCode, _ id: String) -> String { signer.mint(IdPAccount(code, id)) }
}

/// Runs `body` against a fresh server and always shuts it down.
func withServer<T>(
    _ semantics: Semantics = .default,
    bugs: [ServerBug] = [],
    _ body: (TestServer) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(semantics, bugs: bugs)
    do {
        let result = try await body(server)
        await server.running.shutdown()
        return result
    } catch {
        await server.running.shutdown()
        throw error
    }
}

/// A logged-in device as a test sees it.
struct Session: Sendable {
    var device: String
    var token: String
    var userId: String
}

/// A unique device id.
func newDevice(_ tag: String = "dev") -> String { "\(tag)-\(UUID().uuidString.prefix(12))" }

extension TestServer {
    /// Guest login that must succeed.
    func guest(_ device: String = newDevice(), ignoreAlreadyLoggedIn: Bool? = nil) async throws -> Session {
        let r = try await client.login(
            device: device,
            LoginRequest(idPCode: .guest, ignoreAlreadyLoggedIn: ignoreAlreadyLoggedIn)
        )
        try #require(r.resultCode == .success, "guest login: \(r.header.resultMessage)")
        return Session(
            device: device,
            token: try #require(r.body.token?.accessToken),
            userId: try #require(r.body.member?.userId)
        )
    }

    /// IdP login that must succeed.
    func idp(_ code: IdPCode, _ id: String, device: String = newDevice()) async throws -> Session {
        let r = try await client.login(device: device, LoginRequest(idPCode: code, accessToken: token(code, id)))
        try #require(r.resultCode == .success, "\(code) login: \(r.header.resultMessage)")
        return Session(
            device: device,
            token: try #require(r.body.token?.accessToken),
            userId: try #require(r.body.member?.userId)
        )
    }

    func addMapping(_ s: Session, _ code: IdPCode, _ id: String) async throws -> ClientReply {
        try await client.addMapping(
            device: s.device,
            accessToken: s.token,
            AddMappingRequest(idPCode: code, accessToken: token(code, id))
        )
    }

    func member(_ userId: String) async throws -> GetMemberResponse {
        let r = try await client.getMember(userId: userId)
        try #require(r.resultCode == .success, "E3: \(r.header.resultMessage)")
        return r.body
    }

    /// E7 for one account: the owner's userId or nil.
    func owner(_ code: IdPCode, _ id: String) async throws -> String? {
        let r = try await client.idPMembers(idPCode: code, idPIds: [id])
        try #require(r.resultCode == .success)
        return r.body.result?[id]
    }

    /// Freezes the server clock, so checks just before a deadline do not race the wall clock.
    func freeze() async throws {
        let r = try await client.testFreezeClock(true)
        try #require(r.resultCode == .success && r.body.clock?.frozen == true)
    }

    func advance(seconds: Int64) async throws {
        let r = try await client.testAdvanceClock(seconds: seconds)
        try #require(r.resultCode == .success)
    }

    /// Issues a TransferAccount for a guest session; returns (id, password).
    func issueTransferAccount(_ s: Session) async throws -> (String, String) {
        let r = try await client.issueTransferAccount(device: s.device, accessToken: s.token)
        try #require(r.resultCode == .success, "issue: \(r.header.resultMessage)")
        let account = try #require(r.body.transferAccount?.account)
        return (account.id, try #require(account.password))
    }
}
