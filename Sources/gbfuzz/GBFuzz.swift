import ArgumentParser

/// `gbfuzz`: a load and fuzz testing harness for Gamebase-compatible authentication backends.
///
/// The executable stays thin: each subcommand parses its options and calls into the libraries.
@main
struct GBFuzz: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gbfuzz",
        abstract: "Load and fuzz testing for Gamebase-compatible authentication backends.",
        version: "0.1.0",
        subcommands: [
            // A subcommand is listed here once the capability behind it works.
            Run.self,
            ReportCommand.self,
            MergeCommand.self,
            ServeCommand.self,
            ProxyCommand.self,
            SweepCommand.self,
            CalibrateCommand.self,
            Bench.self,
            ReplayCommand.self,
            CheckCommand.self,
        ]
    )
}
