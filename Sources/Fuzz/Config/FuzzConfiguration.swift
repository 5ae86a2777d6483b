import Model
import Protocol

/// What a target can do beyond client operations.
package struct TargetCapabilities: Hashable, Sendable, Codable {
    /// Server API (`X-Secret-Key`): E1…E15.
    package var serverAPI: Bool
    /// Test control: clock advance/freeze, grace ban.
    package var testControl: Bool
    /// E16 Get IdP Token and Profile, whose route is this project's (docs/PROTOCOL.md §3): a target
    /// that answers it with -4060003 or no envelope does not have it, and `server.profile` is off.
    package var idPProfile: Bool
    package init(serverAPI: Bool = true, testControl: Bool = true, idPProfile: Bool = true) {
        self.serverAPI = serverAPI
        self.testControl = testControl
        self.idPProfile = idPProfile
    }

    private enum CodingKeys: String, CodingKey { case serverAPI, testControl, idPProfile }

    /// Files written before E16 existed have no `idPProfile`: they never sent it.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        serverAPI = try c.decode(Bool.self, forKey: .serverAPI)
        testControl = try c.decode(Bool.self, forKey: .testControl)
        idPProfile = try c.decodeIfPresent(Bool.self, forKey: .idPProfile) ?? false
    }
}

/// Everything that decides what a fuzz player does. Same configuration and seed → same choices
/// (given the same answers).
package struct FuzzConfiguration: Sendable, Codable {
    package var seed: UInt64
    /// Salts every identity of the run (`[A-Za-z0-9]`): fresh per run so runs never collide.
    package var runSalt: String
    package var semantics: Semantics
    /// The test IdP secret used to mint (and forge) IdP tokens. Not written to reports.
    package var idPSecret: String
    /// Relative weight of each operation kind (missing kinds use ``defaultWeights``).
    package var weights: [OperationKind: Double]
    /// Share of planned operations that are adversarial moves (0…1).
    package var adversarialShare: Double
    package var devicesPerPlayer: Int
    package var accountsPerIdP: Int
    /// IdP types players own accounts of (besides guest).
    package var idPCodes: [IdPCode]
    package var capabilities: TargetCapabilities
    /// Operations per episode; then the player starts over with fresh identities.
    package var episodeLength: Int
    /// Without test control: how far the server clock may be from the local one (ms).
    package var clockToleranceMs: Int64
    /// Steps after a lost answer during which its operation may still take effect.
    package var pendingHorizon: Int
    /// Shared identities (race hunting): every player draws devices and IdP accounts from one
    /// pool, so operations of different players collide; answers are judged by the
    /// linearizability checker over the recorded history, not by each player's own oracle.
    package var sharedPool: SharedPool?

    /// The defaults, one place for each: profiles (`fuzz:`) and code share them.
    package static let defaultAdversarialShare = 0.15
    package static let defaultDevicesPerPlayer = 3
    package static let defaultAccountsPerIdP = 2
    package static let defaultIdPCodes: [IdPCode] = [.google, .facebook, .line]

    package init(
        seed: UInt64,
        runSalt: String = "run",
        semantics: Semantics = .default,
        idPSecret: String = IdPTokenSigner.defaultSecret,
        weights: [OperationKind: Double] = [:],
        adversarialShare: Double = Self.defaultAdversarialShare,
        devicesPerPlayer: Int = Self.defaultDevicesPerPlayer,
        accountsPerIdP: Int = Self.defaultAccountsPerIdP,
        idPCodes: [IdPCode] = Self.defaultIdPCodes,
        capabilities: TargetCapabilities = .init(),
        episodeLength: Int = 120,
        clockToleranceMs: Int64 = 2_000,
        pendingHorizon: Int = 6
    ) {
        self.seed = seed
        self.runSalt = runSalt
        self.semantics = semantics
        self.idPSecret = idPSecret
        self.weights = weights
        self.adversarialShare = adversarialShare
        self.devicesPerPlayer = devicesPerPlayer
        self.accountsPerIdP = accountsPerIdP
        self.idPCodes = idPCodes
        self.capabilities = capabilities
        self.episodeLength = episodeLength
        self.clockToleranceMs = clockToleranceMs
        self.pendingHorizon = pendingHorizon
        self.sharedPool = nil
    }

    /// Whether players share their identities (race hunting).
    package var isShared: Bool { sharedPool != nil }

    /// The weight of `kind`, zero when the target lacks the capability it needs (forced operations
    /// included: a dialect without forcing tickets has none).
    package func weight(_ kind: OperationKind) -> Double {
        if kind.needsServerAPI, !capabilities.serverAPI { return 0 }
        if kind.needsTestControl, !capabilities.testControl { return 0 }
        if kind == .serverProfile, !capabilities.idPProfile { return 0 }
        if kind == .mappingForcibly || kind == .loginChange, semantics.mapping.forcing == .noTicket { return 0 }
        return max(0, weights[kind] ?? Self.defaultWeights[kind] ?? 1)
    }

    /// A mix that reaches every rule within a few thousand operations.
    package static let defaultWeights: [OperationKind: Double] = [
        .loginGuest: 6, .loginIdP: 8, .loginToken: 4, .loginChange: 3, .logout: 2, .memberGet: 3, .mappingList: 1.5,
        .mappingAdd: 8, .mappingForcibly: 4, .mappingRemove: 3, .withdraw: 1, .withdrawTemporary: 1.5,
        .withdrawCancel: 1, .transferIssue: 4, .transferQuery: 1.5, .transferRenew: 2, .transferLogin: 6,
        .transferKeyIssue: 1.5, .transferKeyLogin: 1.5, .serverToken: 2, .serverMember: 2, .serverMembers: 1,
        .serverIdP: 1.5, .serverBan: 1.5, .serverRelease: 1.5, .serverValidate: 1.5, .serverWithdraw: 0.5,
        .testAdvance: 1.2, .testGraceBan: 0.6, .testPayment: 1.5, .serverProfile: 2,
        .serverWithdrawals: 1.5,
    ]
}
