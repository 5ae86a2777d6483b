// swift-tools-version: 6.1
import PackageDescription

// Module boundaries follow DESIGN.md §2: dependencies point down this list, never back up.
// CCurl/CZlib -> Transport -> Protocol -> Model -> Fuzz -> Load -> Report; ReferenceServer sits
// beside the harness (it shares only the wire types in Protocol); gbfuzz sees everything.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "gbfuzz",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "gbfuzz", targets: ["gbfuzz"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
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

        // MARK: I/O: HTTP over libcurl. Knows nothing of Gamebase.
        .target(
            name: "Transport",
            dependencies: ["CCurl"],
            swiftSettings: swiftSettings
        ),

        // MARK: Wire protocol: codes, envelope, value objects, IdP tokens, typed client.
        .target(
            name: "Protocol",
            dependencies: [
                "Transport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Pure core: the reference model of Gamebase semantics.
        .target(
            name: "Model",
            dependencies: ["Protocol"],
            swiftSettings: swiftSettings
        ),

        // MARK: Pure core + drivers: generator, oracle, shrinker, reproducers.
        .target(
            name: "Fuzz",
            dependencies: [
                "Model", "Protocol", "Transport",
                .product(name: "Collections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Load engine, scheduling, recorder, profiles.
        .target(
            name: "Load",
            dependencies: [
                "Fuzz", "Model", "Protocol", "Transport",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Outputs: summary JSON, .hlog, HTML, JUnit, terminal.
        .target(
            name: "Report",
            dependencies: [
                "Load", "Fuzz", "CZlib",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: The embedded Gamebase-compatible reference server.
        .target(
            name: "ReferenceServer",
            dependencies: [
                "Protocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources/openapi.yaml")],
            swiftSettings: swiftSettings
        ),

        // MARK: One run end to end (target, load, audit, shrinking, outputs), behind `gbfuzz run`.
        .target(
            name: "Runner",
            dependencies: ["Load", "Report", "Fuzz", "Model", "Protocol", "Transport", "ReferenceServer"],
            swiftSettings: swiftSettings
        ),

        // MARK: Test kit: helpers shared by test targets (a loopback HTTP server for tests).
        .target(
            name: "GBFuzzTestKit",
            dependencies: ["Transport"],
            swiftSettings: swiftSettings
        ),

        // MARK: The thin executable.
        .executableTarget(
            name: "gbfuzz",
            dependencies: [
                "Transport", "Protocol", "Model", "Fuzz", "Load", "Report", "ReferenceServer", "Runner",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Tests (Swift Testing)
        .testTarget(
            name: "TransportTests",
            dependencies: ["Transport", "GBFuzzTestKit"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "ProtocolTests", dependencies: ["Protocol", "Transport"], swiftSettings: swiftSettings),
        .testTarget(name: "ModelTests", dependencies: ["Model", "Protocol"], swiftSettings: swiftSettings),
        .testTarget(
            name: "FuzzTests",
            dependencies: ["Fuzz", "Model", "Protocol", "Transport", "ReferenceServer"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LoadTests",
            dependencies: [
                "Load", "Fuzz", "Transport", "ReferenceServer", "GBFuzzTestKit",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReportTests",
            dependencies: ["Report", "Load", .product(name: "Histogram", package: "hdrhistogram-swift")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReferenceServerTests",
            dependencies: ["ReferenceServer", "Protocol", "Transport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Runner", "Fuzz", "Model", "Load", "Report", "ReferenceServer", "Protocol", "Transport"],
            swiftSettings: swiftSettings
        ),
    ]
)
