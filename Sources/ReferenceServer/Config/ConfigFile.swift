import Foundation
import Protocol
import Yams

/// What a `--config FILE` holds: the semantic knobs of docs/PROTOCOL.md §5 at the top level, plus
/// an optional `server:` section with the secrets (`secretKey`, `idpSecret`). YAML or JSON.
///
/// Unknown keys, wrong types and out-of-range values are rejected with a message naming the file,
/// the key and the line.
public struct ConfigFile: Sendable {
    public var semantics: Semantics
    public var secretKey: String?
    public var idpSecret: String?

    /// Top-level keys and the keys their mapping may hold; `nil` means a leaf value.
    private static let schema: [String: Set<String>?] = [
        "appId": nil,
        "idp": ["tokenMode", "codes", "lineRegions"],
        "tokens": ["lifetimeSeconds"],
        "mapping": ["addPrecedence", "removePrecedence", "forcingTicketLifetimeSeconds"],
        "withdrawal": ["gracePeriodDays"],
        "transferAccount": [
            "enabled", "idFormat", "passwordFormat", "failThreshold", "blockSeconds", "expirySeconds", "oneTime",
        ],
        "transferKey": ["enabled", "maxExpiresInSeconds"],
        "server": ["secretKey", "idpSecret"],
    ]

    /// Reads and validates `path`.
    public static func load(path: String) throws -> ConfigFile {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(.unreadable, "\(path): cannot read: \(error.localizedDescription)")
        }
        return try parse(text, file: path)
    }

    /// Parses and validates configuration text; `file` names it in messages.
    public static func parse(_ text: String, file: String) throws -> ConfigFile {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                return ConfigFile(semantics: .default)
            }
            root = node
        } catch let error as YamlError {
            throw ConfigError(.syntax, "\(file): \(error)")
        }
        guard case .mapping(let top) = root else {
            throw ConfigError(.invalidValue, "\(file):\(root.mark?.line ?? 1): the configuration must be a mapping")
        }
        try checkKeys(top, allowed: schema, path: [], file: file)

        var semanticsNode = top
        var secretKey: String?
        var idpSecret: String?
        if let server = top["server"] {
            semanticsNode["server"] = nil
            guard case .mapping(let s) = server else {
                throw ConfigError(.invalidValue, "\(file):\(server.mark?.line ?? 0): key 'server': must be a mapping")
            }
            secretKey = try string(s, "secretKey", file: file)
            idpSecret = try string(s, "idpSecret", file: file)
        }

        let semantics: Semantics
        do {
            semantics = try YAMLDecoder().decode(Semantics.self, from: Node.mapping(semanticsNode))
        } catch let error as DecodingError {
            throw decodingProblem(error, root: root, file: file)
        }
        if let p = SemanticsValidation.problems(in: semantics).first {
            let line = lookup(root, p.path)?.mark?.line
            throw ConfigError(
                .invalidValue,
                "\(file)\(line.map { ":\($0)" } ?? ""): key '\(p.path.joined(separator: "."))': \(p.message)"
            )
        }
        return ConfigFile(semantics: semantics, secretKey: secretKey, idpSecret: idpSecret)
    }

    private static func checkKeys(
        _ mapping: Node.Mapping,
        allowed: [String: Set<String>?],
        path: [String],
        file: String
    ) throws {
        for (key, value) in mapping {
            guard let name = key.string, let children = allowed[name] else {
                let dotted = (path + [key.string ?? "?"]).joined(separator: ".")
                throw ConfigError(.unknownKey, "\(file):\(key.mark?.line ?? 0): unknown key '\(dotted)'")
            }
            guard let children else { continue }
            guard case .mapping(let sub) = value else {
                throw ConfigError(.invalidValue, "\(file):\(value.mark?.line ?? 0): key '\(name)': must be a mapping")
            }
            for (k, _) in sub where !(k.string.map(children.contains) ?? false) {
                let dotted = (path + [name, k.string ?? "?"]).joined(separator: ".")
                throw ConfigError(.unknownKey, "\(file):\(k.mark?.line ?? 0): unknown key '\(dotted)'")
            }
        }
    }

    private static func string(_ m: Node.Mapping, _ key: String, file: String) throws -> String? {
        guard let node = m[key] else { return nil }
        guard case .scalar(let s) = node, !s.string.isEmpty else {
            throw ConfigError(
                .invalidValue,
                "\(file):\(node.mark?.line ?? 0): key 'server.\(key)': must be a non-empty string"
            )
        }
        return s.string
    }

    private static func lookup(_ root: Node, _ path: [String]) -> Node? {
        var node: Node? = root
        for key in path {
            guard case .mapping(let m)? = node else { return node }
            node = m[key] ?? node
        }
        return node
    }

    private static func decodingProblem(_ error: DecodingError, root: Node, file: String) -> ConfigError {
        let (path, detail): ([any CodingKey], String)
        switch error {
        case .typeMismatch(let type, let ctx): (path, detail) = (ctx.codingPath, "expected \(type)")
        case .valueNotFound(let type, let ctx): (path, detail) = (ctx.codingPath, "expected \(type), found null")
        case .keyNotFound(let key, let ctx): (path, detail) = (ctx.codingPath + [key], "missing")
        case .dataCorrupted(let ctx): (path, detail) = (ctx.codingPath, ctx.debugDescription)
        @unknown default: (path, detail) = ([], "\(error)")
        }
        let keys = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        let dotted = keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        let line = lookup(root, path.filter { $0.intValue == nil }.map(\.stringValue))?.mark?.line
        return ConfigError(
            .invalidValue,
            "\(file)\(line.map { ":\($0)" } ?? ""): key '\(dotted)': invalid value (\(detail))"
        )
    }

    public init(semantics: Semantics, secretKey: String? = nil, idpSecret: String? = nil) {
        self.semantics = semantics
        self.secretKey = secretKey
        self.idpSecret = idpSecret
    }
}
