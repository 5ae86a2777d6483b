// swift-tools-version: 6.1
import PackageDescription

// One run is one pipeline, and the targets show it (docs/ARCHITECTURE.md):
//
//   plan (profile → run plan) → engine (load, recording) → checking (fuzz players, audit, shrinking)
//   → results (summary, thresholds, .hlog, HTML, JUnit)
//
// Dependencies point down this file and never back up. Each target declares exactly the modules its
// sources import (scripts/lint.sh checks it); everything is `package` access, since the only product
// is the executable.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The model, the linearizability checker and the modules on the per-operation path (basics,
/// transport, protocol, engine, fuzz players, reference server, runner) are optimized in debug
/// builds too: the tests run a debug build, the checker's search was 14 times slower there than in
/// a release build (a 50,000-operation history of 64 players: 176 s instead of 12.5 s), and an
/// unoptimized harness fell behind 900 operations/s, so a stall timed out dozens of operations at
/// once (optimized: 900/s held, 40 of 50,000 timed out).
let optimizedInDebug = swiftSettings + [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// A libFuzzer target for one parser of untrusted input (FuzzTargets/<name>, scripts/fuzz-parsers.sh).
/// A normal build replays corpus files through its `LLVMFuzzerTestOneInput`; the fuzzer is built
/// with `swift build --sanitize=fuzzer -Xswiftc -DFUZZING --scratch-path .build-fuzz --product <name>`.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["CorpusReplay"] + dependencies,
        path: "FuzzTargets/\(name)",
        swiftSettings: swiftSettings
    )
}

let package = Package(
    name: "gbfuzz",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "gbfuzz", targets: ["gbfuzz"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // MARK: C bridges
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // MARK: Vocabulary every stage shares: the PRNG, stable hashing, durations, exit statuses.
        .target(name: "Basics", swiftSettings: optimizedInDebug),

        // MARK: I/O: HTTP over libcurl. Knows nothing of Gamebase.
        .target(
            name: "Transport",
            dependencies: ["Basics", "CCurl"],
            swiftSettings: optimizedInDebug
        ),

        // MARK: Wire protocol: codes, envelope, dates, knobs, IdP tokens, the typed client.
        .target(
            name: "Protocol",
            dependencies: [
                "Transport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: optimizedInDebug
        ),

        // MARK: What users write: strict YAML walking (file, line, key in every error), the knob reader.
        .target(
            name: "Config",
            dependencies: [
                "Basics", "Protocol",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Pure core: the reference model of Gamebase semantics.
        .target(
            name: "Model",
            dependencies: ["Basics", "Protocol"],
            swiftSettings: optimizedInDebug
        ),

        // MARK: Engine: load models, scheduling, the recorder. Knows nothing of Gamebase.
        .target(
            name: "Engine",
            dependencies: [
                "Basics",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: optimizedInDebug
        ),

        // MARK: Checking: the fuzz workload (generator + oracle), collector, audit, shrinker, reproducers.
        .target(
            name: "Fuzz",
            dependencies: ["Basics", "Engine", "Linearizability", "Model", "Protocol", "Transport"],
            swiftSettings: optimizedInDebug
        ),

        // MARK: Linearizability: a recorded history (history.jsonl) checked against the model.
        .target(
            name: "Linearizability",
            dependencies: ["Basics", "Model", "Protocol"],
            swiftSettings: optimizedInDebug
        ),

        // MARK: Plan: profile → run plan (load spec, fuzz configuration, thresholds, overrides).
        .target(
            name: "Plan",
            dependencies: [
                "Basics", "Config", "Engine", "Fuzz", "Model", "Protocol", "Transport",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Results: summary, threshold evaluation, .hlog, HTML, JUnit, terminal.
        .target(
            name: "Results",
            dependencies: [
                "CZlib", "Engine", "Linearizability", "Plan",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: The reference server's readers of untrusted request input: pure, no I/O, so its
        // parser fuzz target (FuzzServerJSON) builds without the server's HTTP and storage stack.
        .target(name: "RequestInput", dependencies: ["Protocol"], swiftSettings: optimizedInDebug),

        // MARK: The embedded Gamebase-compatible reference server (beside the pipeline).
        .target(
            name: "ReferenceServer",
            dependencies: [
                "Config", "Protocol", "RequestInput",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources/openapi.yaml")],
            swiftSettings: optimizedInDebug
        ),

        // MARK: The nemesis: a fault-injecting HTTP proxy in front of a target (`gbfuzz proxy`, `faults:`).
        .target(
            name: "FaultProxy",
            dependencies: [
                "Basics", "Transport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: optimizedInDebug
        ),

        // MARK: Live metrics: a Prometheus endpoint during a run (`--metrics-port`).
        .target(
            name: "LiveMetrics",
            dependencies: [
                "Engine",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Calibration: probes that decide a target's dialect knobs from its answers.
        .target(
            name: "Calibration",
            dependencies: ["Protocol", "Transport"],
            swiftSettings: swiftSettings
        ),

        // MARK: One run end to end (target, probe, engine, audit, shrinking, outputs), and replay;
        // calibration's command.
        .target(
            name: "Runner",
            dependencies: [
                "Basics", "Calibration", "Config", "Engine", "FaultProxy", "Fuzz", "Linearizability", "LiveMetrics",
                "Model", "Plan", "Protocol", "ReferenceServer", "Results", "Transport",
            ],
            swiftSettings: optimizedInDebug
        ),

        // MARK: The thin executable.
        .executableTarget(
            name: "gbfuzz",
            dependencies: [
                "Basics", "FaultProxy", "Linearizability", "Plan", "Protocol", "ReferenceServer", "Results", "Runner",
                "Transport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: The linearizability checker's benchmark: writes a shared-pool history that is
        // linearizable by construction (scripts/bench-checker.sh).
        .executableTarget(
            name: "CheckerBench",
            dependencies: [
                "Basics", "Fuzz", "Linearizability", "Model", "Protocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Test kit: helpers shared by the test targets.
        .target(
            name: "GBFuzzTestKit",
            dependencies: ["Basics", "Engine", "Fuzz", "Protocol", "ReferenceServer", "Transport"],
            swiftSettings: swiftSettings
        ),

        // MARK: Fuzz targets: one per parser of untrusted input, and the corpus replay they share.
        .target(name: "CorpusReplay", path: "FuzzTargets/CorpusReplay", swiftSettings: swiftSettings),
        fuzzTarget("FuzzServerJSON", ["RequestInput"]),
        fuzzTarget("FuzzDates", ["Protocol"]),
        fuzzTarget("FuzzReplies", ["Model", "Protocol", "Transport"]),
        fuzzTarget("FuzzProfile", ["Plan"]),
        fuzzTarget("FuzzThreshold", ["Plan"]),
        fuzzTarget("FuzzHlog", ["Engine", "Results"]),
        fuzzTarget("FuzzHistory", ["Linearizability"]),

        // MARK: Tests (Swift Testing)
        .testTarget(name: "BasicsTests", dependencies: ["Basics"], swiftSettings: swiftSettings),
        .testTarget(
            name: "LiveMetricsTests",
            dependencies: [
                "Engine", "LiveMetrics", "Transport", .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FaultProxyTests",
            dependencies: ["Basics", "FaultProxy", "GBFuzzTestKit", "Transport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TransportTests",
            dependencies: ["Basics", "CCurl", "GBFuzzTestKit", "Transport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ProtocolTests",
            dependencies: ["Basics", "Protocol", "Transport", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "ModelTests", dependencies: ["Basics", "Model", "Protocol"], swiftSettings: swiftSettings),
        .testTarget(
            name: "LinearizabilityTests",
            dependencies: ["Basics", "Fuzz", "Linearizability", "Model", "Protocol"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EngineTests",
            dependencies: [
                "Basics", "Engine", "GBFuzzTestKit", "Transport",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FuzzTests",
            dependencies: [
                "Engine", "Fuzz", "GBFuzzTestKit", "Linearizability", "Model", "Protocol", "ReferenceServer", "Transport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PlanTests",
            dependencies: ["Basics", "Config", "Engine", "Fuzz", "Model", "Plan", "Protocol", "ReferenceServer", "Transport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ResultsTests",
            dependencies: [
                "Basics", "Engine", "Linearizability", "Plan", "Results",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReferenceServerTests",
            dependencies: [
                "Config", "GBFuzzTestKit", "Protocol", "ReferenceServer", "RequestInput", "Transport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CalibrationTests",
            dependencies: ["Calibration", "Config", "Fuzz", "GBFuzzTestKit", "Protocol", "ReferenceServer", "Transport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "Basics", "Config", "Engine", "Fuzz", "GBFuzzTestKit", "Linearizability", "Model", "Plan", "Protocol",
                "ReferenceServer", "Results", "Runner", "Transport",
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
    ]
)
