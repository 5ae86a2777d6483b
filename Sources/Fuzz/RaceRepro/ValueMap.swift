import Foundation
import Model

/// What a replay learned about the values of the recording: each value the server generated in
/// the recording (a userId, a token, a forcing key, a TransferAccount id…) mapped to the value it
/// generated for the same operation in the replay, so later operations send the replay's values.
///
/// Learned by walking the recorded answer and the replayed answer side by side (same shape, same
/// paths) rather than by knowing which field holds what, so any answer field a later operation
/// refers to is covered.
package struct ValueMap: Sendable {
    private var map: [String: String] = [:]

    package init() {}

    /// The replay's value for a recorded one, when the replay learned it. Never the recorded value
    /// itself: that belongs to the recording's world, where it may still be live.
    package subscript(_ recorded: String) -> String? { map[recorded] }

    package var count: Int { map.count }

    /// Records that the replay sent `replayed` where the recording sent `recorded` (a value the
    /// harness chose, e.g. a manual renew's TransferAccount id).
    package mutating func learn(_ recorded: String, as replayed: String) {
        if recorded != replayed, !recorded.isEmpty { map[recorded] = replayed }
    }

    /// Pairs the string leaves of the two answers at equal paths.
    package mutating func learn(recorded: Observation?, replayed: Observation?) {
        // Only answers with the same outcome have the same fields for the same things.
        guard let recorded, let replayed, recorded.code == replayed.code,
            let a = Self.tree(recorded), let b = Self.tree(replayed)
        else { return }
        walk(a, b, depth: 0)
    }

    private mutating func walk(_ a: Any, _ b: Any, depth: Int) {
        guard depth < 32 else { return }
        switch (a, b) {
        case (let x as String, let y as String):
            if x != y, !x.isEmpty { map[x] = y }
        case (let x as [String: Any], let y as [String: Any]):
            for (k, v) in x { if let w = y[k] { walk(v, w, depth: depth + 1) } }
        case (let x as [Any], let y as [Any]):
            for (v, w) in zip(x, y) { walk(v, w, depth: depth + 1) }
        default:
            break
        }
    }

    private static func tree(_ o: Observation) -> Any? {
        guard let data = try? JSONEncoder().encode(o) else { return nil }
        return try? JSONSerialization.jsonObject(with: data)
    }
}
