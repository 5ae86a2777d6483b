/// One fault the fault-injecting proxy (`gbfuzz proxy`, a profile's `faults:`) applies to a share
/// of the requests it forwards: `KIND[:DURATION]:PROBABILITY`.
///
/// | spec | what the client sees |
/// |---|---|
/// | `delay:50ms:0.05` | the answer 50 ms late |
/// | `drop-response:0.02` | the request reached the target and was answered, the connection closes without the answer: the client cannot know whether it happened |
/// | `reset:0.01` | the connection reset (RST) before the request was forwarded |
/// | `duplicate:0.01` | the request forwarded twice (a retry after the first answer), the first answer returned, marked with ``header`` |
/// | `slow-body:2s:0.02` | the answer's body trickled out over 2 s |
package struct FaultSpec: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        case delay(Duration)
        case dropResponse
        case reset
        case duplicate
        case slowBody(Duration)

        /// The name in a spec and in counts: `delay`, `drop-response`, …
        package var name: String {
            switch self {
            case .delay: "delay"
            case .dropResponse: "drop-response"
            case .reset: "reset"
            case .duplicate: "duplicate"
            case .slowBody: "slow-body"
            }
        }
    }

    package var kind: Kind
    /// The share of requests it applies to, 0…1.
    package var probability: Double

    /// The response header that marks an answer whose request the proxy sent twice
    /// (`X-Gbfuzz-Fault: duplicate`): the target may have applied it once more after answering.
    package static let header = "X-Gbfuzz-Fault"

    package init(_ kind: Kind, _ probability: Double) {
        self.kind = kind
        self.probability = probability
    }

    /// Reads `delay:50ms:0.05`, `drop-response:0.02`, `reset:0.01`, `duplicate:0.01`,
    /// `slow-body:2s:0.02`. Durations use the one duration grammar (`DurationText`: `500ms`, `2s`).
    package init(parsing text: String, duration: (String) -> Duration?) throws(FaultSpecError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let timed = ["delay", "slow-body"]
        let plain = ["drop-response", "reset", "duplicate"]
        guard let name = parts.first, timed.contains(name) || plain.contains(name) else {
            throw FaultSpecError(
                "unknown fault '\(parts.first ?? "")' in '\(text)'; known: delay:DURATION:P, drop-response:P, "
                    + "reset:P, duplicate:P, slow-body:DURATION:P"
            )
        }
        let wanted = timed.contains(name) ? 3 : 2
        guard parts.count == wanted else {
            throw FaultSpecError(
                "'\(text)': \(name) is written \(timed.contains(name) ? "\(name):DURATION:P (e.g. \(name):50ms:0.05)" : "\(name):P (e.g. \(name):0.01)")"
            )
        }
        guard let p = Double(parts[wanted - 1]), p.isFinite, (0...1).contains(p) else {
            throw FaultSpecError("'\(text)': the probability must be a number from 0 to 1 (got '\(parts[wanted - 1])')")
        }
        var d = Duration.zero
        if wanted == 3 {
            guard let parsed = duration(parts[1]), parsed > .zero, parsed <= .seconds(600) else {
                throw FaultSpecError("'\(text)': the duration must be above 0 and at most 10m, such as 50ms or 2s")
            }
            d = parsed
        }
        let kind: Kind =
            switch name {
            case "delay": .delay(d)
            case "slow-body": .slowBody(d)
            case "drop-response": .dropResponse
            case "reset": .reset
            default: .duplicate
            }
        self.init(kind, p)
    }

    package var description: String {
        switch kind {
        case .delay(let d), .slowBody(let d): "\(kind.name):\(Self.milliseconds(d))ms:\(probability)"
        default: "\(kind.name):\(probability)"
        }
    }

    private static func milliseconds(_ d: Duration) -> Int64 {
        d.components.seconds * 1_000 + d.components.attoseconds / 1_000_000_000_000_000
    }

    /// Refuses a set of faults whose probabilities add up to more than 1 (each request gets at most
    /// one fault).
    package static func validate(_ faults: [FaultSpec]) throws(FaultSpecError) {
        let total = faults.reduce(0) { $0 + $1.probability }
        guard total <= 1 + 1e-9 else {
            throw FaultSpecError(
                "the faults' probabilities add up to \(total), more than 1 (one fault per request at most)"
            )
        }
    }
}

/// A fault spec that cannot be read.
package struct FaultSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
