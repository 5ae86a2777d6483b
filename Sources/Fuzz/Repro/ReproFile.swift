import Foundation
import Model
import Protocol

/// `violations/NNN.json`: a minimal failing sequence and how to replay it (schema `gbfuzz.repro/1`).
/// Never contains the secret key or the IdP secret.
public struct ReproFile: Codable, Sendable {
    public static let schemaName = "gbfuzz.repro/1"

    public struct Target: Codable, Sendable, Hashable {
        public var baseURL: String
        public var appId: String
        /// Found on the embedded reference server (then `gbfuzz replay` can start one).
        public var embedded: Bool
        public var bugs: [String]?
        public init(baseURL: String, appId: String, embedded: Bool, bugs: [String]? = nil) {
            self.baseURL = baseURL
            self.appId = appId
            self.embedded = embedded
            self.bugs = bugs
        }
    }

    public struct Step: Codable, Sendable {
        public var id: Int
        public var kind: OperationKind
        public var text: String
        public var action: Action
        /// Codes the model allowed when the reproducer was verified.
        public var expectedCodes: [Int]
        public var observedCode: Int?
    }

    public var schema: String
    public var rule: RuleID
    public var message: String
    public var field: String
    public var expected: String
    public var observed: String
    public var seed: UInt64
    public var semantics: Semantics
    public var capabilities: TargetCapabilities
    public var target: Target
    public var steps: [Step]
    /// Length of the sequence before shrinking.
    public var originalLength: Int

    /// The symbolic sequence.
    public var sequence: [Op] { steps.map { Op(id: $0.id, action: $0.action) } }

    public static func load(_ url: URL) throws(ReproError) -> ReproFile {
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
public struct ReproError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "\(path) \(message)" }
}
