import Foundation

extension Semantics {
    /// The knobs whose values differ from `old`'s, one line each as `path: old → new` with the
    /// values written as JSON (`null` for an absent optional), in key order:
    /// `maintenance.periodSeconds: null → 3153600000`.
    ///
    /// Written over the knobs' JSON form rather than field by field so that a knob added later is
    /// compared without anyone remembering to list it here.
    package func differences(from old: Semantics) -> [String] {
        let before = Self.leaves(of: old.setsSorted)
        let after = Self.leaves(of: setsSorted)
        return Set(before.keys).union(after.keys).sorted().compactMap { path in
            let a = before[path] ?? "null"
            let b = after[path] ?? "null"
            return a == b ? nil : "\(path): \(a) → \(b)"
        }
    }

    /// The knobs with the lists that are sets in order, so that a target reporting them in
    /// another order has not changed them (the precedence lists are orders and stay as they are).
    private var setsSorted: Semantics {
        var s = self
        s.idp.codes.sort { $0.rawValue < $1.rawValue }
        s.idp.lineRegions.sort()
        return s
    }

    /// Every leaf of the knobs' JSON form by dotted path, its value as compact JSON text (arrays
    /// are leaves: `idp.codes` compares as one list).
    private static func leaves(of semantics: Semantics) -> [String: String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(semantics),
            let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return [:] }
        var out: [String: String] = [:]
        func walk(_ value: Any, _ path: String) {
            if let object = value as? [String: Any] {
                for (key, child) in object { walk(child, path.isEmpty ? key : "\(path).\(key)") }
                return
            }
            if let text = try? JSONSerialization.data(
                withJSONObject: value,
                options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]
            ) {
                out[path] = String(decoding: text, as: UTF8.self)
            }
        }
        walk(root, "")
        return out
    }
}
