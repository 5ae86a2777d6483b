import Foundation
import Linearizability
import Model
import Protocol

/// `violations/NNN.json` for a non-linearizable partition (schema `gbfuzz.race-repro/1`): the
/// operations of its minimal sub-history with the values they were recorded with, which player
/// sent each, and the schedule of waves they are replayed in (docs/RESULTS.md, "Concurrent
/// reproducers"). Never contains the secret key or the IdP secret.
package struct RaceReproFile: Codable, Sendable {
    package static let schemaName = "gbfuzz.race-repro/1"

    package var schema: String
    package var checker: String
    /// Why no linearization exists, in a sentence.
    package var message: String
    /// The partition's entities (users, IdP accounts, devices, TransferAccounts).
    package var keys: [String]
    package var seed: UInt64
    package var semantics: Semantics
    package var capabilities: TargetCapabilities
    package var target: ReproFile.Target
    package var clock: HistoryHeader.Clock
    /// The operations, as recorded (values, answers, invoke and return times).
    package var entries: [HistoryEntry]
    package var schedule: RaceSchedule
    /// How often it failed when replayed, and how much it was shrunk.
    package var standing: RaceStanding?

    package init(
        message: String,
        keys: [String],
        seed: UInt64,
        semantics: Semantics,
        capabilities: TargetCapabilities,
        target: ReproFile.Target,
        clock: HistoryHeader.Clock,
        entries: [HistoryEntry],
        schedule: RaceSchedule? = nil,
        standing: RaceStanding? = nil
    ) {
        self.schema = Self.schemaName
        self.checker = "linearizability"
        self.message = message
        self.keys = keys
        self.seed = seed
        self.semantics = semantics
        self.capabilities = capabilities
        self.target = target
        self.clock = clock
        self.entries = entries
        self.schedule = schedule ?? RaceSchedule(entries: entries)
        self.standing = standing
    }

    /// Players taking part.
    package var players: Int { Set(entries.map(\.process)).count }

    /// The reproducer restricted to `kept` entries (positions), its schedule following.
    package func keeping(_ kept: [Int]) -> RaceReproFile {
        var f = self
        f.entries = kept.map { entries[$0] }
        f.schedule = schedule.keeping(kept)
        return f
    }

    /// Reads and validates a concurrent reproducer.
    package static func load(_ url: URL) throws(ReproError) -> RaceReproFile {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ReproError(url.path, "cannot be read: \(error.localizedDescription)")
        }
        return try parse(data, source: url.path)
    }

    package static func parse(_ data: Data, source: String) throws(ReproError) -> RaceReproFile {
        let f: RaceReproFile
        do { f = try JSONDecoder().decode(RaceReproFile.self, from: data) } catch {
            throw ReproError(source, "is not a gbfuzz concurrent reproducer: \(ReproFile.describe(error))")
        }
        guard f.schema == schemaName else {
            throw ReproError(source, "has schema \"\(f.schema)\", expected \"\(schemaName)\"")
        }
        guard !f.entries.isEmpty else { throw ReproError(source, "has no operations") }
        let all = Set(f.schedule.waves.joined())
        guard all == Set(f.entries.indices), f.schedule.waves.joined().count == f.entries.count else {
            throw ReproError(source, "has a schedule that does not name each of its \(f.entries.count) operations once")
        }
        if f.entries.contains(where: { $0.op.edge.map { !$0.isValid } ?? false }) {
            throw ReproError(source, "has an edge value outside \(EdgeValue.allowedLengths)")
        }
        if let problem = f.semantics.problems().first { throw ReproError(source, "semantics: \(problem)") }
        return f
    }

    /// The schema of a reproducer file, if it names one (to tell the two kinds apart).
    package static func schema(of data: Data) -> String? {
        struct Head: Decodable { var schema: String }
        return try? JSONDecoder().decode(Head.self, from: data).schema
    }
}

/// How a concurrent reproducer stands: replayed `runs` times, failed `failed` of them.
package struct RaceStanding: Codable, Hashable, Sendable {
    package var runs: Int
    package var failed: Int
    package var players: Int
    package var operations: Int
    /// The sub-history's size before replay-based shrinking.
    package var originalPlayers: Int
    package var originalOperations: Int

    package init(runs: Int, failed: Int, players: Int, operations: Int, originalPlayers: Int, originalOperations: Int) {
        self.runs = runs
        self.failed = failed
        self.players = players
        self.operations = operations
        self.originalPlayers = originalPlayers
        self.originalOperations = originalOperations
    }

    /// `fails 7/10 with 2 players and 4 operations (shrunk from 3 players and 9)`.
    package var description: String {
        var s =
            "fails \(failed)/\(runs) with \(players) player\(players == 1 ? "" : "s") and \(operations) operation\(operations == 1 ? "" : "s")"
        if originalOperations != operations || originalPlayers != players {
            s += " (shrunk from \(originalPlayers) and \(originalOperations))"
        }
        return s
    }

    private enum CodingKeys: String, CodingKey {
        case runs, failed, players, operations
        case originalPlayers = "original_players"
        case originalOperations = "original_operations"
    }
}

extension RaceReproFile {
    /// The two files of a concurrent reproducer, rendered like ``Reproducer``'s: `NNN.json` and
    /// the concurrent curl script `NNN.sh`.
    package func rendered(configuration: FuzzConfiguration) async throws -> Reproducer.Rendered {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = try enc.encode(self)
        let script = await RaceCurlScript(configuration: configuration, repro: self).render()
        return Reproducer.Rendered(json: json, script: script)
    }
}
