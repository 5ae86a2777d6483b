import Basics
import Foundation
import Yams

/// Reads a composed YAML tree strictly: every lookup knows its key path and line, so each error
/// names the file, the line and the key. Mappings reject keys nobody asked for.
///
/// Scalars go through `${NAME}` / `${NAME:-default}` environment interpolation first.
package struct YAMLWalker {
    package let file: String
    package let node: Node
    package let path: String
    package let environment: [String: String]

    package init(file: String, node: Node, path: String = "", environment: [String: String]) {
        self.file = file
        self.node = node
        self.path = path
        self.environment = environment
    }

    package var line: Int? { node.mark?.line }

    /// Whether the node is a single value (not a mapping or a list).
    package var isScalar: Bool {
        if case .scalar = node { return true }
        return false
    }

    /// Whether the node is a mapping.
    package var isMapping: Bool {
        if case .mapping = node { return true }
        return false
    }

    package func error(_ code: ConfigError.Code, _ message: String) -> ConfigError {
        ConfigError(code, file: file, line: line, key: path, message)
    }

    /// The root of `text` (YAML or JSON), or `nil` for an empty document.
    package static func root(
        yaml text: String,
        file: String,
        environment: [String: String]
    ) throws(ConfigError) -> YAMLWalker? {
        do {
            guard let node = try Yams.compose(yaml: text) else { return nil }
            return YAMLWalker(file: file, node: node, environment: environment)
        } catch let e as YamlError {
            throw ConfigError(.syntax, file: file, line: line(of: e), "not valid YAML: \(problem(of: e))")
        } catch {
            throw ConfigError(.syntax, file: file, "not valid YAML: \(error)")
        }
    }

    /// The same mapping without `key` (for sections read by a reader of their own).
    package func removing(_ key: String) -> YAMLWalker {
        guard case .mapping(var m) = node else { return self }
        m[Node(key)] = nil
        return YAMLWalker(file: file, node: .mapping(m), path: path, environment: environment)
    }

    // MARK: Mappings

    /// The mapping's entries as walkers, after checking that every key is one of `allowed`.
    package func mapping(allowed: Set<String>) throws -> [String: YAMLWalker] {
        guard case .mapping(let m) = node else {
            throw error(.invalidValue, "must be a mapping of keys to values (got \(describe(node)))")
        }
        var out: [String: YAMLWalker] = [:]
        for (k, v) in m {
            guard let key = k.string else {
                throw ConfigError(.invalidValue, file: file, line: k.mark?.line, key: path, "keys must be strings")
            }
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            guard allowed.contains(key) else {
                let hint = Self.suggestion(for: key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
                let known = allowed.sorted().joined(separator: ", ")
                throw ConfigError(
                    .unknownKey,
                    file: file,
                    line: k.mark?.line,
                    key: childPath,
                    "unknown key\(hint); allowed here: \(known)"
                )
            }
            out[key] = YAMLWalker(file: file, node: v, path: childPath, environment: environment)
        }
        return out
    }

    /// A mapping with arbitrary string keys (e.g. operation weights).
    package func freeMapping() throws -> [(key: String, value: YAMLWalker)] {
        guard case .mapping(let m) = node else {
            throw error(.invalidValue, "must be a mapping (got \(describe(node)))")
        }
        return try m.map { k, v in
            guard let key = k.string else {
                throw ConfigError(.invalidValue, file: file, line: k.mark?.line, key: path, "keys must be strings")
            }
            return (
                key,
                YAMLWalker(file: file, node: v, path: path.isEmpty ? key : "\(path).\(key)", environment: environment)
            )
        }
    }

    package func sequence() throws -> [YAMLWalker] {
        guard case .sequence(let s) = node else {
            throw error(.invalidValue, "must be a list (got \(describe(node)))")
        }
        return s.enumerated().map { i, n in
            YAMLWalker(file: file, node: n, path: "\(path)[\(i)]", environment: environment)
        }
    }

    package var isNull: Bool {
        if case .scalar(let s) = node {
            return s.tag.description.hasSuffix(":null") || s.string == "~" || (s.string == "null" && s.style == .plain)
        }
        return false
    }

    // MARK: Scalars

    package func string() throws -> String {
        guard case .scalar(let s) = node else {
            throw error(.invalidValue, "must be a text value (got \(describe(node)))")
        }
        return try interpolate(s.string)
    }

    package func int(min: Int? = nil, max: Int? = nil) throws -> Int {
        let text = try string()
        guard let v = Int(text.replacingOccurrences(of: "_", with: "")) else {
            throw error(.invalidValue, "must be an integer (got \"\(text)\")")
        }
        if let min, v < min { throw error(.invalidValue, "must be at least \(min) (got \(v))") }
        if let max, v > max { throw error(.invalidValue, "must be at most \(max) (got \(v))") }
        return v
    }

    package func double(min: Double? = nil, max: Double? = nil) throws -> Double {
        let text = try string()
        guard let v = Double(text.replacingOccurrences(of: "_", with: "")), v.isFinite else {
            throw error(.invalidValue, "must be a number (got \"\(text)\")")
        }
        if let min, v < min { throw error(.invalidValue, "must be at least \(min) (got \(v))") }
        if let max, v > max { throw error(.invalidValue, "must be at most \(max) (got \(v))") }
        return v
    }

    package func bool() throws -> Bool {
        let text = try string().lowercased()
        switch text {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error(.invalidValue, "must be true or false (got \"\(text)\")")
        }
    }

    package func duration(allowZero: Bool = true) throws -> Duration {
        let text = try string()
        guard let d = DurationText.parse(text) else {
            throw error(.invalidValue, "must be a duration such as 30s, 500ms, 2m (got \"\(text)\")")
        }
        if !allowZero && d == .zero { throw error(.invalidValue, "must be longer than zero") }
        return d
    }

    package func oneOf(_ choices: [String]) throws -> String {
        let text = try string()
        guard choices.contains(text) else {
            throw error(.invalidValue, "must be one of \(choices.joined(separator: ", ")) (got \"\(text)\")")
        }
        return text
    }

    // MARK: Environment interpolation

    /// Replaces `${NAME}` and `${NAME:-default}`; `$${` is a literal `${`.
    package func interpolate(_ text: String) throws -> String {
        guard text.contains("${") else { return text }
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            if start.lowerBound > rest.startIndex, rest[rest.index(before: start.lowerBound)] == "$" {
                out += rest[..<rest.index(before: start.lowerBound)] + "${"
                rest = rest[start.upperBound...]
                continue
            }
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                throw error(.invalidValue, "unterminated ${…} in \"\(text)\"")
            }
            let expr = rest[start.upperBound..<end]
            let name: Substring
            let fallback: Substring?
            if let sep = expr.range(of: ":-") {
                name = expr[..<sep.lowerBound]
                fallback = expr[sep.upperBound...]
            } else {
                name = expr
                fallback = nil
            }
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw error(.invalidValue, "bad environment reference ${\(expr)}")
            }
            if let value = environment[String(name)] {
                out += value
            } else if let fallback {
                out += fallback
            } else {
                throw error(
                    .missingEnvironment,
                    "environment variable \(name) is not set (use ${\(name):-default} for a default)"
                )
            }
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }

    // MARK: Helpers

    private func describe(_ n: Node) -> String {
        switch n {
        case .scalar(let s): return "\"\(s.string)\""
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// The allowed key closest to `key` by edit distance, when it is close enough to be a typo.
    package static func suggestion(for key: String, in allowed: Set<String>) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var prev = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var cur = [i] + Array(repeating: 0, count: b.count)
                for j in stride(from: 1, through: b.count, by: 1) {
                    cur[j] = Swift.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                prev = cur
            }
            return prev[b.count]
        }
        let k = Array(key.lowercased())
        let best = allowed.map { ($0, distance(k, Array($0.lowercased()))) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= Swift.max(2, key.count / 3) else { return nil }
        return best.0
    }

    private static func line(of e: YamlError) -> Int? {
        switch e {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        case .duplicatedKeysInMapping(_, let context): context.mark.line
        default: nil
        }
    }

    private static func problem(of e: YamlError) -> String {
        switch e {
        case .scanner(_, let p, _, _), .parser(_, let p, _, _), .composer(_, let p, _, _): p
        case .duplicatedKeysInMapping(let d, _): "duplicated keys \(d.joined(separator: ", "))"
        default: "\(e)"
        }
    }
}
