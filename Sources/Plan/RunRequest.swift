import Engine
import Transport

/// What `gbfuzz run` was asked to do: a profile plus command-line overrides.
package struct RunRequest: Sendable {
    package var profilePath: String
    /// `embedded` or a URL.
    package var target: String?
    package var duration: Duration?
    package var seed: UInt64?
    /// The run folder itself (instead of `results/<run-id>/`).
    package var out: String?
    package var serveBugs: [String] = []
    package var players: Int?
    package var rate: Double?
    package var maxOperations: Int?
    /// The check phase's time budget (the partitions share it), over the profile's `race.checkBudget`.
    package var checkBudget: Duration?
    package var secretKey: String?
    /// A knob file (`--semantics`, e.g. what `gbfuzz calibrate` wrote) laid over the profile's knobs.
    package var semanticsFile: String?
    /// TLS, proxy and extra headers from the command line, laid over the profile's `target:`.
    package var network: NetworkOverrides = NetworkOverrides()
    package var progress: OutputSpec.Progress?
    /// Stop the load at the first violation.
    package var failFast = false
    /// Clear a non-empty `--out` folder instead of refusing it.
    package var overwrite = false
    /// Run one shard of the profile's load (`--shard i/N`).
    package var shard: Shard?
    /// Serve live Prometheus metrics on this port (`--metrics-port`).
    package var metricsPort: Int?
    package var metricsHost = "127.0.0.1"

    package init(profilePath: String) { self.profilePath = profilePath }
}

/// `--ca-bundle`, `--insecure`, `--client-cert`, `--client-key`, `--proxy`, `--header`: each set one
/// replaces the profile's; headers are added (a command-line header replaces one of the same name).
package struct NetworkOverrides: Sendable, Hashable {
    package var caBundle: String?
    package var insecure = false
    package var clientCertificate: String?
    package var clientKey: String?
    package var proxy: String?
    package var headers = HTTPHeaders()

    package init() {}

    /// `options` with these overrides applied.
    package func applied(to options: NetworkOptions) -> NetworkOptions {
        var o = options
        if let caBundle { o.caBundle = caBundle }
        if insecure { o.insecure = true }
        if let clientCertificate { o.clientCertificate = clientCertificate }
        if let clientKey { o.clientKey = clientKey }
        if let proxy { o.proxy = proxy }
        for h in headers.fields { o.headers.set(h.name, h.value) }
        return o
    }
}
