/// `summary.json` `run.faults`: what the fault-injecting proxy of a profile's `faults:` did to the
/// load's requests (absent without `faults:`).
package struct FaultSummary: Codable, Sendable, Equatable {
    /// The faults asked for, as written (`delay:50ms:0.05`).
    package var specs: [String]
    /// Requests that went through the proxy.
    package var requests: Int
    /// Faults injected, by name (`delay`, `drop-response`, `reset`, `duplicate`, `slow-body`).
    package var injected: [String: Int]

    package init(specs: [String] = [], requests: Int = 0, injected: [String: Int] = [:]) {
        self.specs = specs
        self.requests = requests
        self.injected = injected
    }

    /// `12,000 requests through the proxy, faults: delay 600, reset 120`.
    package var text: String {
        let list = injected.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return
            "\(requests) requests through the fault-injecting proxy, faults injected: \(list.isEmpty ? "none" : list)"
    }
}
