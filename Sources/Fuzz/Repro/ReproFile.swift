import Foundation
import Model
import Protocol

/// `violations/NNN.json`: a minimal failing sequence and how to replay it (schema `gbfuzz.repro/1`).
/// Never contains the secret key or the IdP secret.
package struct ReproFile: Codable, Sendable {
    package static let schemaName = "gbfuzz.repro/1"

    package struct Target: Codable, Sendable, Hashable {
        package var baseURL: String
        package var appId: String
        /// Found on the embedded reference server (then `gbfuzz replay` can start one).
        package var embedded: Bool
        package var bugs: [String]?
        package init(baseURL: String, appId: String, embedded: Bool, bugs: [String]? = nil) {
            self.baseURL = baseURL
            self.appId = appId
            self.embedded = embedded
            self.bugs = bugs
        }
    }

    package struct Step: Codable, Sendable {
        package var id: Int
        package var kind: OperationKind
        package var text: String
        package var action: Action
        /// Codes the model allowed when the reproducer was verified.
        package var expectedCodes: [Int]
        package var observedCode: Int?
        /// A value the step sends at or past a documented limit (absent in most steps, and in files
        /// written before it existed).
        package var edge: EdgeValue?
    }

    package var schema: String
    package var rule: RuleID
    package var message: String
    package var field: String
    package var expected: String
    package var observed: String
    package var seed: UInt64
    package var semantics: Semantics
    package var capabilities: TargetCapabilities
    package var target: Target
    package var steps: [Step]
    /// Length of the sequence before shrinking.
    package var originalLength: Int
    /// Shrunk or not, and how often it reproduced when replayed (absent in files written before it
    /// existed: then unknown).
    package var standing: ReproStanding?

    /// The symbolic sequence.
    package var sequence: [Op] { steps.map { Op(id: $0.id, action: $0.action, edge: $0.edge) } }

    package static func load(_ url: URL) throws(ReproError) -> ReproFile {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ReproError(url.path, "cannot be read: \(error.localizedDescription)")
        }
        let f: ReproFile
        do { f = try JSONDecoder().decode(ReproFile.self, from: data) } catch {
            throw ReproError(url.path, "is not a gbfuzz reproducer: \(Self.describe(error))")
        }
        guard f.schema == schemaName else {
            throw ReproError(url.path, "has schema \"\(f.schema)\", expected \"\(schemaName)\"")
        }
        guard !f.steps.isEmpty else { throw ReproError(url.path, "has no steps") }
        if let problem = f.semantics.problems().first { throw ReproError(url.path, "semantics: \(problem)") }
        if let bad = f.steps.first(where: { $0.edge.map { !$0.isValid } ?? false }) {
            throw ReproError(
                url.path,
                "step \(bad.id): edge lengths must be \(EdgeValue.allowedLengths.lowerBound)…\(EdgeValue.allowedLengths.upperBound)"
            )
        }
        return f
    }

    static func describe(_ e: any Error) -> String {
        switch e as? DecodingError {
        case .keyNotFound(let k, let c)?:
            "missing key \((c.codingPath + [k]).map(\.stringValue).joined(separator: "."))"
        case .typeMismatch(_, let c)?, .valueNotFound(_, let c)?, .dataCorrupted(let c)?:
            "\(c.codingPath.map(\.stringValue).joined(separator: ".")): \(c.debugDescription)"
        default: "\(e)"
        }
    }
}

/// A reproducer file that cannot be used.
package struct ReproError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var message: String
    package init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }
    package var description: String { "\(path) \(message)" }
}
