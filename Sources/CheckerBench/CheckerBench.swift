import ArgumentParser
import Foundation
import Linearizability

/// `CheckerBench`: writes the linearizability checker's benchmark history (scripts/bench-checker.sh).
@main
struct CheckerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "CheckerBench",
        abstract: "Write a shared-pool history.jsonl that is linearizable by construction."
    )

    @Option(help: "Operations in the history.") var operations = 100_000
    @Option(help: "Seed of the generator.") var seed: UInt64 = 1
    @Option(help: "Pools in use at any time.") var pools = 24
    @Option(help: "Share of operations whose answer is lost (maybe applied).") var lostShare = 0.003
    @Option(name: .shortAndLong, help: "The history file to write.") var output: String

    func run() async throws {
        var g = HistoryGenerator(operations: operations, seed: seed)
        g.livePools = pools
        g.lostShare = lostShare
        let history = await g.generate()
        try history.jsonLines().write(to: URL(fileURLWithPath: output))
        let lost = history.entries.count { $0.isMaybeApplied }
        print("wrote \(history.entries.count) entries (\(lost) maybe applied) to \(output)")
    }
}
