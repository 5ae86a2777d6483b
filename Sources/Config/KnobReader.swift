import Foundation
import Protocol
import Yams

/// The one reader of semantic knobs (docs/PROTOCOL.md §5), behind both a profile's `semantics:`
/// section and `gbfuzz serve --config`: what one accepts the other accepts, with the same errors.
///
/// Reads strictly: the knobs decode through ``Semantics``'s own `Codable`, unknown keys are found by
/// re-encoding and comparing, ranges are ``Semantics/problems()``, and every error names the file,
/// the key and its line.
package enum KnobReader {
    /// The knobs `w` names; every knob it leaves out is `base`'s (the defaults when `nil`).
    package static func read(_ w: YAMLWalker, over base: Semantics? = nil) throws(ConfigError) -> Semantics {
        do {
            return try decode(w, over: base)
        } catch let e as ConfigError {
            throw e
        } catch {
            throw w.error(.invalidValue, "\(error)")
        }
    }

    private static func decode(_ w: YAMLWalker, over base: Semantics?) throws -> Semantics {
        var lines: [String: Int] = [:]
        let json = try toJSON(w, lines: &lines)
        // JSONSerialization traps, rather than throws, on a top level that is not a mapping or a
        // list (`semantics: 5`).
        guard JSONSerialization.isValidJSONObject(json), json is [String: Any] else {
            throw w.error(.invalidValue, "must be a mapping of knobs")
        }
        var merged = json
        if let base, let encoded = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(base)) {
            merged = overlay(json, on: encoded)
        }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: merged)
        } catch {
            throw w.error(.invalidValue, "must be a mapping of knobs")
        }
        let semantics: Semantics
        do {
            semantics = try JSONDecoder().decode(Semantics.self, from: data)
        } catch let DecodingError.typeMismatch(type, ctx) {
            throw located(w, lines, ctx.codingPath, "must be \(describe(type))")
        } catch let DecodingError.dataCorrupted(ctx) {
            throw located(w, lines, ctx.codingPath, "has an invalid value (\(ctx.debugDescription))")
        } catch let DecodingError.valueNotFound(type, ctx) {
            throw located(w, lines, ctx.codingPath, "must be \(describe(type)), not null")
        } catch {
            throw w.error(.invalidValue, "\(error)")
        }
        // Unknown keys: anything in the input that the decoded value does not encode back.
        let encoded = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(semantics))) ?? [:]
        if let unknown = firstUnknownKey(json, encoded, path: "") {
            let full = w.path.isEmpty ? unknown : "\(w.path).\(unknown)"
            throw ConfigError(
                .unknownKey,
                file: w.file,
                line: lines[unknown] ?? w.line,
                key: full,
                "unknown knob (see docs/PROTOCOL.md §5 for the knobs)"
            )
        }
        if let problem = semantics.problems().first {
            let full = w.path.isEmpty ? problem.key : "\(w.path).\(problem.key)"
            throw ConfigError(
                .invalidValue,
                file: w.file,
                line: lines[problem.key] ?? w.line,
                key: full,
                problem.message
            )
        }
        return semantics
    }

    /// Converts a YAML subtree to JSON values (interpolating `${ENV}`), remembering each key's line.
    private static func toJSON(_ w: YAMLWalker, lines: inout [String: Int], relative: String = "") throws -> Any {
        switch w.node {
        case .mapping:
            var out: [String: Any] = [:]
            for (key, child) in try w.freeMapping() {
                let rel = relative.isEmpty ? key : "\(relative).\(key)"
                lines[rel] = child.line
                out[key] = try toJSON(child, lines: &lines, relative: rel)
            }
            return out
        case .sequence:
            return try w.sequence().enumerated().map { i, c in
                try toJSON(c, lines: &lines, relative: "\(relative)[\(i)]")
            }
        case .scalar(let s):
            if w.isNull { return NSNull() }
            let text = try w.interpolate(s.string)
            if s.style != .plain { return text }
            if let i = Int(text) { return i }
            if let d = Double(text), text.contains(".") { return d }
            switch text.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: return text
            }
        case .alias:
            throw w.error(.invalidValue, "aliases are not supported here")
        }
    }

    /// `top` laid over `bottom`: mappings merge key by key, anything else in `top` replaces.
    private static func overlay(_ top: Any, on bottom: Any) -> Any {
        guard let t = top as? [String: Any], var b = bottom as? [String: Any] else { return top }
        for (key, value) in t { b[key] = b[key].map { overlay(value, on: $0) } ?? value }
        return b
    }

    private static func firstUnknownKey(_ input: Any, _ encoded: Any, path: String) -> String? {
        guard let inMap = input as? [String: Any] else { return nil }
        let encMap = encoded as? [String: Any] ?? [:]
        for key in inMap.keys.sorted() {
            let p = path.isEmpty ? key : "\(path).\(key)"
            guard let sub = encMap[key] else { return p }
            if let found = firstUnknownKey(inMap[key]!, sub, path: p) { return found }
        }
        return nil
    }

    private static func located(
        _ w: YAMLWalker,
        _ lines: [String: Int],
        _ codingPath: [any CodingKey],
        _ message: String
    )
        -> ConfigError
    {
        let rel = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            .reduce("") { acc, part in part.hasPrefix("[") ? acc + part : (acc.isEmpty ? part : "\(acc).\(part)") }
        let full = w.path.isEmpty ? rel : "\(w.path).\(rel)"
        let lineKey = lines[rel] != nil ? rel : String(rel.prefix { $0 != "[" })
        return ConfigError(.invalidValue, file: w.file, line: lines[lineKey] ?? w.line, key: full, message)
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type: "an integer"
        case is Bool.Type: "true or false"
        case is String.Type: "text"
        case is Double.Type: "a number"
        default: "a \(type)"
        }
    }
}
