import ArgumentParser
import Basics
import Foundation
import Linearizability

/// `gbfuzz check HISTORY`: re-judges a recorded history (history.jsonl) offline for linearizability
/// against the reference model.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a recorded history (history.jsonl) for linearizability against the model.",
        discussion: """
            The history is split into independent partitions (entries that share no device, account, \
            user, token, ticket, TransferAccount or TransferKey), each searched within the budget. Exit \
            status: 0 linearizable, 2 a violation (each with its minimal non-linearizable sub-history and \
            the longest linearizable prefix), 3 unknown (a partition ran out of budget and none was \
            violated), 64 a bad file.
            """
    )

    @Argument(help: "The history (gbfuzz.history/2 JSON Lines).", completion: .file(extensions: ["jsonl"]))
    var history: String

    @Option(
        parsing: .unconditional,
        help: "Each partition's search time; one that runs out is unknown.",
        transform: DurationArgument.parse
    )
    var budget = DurationArgument(CheckBudget.defaultTime)

    @Option(help: "Each partition's configurations (linearized set, model state) before it is unknown.")
    var maxConfigurations = CheckBudget.defaultConfigurations

    @Flag(help: "Check the whole history as one partition.")
    var noPartition = false

    @Flag(help: "Report each violation's whole partition instead of shrinking it.")
    var noShrink = false

    @Flag(help: "Try every interleaving of independent operations (no partial-order reduction; to measure it).")
    var noReduction = false

    @Flag(
        help:
            "Search an unknown partition depth first once, without restarts that learn which of two concurrent operations to try first (to measure them)."
    )
    var noRestarts = false

    @Flag(
        help:
            "Run the restarts and the exhaustive search of an undecided partition one after the other on one thread instead of side by side on two (to measure it)."
    )
    var oneThread = false

    @Flag(
        help:
            "Keep apart search states that differ only in a TransferAccount's wrong-password count instead of joining them (to measure the join)."
    )
    var noJoins = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        guard maxConfigurations > 0 else { throw ValidationError("--max-configurations must be positive") }
        guard budget.duration > .zero else { throw ValidationError("--budget must be positive") }
    }

    func run() async throws {
        let loaded: History
        do {
            loaded = try History.read(path: history)
        } catch {
            throw ExitCode.failing(.usage, "gbfuzz check: \(error)")
        }
        var check = LinearizabilityCheck(
            budget: CheckBudget(time: budget.duration, configurations: maxConfigurations),
            split: !noPartition,
            shrink: !noShrink
        )
        check.reduction = !noReduction
        check.restarts = !noRestarts
        check.sideBySide = check.sideBySide && !oneThread
        check.joins = !noJoins
        let report = await check.check(loaded)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text)
        }
        let status: ExitStatus =
            switch report.verdict {
            case .linearizable: .clean
            case .violation: .violations
            case .unknown: .unknown
            }
        if status != .clean { throw ExitCode(status) }
    }
}
