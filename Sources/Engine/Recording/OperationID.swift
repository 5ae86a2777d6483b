import Synchronization

/// A small integer standing for an operation name, so the hot path never hashes a string.
///
/// Obtain one from ``Recorder/operation(_:)`` once per operation kind and keep it.
package struct OperationID: Hashable, Sendable, Comparable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }
    package static func < (lhs: OperationID, rhs: OperationID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Interns operation names. Low rate (once per operation kind), so a lock is fine here.
final class OperationTable: Sendable {
    private struct State {
        var ids: [String: OperationID] = [:]
        var names: [String] = []
    }
    private let state = Mutex(State())

    /// The id of `name`, registering it on first use.
    func id(for name: String) -> OperationID {
        state.withLock { state in
            if let id = state.ids[name] { return id }
            precondition(state.names.count < Int(UInt16.max), "too many distinct operation names")
            let id = OperationID(rawValue: UInt16(state.names.count))
            state.ids[name] = id
            state.names.append(name)
            return id
        }
    }

    /// Every name registered so far, indexed by `OperationID.rawValue`.
    var names: [String] { state.withLock { $0.names } }
}
