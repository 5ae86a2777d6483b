/// The `model` object of `summary.json`: how well the reference model kept up with the run. None of
/// these is a finding about the target; each is counted, never dropped silently.
package struct ModelSummary: Codable, Sendable, Equatable {
    /// Episodes abandoned because the belief could not track them (the player starts afresh).
    package var desyncs: Int
    /// Steps at which the belief exceeded a cap (more outcome paths or states than it tracks).
    package var beliefOverflows: Int
    /// Steps the model could not judge because its own state was inconsistent (a harness bug).
    package var harnessErrors: Int
    /// The first harness errors' messages (the operation and the state that was missing).
    package var harnessErrorExamples: [String]

    enum CodingKeys: String, CodingKey {
        case desyncs
        case beliefOverflows = "belief_overflows"
        case harnessErrors = "harness_errors"
        case harnessErrorExamples = "harness_error_examples"
    }

    package init(
        desyncs: Int = 0,
        beliefOverflows: Int = 0,
        harnessErrors: Int = 0,
        harnessErrorExamples: [String] = []
    ) {
        self.desyncs = desyncs
        self.beliefOverflows = beliefOverflows
        self.harnessErrors = harnessErrors
        self.harnessErrorExamples = harnessErrorExamples
    }

    /// Nothing to report: the model tracked every episode and judged every answer.
    package var isClean: Bool { desyncs == 0 && beliefOverflows == 0 && harnessErrors == 0 }

    /// `2 harness errors, 1 belief overflow, 1 desync`: the non-zero counts.
    package var headline: String {
        func count(_ n: Int, _ noun: String) -> String? {
            n == 0 ? nil : "\(Formatting.count(n)) \(noun)\(n == 1 ? "" : "s")"
        }
        return [
            count(harnessErrors, "harness error"), count(beliefOverflows, "belief overflow"), count(desyncs, "desync"),
        ]
        .compactMap { $0 }.joined(separator: ", ")
    }
}
