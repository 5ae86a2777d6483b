import ArgumentParser

extension GBFuzz {
    /// `gbfuzz bench`: measures the harness's own machinery, so its overhead is known and compared.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bench",
            abstract: "Measure the harness's own machinery.",
            subcommands: [HTTP.self, Harness.self]
        )
    }
}
